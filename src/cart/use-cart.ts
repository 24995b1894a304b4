'use client'

import { useSyncExternalStore } from 'react'
import { type CartItem, type CatalogCartItem, parseCart, parseCatalogItems, readCartText, subscribeToCart } from './cart-storage'

let lastText: string | null | undefined
let lastItems: CartItem[] = []

/** The same array for the same stored text, as useSyncExternalStore requires of a snapshot. */
function cartSnapshot(): CartItem[] {
  const text = readCartText()
  if (text !== lastText) {
    lastText = text
    lastItems = parseCart(text)
  }
  return lastItems
}

const serverSnapshot = (): null => null

/**
 * The browser's cart, kept current (other tabs included). Null while rendering on the server and
 * during hydration, where the cart cannot be known: show a loading state then.
 */
export function useCart(): CartItem[] | null {
  return useSyncExternalStore(subscribeToCart, cartSnapshot, serverSnapshot)
}

let lastCatalogText: string | null | undefined
let lastCatalogItems: CatalogCartItem[] = []

function catalogSnapshot(): CatalogCartItem[] {
  const text = readCartText()
  if (text !== lastCatalogText) {
    lastCatalogText = text
    lastCatalogItems = parseCatalogItems(text)
  }
  return lastCatalogItems
}

/** The albums and tracks in the browser's cart (issue 33), kept current like useCart(); null on the server. */
export function useCatalogCart(): CatalogCartItem[] | null {
  return useSyncExternalStore(subscribeToCart, catalogSnapshot, serverSnapshot)
}
