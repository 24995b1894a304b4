/**
 * The cart lives in the browser (spec sections 3 and 4): localStorage under "cart", quantity
 * always 1. Changes are announced so the header's count updates at once, in other tabs too.
 */
export const CART_STORAGE_KEY = 'cart'
const CART_CHANGED = 'cart-changed'

export type CartItem = {
  id: string
  packageId: string
  typeId: string
  theme: string
  note: string
  spotifyOption: boolean
  audioFile: string | null
  price: number
}

const isCartItem = (value: unknown): value is CartItem =>
  typeof value === 'object' && value !== null && typeof (value as CartItem).packageId === 'string'

export function readCart(): CartItem[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')
    return Array.isArray(stored) ? stored.filter(isCartItem) : []
  } catch {
    return []
  }
}

export function writeCart(items: CartItem[]): void {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
  window.dispatchEvent(new Event(CART_CHANGED))
}

export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => event.key === CART_STORAGE_KEY && onChange()
  window.addEventListener(CART_CHANGED, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CART_CHANGED, onChange)
    window.removeEventListener('storage', onStorage)
  }
}
