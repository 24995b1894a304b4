'use client'

import { useTranslation } from '@payloadcms/ui'
import Link from 'next/link'

/** A link in the admin's navigation to the users list narrowed to customers, so the seller finds them at once. */
export function CustomersNavLink() {
  const { i18n } = useTranslation()
  return (
    <Link className="nav__link" href="/admin/collections/users?where[role][equals]=customer" style={{ marginTop: 'var(--base)' }}>
      <span className="nav__link-label">{i18n.language === 'en' ? 'Customers' : 'Kunden'}</span>
    </Link>
  )
}
