'use client'

import { useSyncExternalStore } from 'react'
import { type CartItem, parseCart, readCartText, subscribeToCart } from './cart-storage'

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
