import type { PayloadRequest } from 'payload'
import { formatDate } from '@/i18n/format-date'
import { formatPrice } from '@/i18n/format-price'
import { countryName, EU_VAT_RATES_CHECKED, OSS_THRESHOLD_CENTS } from '@/rules/digital-vat'
import { toEuros } from '@/rules/pricing'
import { contradictingCountryEvidence, euDistanceSales, salesFigures, type Takings } from '@/sales-figures/sales-figures'
import { adminLocale, adminT } from '../admin-i18n'

/**
 * The dashboard's sales (commissions beside catalog purchases: today, this month, by album and
 * track) and the EU distance sales against the € 10,000 threshold, with the purchases whose
 * country evidence contradicts (issue 33). Rendered only for the seller (the dashboard is hers).
 */
export async function SalesBoxes({ req }: { req: PayloadRequest }) {
  const { payload, i18n, user } = req
  const t = adminT(i18n)
  const locale = adminLocale(i18n.language)
  const [sales, euSales, contradictions, settings] = await Promise.all([
    salesFigures(payload),
    euDistanceSales(payload),
    contradictingCountryEvidence(payload),
    payload.findGlobal({ slug: 'settings', depth: 0, user: user ?? undefined, overrideAccess: false, req }),
  ])
  const money = (cents: number) => formatPrice(toEuros(cents), locale)
  const takings = ({ count, grossCents }: Takings) => t('shop:salesFigures:countAndSum', { count, sum: money(grossCents) })
  const percentOfThreshold = (cents: number) => Math.floor((cents * 100) / OSS_THRESHOLD_CENTS)
  const warning = settings.oss_registered
    ? null
    : euSales.state === 'near'
      ? t('shop:salesFigures:near')
      : euSales.state === 'reached'
        ? t('shop:salesFigures:reached')
        : null

  return (
    <>
      <section aria-labelledby="shop-dashboard-sales" data-sales="">
        <h2 id="shop-dashboard-sales">{t('shop:salesFigures:title')}</h2>
        <p>{t('shop:salesFigures:hint')}</p>
        <table className="shop-dashboard__table">
          <thead>
            <tr>
              <th scope="col">{t('shop:salesFigures:kind')}</th>
              <th scope="col">{t('shop:salesFigures:today')}</th>
              <th scope="col">{t('shop:salesFigures:thisMonth')}</th>
            </tr>
          </thead>
          <tbody>
            {(['commissions', 'purchases'] as const).map((source) => (
              <tr key={source} data-source={source}>
                <th scope="row">{t(`shop:salesFigures:${source}`)}</th>
                <td>{takings(sales.today[source])}</td>
                <td>{takings(sales.month[source])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 id="shop-dashboard-items">{t('shop:salesFigures:itemsThisMonth')}</h3>
        {sales.itemsThisMonth.length === 0 ? (
          <p>{t('shop:salesFigures:noItems')}</p>
        ) : (
          <table className="shop-dashboard__table" aria-labelledby="shop-dashboard-items">
            <thead>
              <tr>
                <th scope="col">{t('shop:salesFigures:item')}</th>
                <th scope="col">{t('shop:salesFigures:count')}</th>
                <th scope="col">{t('shop:salesFigures:gross')}</th>
              </tr>
            </thead>
            <tbody>
              {sales.itemsThisMonth.map((item) => (
                <tr key={`${item.kind}-${item.id}`}>
                  <td>
                    {item.kind === 'music-group' ? t('shop:salesFigures:album') : t('shop:salesFigures:track')}:{' '}
                    {item.id === null ? (
                      item.title
                    ) : (
                      <a href={`/admin/collections/${item.kind === 'music-group' ? 'music-groups' : 'tracks'}/${item.id}`}>{item.title}</a>
                    )}
                  </td>
                  <td>{item.count}</td>
                  <td>{money(item.grossCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="shop-dashboard-eu-sales" data-eu-sales={euSales.state}>
        <h2 id="shop-dashboard-eu-sales">{t('shop:salesFigures:euTitle')}</h2>
        <p>{t('shop:salesFigures:euHint')}</p>
        <ul>
          {(
            [
              [euSales.thisYear, euSales.thisYearNetCents],
              [euSales.thisYear - 1, euSales.lastYearNetCents],
            ] as const
          ).map(([year, cents]) => (
            <li key={year}>{t('shop:salesFigures:year', { year, sum: money(cents), percent: percentOfThreshold(cents) })}</li>
          ))}
        </ul>
        {warning ? (
          <p className="shop-dashboard__warning" role="alert">
            {warning}
          </p>
        ) : null}
        {settings.oss_registered ? <p>{t('shop:salesFigures:ossRegistered', { checked: formatDate(EU_VAT_RATES_CHECKED, locale) })}</p> : null}
        <p>
          <a href="/admin/globals/settings">{t('shop:salesFigures:settings')}</a>
        </p>
        <h3 id="shop-dashboard-contradictions">{t('shop:salesFigures:contradictions')}</h3>
        <p>{t('shop:salesFigures:contradictionsHint')}</p>
        {contradictions.length === 0 ? (
          <p>{t('shop:salesFigures:noContradictions')}</p>
        ) : (
          <ul data-contradictions="">
            {contradictions.map((purchase) => (
              <li key={purchase.id}>
                <a href={`/admin/collections/purchases/${purchase.id}`}>
                  {t('shop:salesFigures:purchase')} {purchase.id}
                </a>
                {' – '}
                {t('shop:salesFigures:countries', { billing: countryName(purchase.billingCountry, locale), card: countryName(purchase.cardCountry, locale) })}
                {' – '}
                {formatDate(purchase.paidAt, locale)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
