'use client'

import { IntentLink } from '@/components/navigation/IntentLink'
import { usePathname } from 'next/navigation'
import { useSyncExternalStore } from 'react'
import { cartCount, subscribeToCart } from '@/cart/cart-storage'

export type CartLinkLabels = { cart: string; one: string; other: string; locale: string }

/** "Cart" with the number of items in the browser's cart, updated as soon as it changes. */
export function CartLink({ labels }: { labels: CartLinkLabels }) {
  const count = useSyncExternalStore(subscribeToCart, cartCount, () => 0)
  const pathname = usePathname()
  const form = new Intl.PluralRules(labels.locale).select(count) === 'one' ? labels.one : labels.other
  return (
    <IntentLink
      href="/cart"
      aria-label={count > 0 ? form.replace('{{count}}', String(count)) : labels.cart}
      aria-current={pathname === '/cart' ? 'page' : undefined}
    >
      {labels.cart}
      {count > 0 && (
        <span className="cart-count" aria-hidden="true">
          {count}
        </span>
      )}
    </IntentLink>
  )
}
