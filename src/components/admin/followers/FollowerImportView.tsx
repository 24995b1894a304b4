import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import { isAdminUser } from '@/auth/roles'
import { adminT } from '../admin-i18n'
import { FollowerImportForm } from './FollowerImportForm'

/** /admin/follower-import: the seller uploads a CSV of existing subscribers; each gets a confirmation mail first. */
export function FollowerImportView({ initPageResult }: AdminViewServerProps) {
  const { i18n, user } = initPageResult.req
  const t = adminT(i18n)
  return (
    <Gutter>
      <h1>{t('shop:followerImport:title')}</h1>
      {isAdminUser(user) ? (
        <>
          <p style={{ maxWidth: '48rem' }}>{t('shop:followerImport:intro')}</p>
          <FollowerImportForm />
        </>
      ) : null}
    </Gutter>
  )
}
