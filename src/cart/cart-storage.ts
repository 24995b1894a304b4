/**
 * The cart lives in the browser (spec sections 3 and 4): localStorage under "cart", quantity
 * always 1. Changes are announced so the header's count updates at once, in other tabs too.
 */
import { CATALOG_ITEM_KINDS, type CatalogItemKind, SALE_FORMATS, type SaleFormat } from '@/rules/catalog-sale'
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

/**
 * An album or track from the catalog (issue 33), stored beside the custom songs in the same list
 * with a shape of its own: `kind` tells them apart (a custom song has none). One entry per album or
 * track (`id` is `{kind}-{itemId}`); adding it again replaces the amount. `amount` is what the
 * server's check (POST /api/cart/items/) answered, in euros; the checkout checks it again.
 */
export type CatalogCartItem = { id: string; kind: CatalogItemKind; itemId: number; title: string; amount: number; formats: SaleFormat[] }

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** A stored entry as a CatalogCartItem, or null when it is none (a custom song, or broken). */
function toCatalogItem(value: unknown): CatalogCartItem | null {
  if (typeof value !== 'object' || value === null) return null
  const entry = value as Record<string, unknown>
  if (!CATALOG_ITEM_KINDS.includes(entry.kind as CatalogItemKind) || !Number.isInteger(entry.itemId) || (entry.itemId as number) < 1) return null
  if (typeof entry.amount !== 'number' || !Number.isFinite(entry.amount) || entry.amount < 0) return null
  const kind = entry.kind as CatalogItemKind
  const itemId = entry.itemId as number
  const formats = Array.isArray(entry.formats) ? entry.formats.filter((format): format is SaleFormat => SALE_FORMATS.includes(format)) : []
  return { id: `${kind}-${itemId}`, kind, itemId, title: text(entry.title), amount: entry.amount, formats }
}

/**
 * A stored entry as a CartItem, or null when it is not one. Old or foreign content must never
 * break a page: missing optional fields get their defaults, anything without a package is dropped.
 */
function toCartItem(value: unknown, index: number): CartItem | null {
  if (typeof value !== 'object' || value === null) return null
  const entry = value as Record<string, unknown>
  if (typeof entry.packageId !== 'string' || !entry.packageId || 'kind' in entry) return null
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

function storedEntries(stored: string | null): unknown[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]')
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}

/** The custom songs of what localStorage holds under "cart" (exported for snapshot caching in use-cart.ts). */
export const parseCart = (stored: string | null): CartItem[] =>
  storedEntries(stored)
    .map(toCartItem)
    .filter((item): item is CartItem => item !== null)

/** The albums and tracks of what localStorage holds under "cart", one per album or track. */
export function parseCatalogItems(stored: string | null): CatalogCartItem[] {
  const items = new Map<string, CatalogCartItem>()
  for (const item of storedEntries(stored).map(toCatalogItem)) if (item) items.set(item.id, item)
  return [...items.values()]
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

function writeEntries(entries: (CartItem | CatalogCartItem)[]): void {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(entries))
  window.dispatchEvent(new Event(CART_CHANGED))
}

/** Stores the custom songs, keeping the albums and tracks beside them. */
export const writeCart = (items: CartItem[]): void => writeEntries([...items, ...readCatalogItems()])

export const readCatalogItems = (): CatalogCartItem[] => parseCatalogItems(storedCart())

/** Adds an album or track the server checked, or replaces its amount. */
export function addCatalogItem(item: CatalogCartItem): void {
  writeEntries([...readCart(), ...readCatalogItems().filter((stored) => stored.id !== item.id), item])
}

export function removeCatalogItem(id: string): void {
  writeEntries([...readCart(), ...readCatalogItems().filter((stored) => stored.id !== id)])
}

/** How many entries the cart holds, custom songs and albums or tracks (the header's count). */
export const cartCount = (): number => {
  const stored = storedCart()
  return parseCart(stored).length + parseCatalogItems(stored).length
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
