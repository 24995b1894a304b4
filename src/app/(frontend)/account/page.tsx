import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { accountName } from '@/auth/account-name'
import { currentUser } from '@/auth/current-user'
import { choiceNames } from '@/catalog/wizard-choices'
import { DeleteAccountForm } from '@/components/account/DeleteAccountForm'
import { EmailConfirmationNote } from '@/components/account/EmailConfirmationNote'
import { OrderList } from '@/components/account/OrderList'
import { PurchaseList } from '@/components/account/PurchaseList'
import { SavedSongsList } from '@/components/offline/SavedSongsList'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { WITHDRAWAL_FORM_ROUTES } from '@/site/routes'
import { listOwnOrders } from '@/payments/my-orders'
import { listOwnPurchases } from '@/purchases/own-purchase'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('account.title'), robots: { index: false } }
}

/** The customer's orders (spec section 2) and, when there are any, their purchases of albums, tracks and tips (issue 33); login required. */
export default async function AccountPage() {
  const payload = await payloadClient()
  const [{ locale, t }, user] = await Promise.all([requestTranslation(), currentUser(payload)])
  if (!user) redirect('/login')
  const [orders, names, purchases] = await Promise.all([listOwnOrders(payload, user), choiceNames(payload, locale), listOwnPurchases(payload, user)])
  return (
    <>
      <h1>{t('account.title')}</h1>
      <p className="muted">{t('account.greeting', { name: accountName(user) })}</p>
      {!user.email_confirmed_at && <EmailConfirmationNote email={user.email} labels={messagesFor(locale).emailConfirmation} />}
      <p>
        <Link prefetch={false} href="/account/music">
          {t('myMusic.link')}
        </Link>
      </p>
      <h2>{t('account.ordersTitle')}</h2>
      <OrderList orders={orders} labels={messagesFor(locale).account} paymentLabels={messagesFor(locale).orderPage} names={names} locale={locale} />
      {purchases.length > 0 && (
        <section aria-labelledby="purchases-title">
          <h2 id="purchases-title">{t('catalogPurchase.listTitle')}</h2>
          <PurchaseList purchases={purchases} messages={messagesFor(locale)} locale={locale} />
        </section>
      )}
      <SavedSongsList accountId={user.id} locale={locale} labels={messagesFor(locale).offline} />
      <p>
        <Link prefetch={false} href={WITHDRAWAL_FORM_ROUTES[locale]}>
          {t('withdrawalForm.link')}
        </Link>
      </p>
      {user.role === 'customer' && <DeleteAccountForm labels={messagesFor(locale).accountDeletion} />}
    </>
  )
}
