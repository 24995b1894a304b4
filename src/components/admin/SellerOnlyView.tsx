import type { AdminViewServerProps } from 'payload'
import { SellerLoginForm } from './SellerLoginForm'
import { adminTexts } from './texts'

/**
 * /admin/unauthorized: where Payload sends a logged-in customer who opens the admin (Users'
 * access.admin lets only the seller in). No data: the seller's login form, and the way back to
 * the shop.
 */
export function SellerOnlyView({ initPageResult }: AdminViewServerProps) {
  const texts = adminTexts(initPageResult.req.i18n.language).sellerOnly
  return (
    <div className="shop-seller-only">
      <h1>{texts.title}</h1>
      <p>{texts.text}</p>
      <h2>{texts.logIn}</h2>
      <SellerLoginForm texts={texts.form} />
      <p>
        <a href="/account">{texts.back}</a>
      </p>
    </div>
  )
}
