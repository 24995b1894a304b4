/**
 * The cart lives in the browser (spec sections 3 and 4): localStorage under "cart", quantity
 * always 1. Changes are announced so the header's count updates at once, in other tabs too.
 */
import { CUSTOM_THEME } from '@/rules/choices'

export const CART_STORAGE_KEY = 'cart'
const CART_CHANGED = 'cart-changed'

/**
 * One custom song. `price` is the total the wizard showed when it was added; the cart and the
 * checkout show the server's current price (src/checkout/display-prices.ts), and the server
 * prices the order itself.
 */
export type CartItem = {
  id: string
  /** Package slug. */
  packageId: string
  /** Use-type slug. */
  typeId: string
  /** Focus-theme slug. */
  theme: string
  /** Free text, only when theme is CUSTOM_THEME, else ''. */
  customTheme: string
  note: string
  spotifyOption: boolean
  /** Key of the voice recording in IndexedDB (recording-store.ts), or null. */
  audioFile: string | null
  /** Euros. */
  price: number
  /** Set at checkout once the order exists but its recording is not uploaded yet, so a retry does not order twice. */
  orderId?: number
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * A stored entry as a CartItem, or null when it is not one. Old or foreign content must never
 * break a page: missing optional fields get their defaults, anything without a package is dropped.
 */
function toCartItem(value: unknown, index: number): CartItem | null {
  if (typeof value !== 'object' || value === null) return null
  const entry = value as Record<string, unknown>
  if (typeof entry.packageId !== 'string' || !entry.packageId) return null
  const price = typeof entry.price === 'number' ? entry.price : Number(entry.price)
  const theme = text(entry.theme)
  return {
    id: text(entry.id) || `item-${index + 1}`,
    packageId: entry.packageId,
    typeId: text(entry.typeId),
    theme,
    customTheme: theme === CUSTOM_THEME ? text(entry.customTheme) : '',
    note: text(entry.note),
    spotifyOption: entry.spotifyOption === true,
    audioFile: typeof entry.audioFile === 'string' && entry.audioFile ? entry.audioFile : null,
    price: Number.isFinite(price) && price >= 0 ? price : 0,
    ...(Number.isInteger(entry.orderId) && (entry.orderId as number) > 0 && { orderId: entry.orderId as number }),
  }
}

/** Parses what localStorage holds under "cart" (exported for snapshot caching in use-cart.ts). */
export function parseCart(stored: string | null): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.map(toCartItem).filter((item): item is CartItem => item !== null)
  } catch {
    return []
  }
}

function storedCart(): string | null {
  try {
    return localStorage.getItem(CART_STORAGE_KEY)
  } catch {
    // Storage disabled (privacy settings): an empty cart rather than a broken page.
    return null
  }
}

export function readCart(): CartItem[] {
  return parseCart(storedCart())
}

/** Also exported for callers that keep the raw text to compare snapshots. */
export const readCartText = storedCart

export function writeCart(items: CartItem[]): void {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items))
  window.dispatchEvent(new Event(CART_CHANGED))
}

export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => (event.key === CART_STORAGE_KEY || event.key === null) && onChange()
  window.addEventListener(CART_CHANGED, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(CART_CHANGED, onChange)
    window.removeEventListener('storage', onStorage)
  }
}

/** Appends one custom song (quantity is always 1, so every item is its own entry). */
export function addToCart(item: CartItem): void {
  writeCart([...readCart().filter((existing) => existing.id !== item.id), item])
}

/** Removes the item from the stored cart at once, then deletes its recording from IndexedDB. */
export async function removeFromCart(id: string): Promise<void> {
  const items = readCart()
  const removed = items.filter((item) => item.id === id)
  writeCart(items.filter((item) => item.id !== id))
  await deleteRecordingsOf(removed)
}

/** Empties the cart (after checkout, for example) and deletes every recording it held. */
export async function clearCart(): Promise<void> {
  const items = readCart()
  writeCart([])
  await deleteRecordingsOf(items)
}

/** A fresh item id (crypto.randomUUID needs a secure context; plain-HTTP trials have none). */
export function newCartItemId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

async function deleteRecordingsOf(items: CartItem[]): Promise<void> {
  const keys = items.map((item) => item.audioFile).filter((key): key is string => key !== null)
  if (keys.length === 0) return
  // Loaded on demand: the header's cart count (on every page) needs no IndexedDB code.
  const { deleteRecording } = await import('./recording-store')
  // A recording that cannot be deleted (IndexedDB unavailable) must not block the cart.
  await Promise.allSettled(keys.map((key) => deleteRecording(key)))
}
