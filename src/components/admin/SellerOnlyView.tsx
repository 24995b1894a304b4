import type { AdminViewServerProps } from 'payload'
import { adminTexts } from './texts'

/**
 * /admin/unauthorized: where Payload sends a logged-in customer who opens the admin (Users'
 * access.admin lets only the seller in). No data, only the way to the seller's login, which
 * /admin/logout opens after ending the customer's session, and the way back to the shop.
 */
export function SellerOnlyView({ initPageResult }: AdminViewServerProps) {
  const texts = adminTexts(initPageResult.req.i18n.language).sellerOnly
  return (
    <div className="shop-seller-only">
      <h1>{texts.title}</h1>
      <p>{texts.text}</p>
      <p>
        <a className="btn btn--style-primary btn--size-large" href="/admin/logout">
          {texts.logIn}
        </a>
      </p>
      <p>
        <a href="/account">{texts.back}</a>
      </p>
    </div>
  )
}
