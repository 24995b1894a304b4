'use client'

import { useTranslation } from '@payloadcms/ui'
import Link from 'next/link'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'

/** A link in the admin's navigation to the users list narrowed to customers, so the seller finds them at once. */
export function CustomersNavLink() {
  const { t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  return (
    <Link className="nav__link" href="/admin/collections/users?where[role][equals]=customer" style={{ marginTop: 'var(--base)' }}>
      <span className="nav__link-label">{t('shop:customers')}</span>
    </Link>
  )
}
