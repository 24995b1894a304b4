import type { AdminViewServerProps } from 'payload'
import { SellerLoginForm } from './SellerLoginForm'
import { adminT } from './admin-i18n'

/**
 * /admin/unauthorized: where Payload sends a logged-in customer who opens the admin (Users'
 * access.admin lets only the seller in). No data: the seller's login form, and the way back to
 * the shop.
 */
export function SellerOnlyView({ initPageResult }: AdminViewServerProps) {
  const t = adminT(initPageResult.req.i18n)
  return (
    <div className="shop-seller-only">
      <h1>{t('shop:sellerOnly:title')}</h1>
      <p>{t('shop:sellerOnly:text')}</p>
      <h2>{t('shop:sellerOnly:logIn')}</h2>
      <SellerLoginForm />
      <p>
        <a href="/account">{t('shop:sellerOnly:back')}</a>
      </p>
    </div>
  )
}
