import type { Metadata } from 'next'
import Link from 'next/link'
import { currentUser } from '@/auth/current-user'
import { choiceNames } from '@/catalog/wizard-choices'
import { formatDate } from '@/i18n/format-date'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { payloadClient } from '@/site/payload'
import { LEGAL_ROUTES } from '@/site/routes'
import { parseOrderNumber } from '@/withdrawals/declaration'
import { withdrawalPrefill } from '@/withdrawals/prefill'
import { type OrderOption, WithdrawalForm } from '@/components/withdrawal/WithdrawalForm'
import { packageLabel } from '@/rules/choices'

type Props = { searchParams: Promise<{ order?: string | string[] }> }

/**
 * The page of the online withdrawal function, at /vertrag-widerrufen and /en/withdraw (the route
 * fixes the language, src/proxy.ts). Open to everyone; a logged-in customer finds name, e-mail and
 * their orders filled in, and `?order=42` (the order page's link) picks that order.
 */
export function withdrawalFormPage() {
  async function generateMetadata(): Promise<Metadata> {
    const { t } = await requestTranslation()
    return { title: t('withdrawalForm.title'), description: t('withdrawalForm.intro') }
  }

  async function Page({ searchParams }: Props) {
    const payload = await payloadClient()
    const [{ locale, t }, user, query] = await Promise.all([requestTranslation(), currentUser(payload), searchParams])
    const prefill = user ? await withdrawalPrefill(payload, user) : null
    const names = prefill?.orders.length ? await choiceNames(payload, locale) : null
    const orders: OrderOption[] = (prefill?.orders ?? []).map((order) => ({
      id: order.id,
      label: t('withdrawalForm.orderChoice', {
        id: order.id,
        date: formatDate(order.createdAt, locale),
        package: packageLabel({ package: order.package, package_name: order.packageName }, names?.packages),
      }),
    }))
    const requested = typeof query.order === 'string' ? parseOrderNumber(query.order) : null
    return (
      <>
        <h1>{t('withdrawalForm.title')}</h1>
        <p>{t('withdrawalForm.intro')}</p>
        <p className="muted">
          {t('withdrawalForm.instructionsBefore')}
          <Link prefetch={false} href={LEGAL_ROUTES.withdrawal[locale]}>
            {t('withdrawalForm.instructionsLink')}
          </Link>
          {t('withdrawalForm.instructionsAfter')}
        </p>
        <WithdrawalForm
          labels={messagesFor(locale).withdrawalForm}
          locale={locale}
          start={{ name: prefill?.name ?? '', email: prefill?.email ?? '', orderNumber: requested ? String(requested) : '' }}
          orders={orders}
        />
      </>
    )
  }
  return { generateMetadata, Page }
}
