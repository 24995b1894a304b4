import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps, Where } from 'payload'
import { formatDate, formatDateTime } from '@/i18n/format-date'
import { formatPrice } from '@/i18n/format-price'
import { type OrderStatus, TO_COMPOSE_STATUSES, WORK_STATUSES } from '@/orders/status'
import { DueDate } from '../orders/DueDateCell'
import { ordersWith } from '../orders/list-links'
import { choiceNames } from '@/catalog/wizard-choices'
import { customerById } from '../orders/lookups'
import { StatusLabel } from '../orders/StatusLabel'
import { adminLocale, adminT, valueLabel } from '../admin-i18n'
import { idOf } from '@/site/relation-id'
import { packageLabel } from '@/rules/choices'
import { mailingProgress } from '@/mailings/release-mailing'
import { followersPerWeek } from '@/followers/weekly-counts'
import { SalesBoxes } from './SalesBoxes'

const OLDEST_SHOWN = 8
const LATEST_SHOWN = 3
const LATEST_MAILINGS_SHOWN = 5

/**
 * The admin's home page answers "what do I have to do today": open commissions counted by status
 * (each a link to the list), the oldest ones still to compose with their due dates, and new
 * contact messages and withdrawals. Read through the Local API as the logged-in seller.
 */
export async function Dashboard({ initPageResult }: AdminViewServerProps) {
  const { req } = initPageResult
  const { payload, i18n, user } = req
  const t = adminT(i18n)
  const locale = adminLocale(i18n.language)
  const asSeller = { user: user ?? undefined, overrideAccess: false, req } as const
  const statusIn = (statuses: readonly OrderStatus[]): Where => ({ status: { in: statuses as OrderStatus[] } })

  const groups: { label: string; statuses: readonly OrderStatus[] }[] = [
    { label: t('shop:dashboard:pendingPayment'), statuses: ['pending_payment'] },
    { label: t('shop:dashboard:toCompose'), statuses: TO_COMPOSE_STATUSES },
    { label: t('shop:dashboard:deliveredWaiting'), statuses: ['delivered'] },
    { label: t('shop:dashboard:revisionRequested'), statuses: ['revision_requested'] },
  ]
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString()
  const followerCounts = Promise.all([
    payload.count({ collection: 'followers', where: { status: { equals: 'confirmed' } }, ...asSeller }),
    payload.count({ collection: 'followers', where: { status: { equals: 'pending' } }, ...asSeller }),
    payload.count({ collection: 'followers', where: { status: { equals: 'unsubscribed' } }, ...asSeller }),
    payload.count({ collection: 'followers', where: { and: [{ status: { equals: 'confirmed' } }, { confirmed_at: { greater_than: weekAgo } }] }, ...asSeller }),
    payload.count({ collection: 'followers', where: { and: [{ status: { equals: 'confirmed' } }, { bounced_at: { exists: true } }] }, ...asSeller }),
  ])
  // The latest mails to followers about a release, each with its progress.
  const latestMailings = payload
    .find({ collection: 'follower-mailings', sort: '-requested_at', limit: LATEST_MAILINGS_SHOWN, depth: 0, ...asSeller })
    .then(async ({ docs }) => ({
      docs,
      progress: await mailingProgress(
        payload,
        docs.map((mailing) => mailing.id),
      ),
    }))
  const [counts, oldest, messages, withdrawals, names, incidents, followers, mailings, weeks] = await Promise.all([
    Promise.all(groups.map(({ statuses }) => payload.count({ collection: 'orders', where: statusIn(statuses), ...asSeller }))),
    // Oldest first: whoever has waited longest; a passed due date shows in red (the list sorts by due date).
    payload.find({ collection: 'orders', where: statusIn(WORK_STATUSES), sort: 'createdAt', limit: OLDEST_SHOWN, depth: 0, ...asSeller }),
    payload.find({ collection: 'contact-messages', where: { status: { equals: 'new' } }, sort: '-createdAt', limit: LATEST_SHOWN, depth: 0, ...asSeller }),
    payload.find({ collection: 'withdrawals', where: { status: { equals: 'new' } }, sort: '-received_at', limit: LATEST_SHOWN, depth: 0, ...asSeller }),
    choiceNames(payload, locale),
    payload.find({
      collection: 'orders',
      where: { 'payment_incidents.resolved': { equals: false } },
      sort: '-updatedAt',
      pagination: false,
      depth: 0,
      ...asSeller,
    }),
    followerCounts,
    latestMailings,
    followersPerWeek(payload),
  ])
  const openIncidents = incidents.docs.flatMap((order) =>
    (order.payment_incidents ?? []).filter((incident) => !incident.resolved).map((incident) => ({ order: order.id, ...incident })),
  )
  const customers = await Promise.all(oldest.docs.map((order) => customerById(payload, idOf(order.customer))))

  return (
    <Gutter className="shop-dashboard">
      <h1>{t('shop:dashboard:title')}</h1>

      {openIncidents.length > 0 ? (
        <section aria-labelledby="shop-dashboard-incidents" className="shop-dashboard__incidents">
          <h2 id="shop-dashboard-incidents">
            {t('shop:dashboard:paymentIncidents')}: {openIncidents.length}
          </h2>
          <p>{t('shop:dashboard:paymentIncidentsHint')}</p>
          <ul>
            {openIncidents.map((incident) => (
              <li key={incident.id ?? incident.reference}>
                <a href={`/admin/collections/orders/${incident.order}`}>
                  {t('shop:dashboard:order')} {incident.order}
                </a>
                : {valueLabel(i18n, 'incidentKinds', incident.kind)}
                {incident.amount ? ` (${formatPrice(incident.amount, locale)})` : ''} – {incident.state}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="shop-dashboard-open">
        <h2 id="shop-dashboard-open">{t('shop:dashboard:open')}</h2>
        <ul className="shop-dashboard__counts">
          {groups.map((group, index) => (
            <li key={group.label}>
              <a href={ordersWith(group.statuses)}>
                <span className="shop-dashboard__count">{counts[index].totalDocs}</span>
                <span>{group.label}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="shop-dashboard-oldest">
        <h2 id="shop-dashboard-oldest">{t('shop:dashboard:oldest')}</h2>
        {oldest.docs.length === 0 ? (
          <p>{t('shop:dashboard:noneOpen')}</p>
        ) : (
          <table className="shop-dashboard__table">
            <thead>
              <tr>
                <th scope="col">{t('shop:dashboard:order')}</th>
                <th scope="col">{t('shop:dashboard:customer')}</th>
                <th scope="col">{t('shop:dashboard:package')}</th>
                <th scope="col">{t('shop:dashboard:status')}</th>
                <th scope="col">{t('shop:dashboard:due')}</th>
              </tr>
            </thead>
            <tbody>
              {oldest.docs.map((order, index) => (
                <tr key={order.id}>
                  <td>
                    <a href={`/admin/collections/orders/${order.id}`}>
                      {t('shop:dashboard:order')} {order.id}
                    </a>
                  </td>
                  <td>{customers[index]?.username ?? ''}</td>
                  <td>{packageLabel(order, names.packages)}</td>
                  <td>
                    <StatusLabel status={order.status} i18n={i18n} />
                  </td>
                  <td>{order.due_at ? <DueDate dueAt={order.due_at} status={order.status} i18n={i18n} /> : t('shop:dashboard:noDue')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          <a href="/admin/collections/orders">{t('shop:dashboard:allOrders')}</a>
        </p>
      </section>

      <SalesBoxes req={req} />

      <section aria-labelledby="shop-dashboard-followers">
        <h2 id="shop-dashboard-followers">{t('shop:dashboard:followers')}</h2>
        <ul className="shop-dashboard__counts" data-follower-counts="">
          {(
            [
              ['confirmed', t('shop:dashboard:followersConfirmed'), followers[0]],
              ['pending', t('shop:dashboard:followersPending'), followers[1]],
              ['unsubscribed', t('shop:dashboard:followersUnsubscribed'), followers[2]],
            ] as const
          ).map(([status, label, count]) => (
            <li key={status}>
              <a href={`/admin/collections/followers?where[status][equals]=${status}`}>
                <span className="shop-dashboard__count">{count.totalDocs}</span>
                <span>{label}</span>
              </a>
            </li>
          ))}
          <li>
            <span className="shop-dashboard__count">{followers[3].totalDocs}</span>
            <span>{t('shop:dashboard:followersThisWeek')}</span>
          </li>
          <li>
            <a href="/admin/collections/followers?where[bounced_at][exists]=true">
              <span className="shop-dashboard__count">{followers[4].totalDocs}</span>
              <span>{t('shop:dashboard:followersBouncing')}</span>
            </a>
          </li>
        </ul>
        <table className="shop-dashboard__table" data-follower-weeks="">
          <caption>{t('shop:dashboard:followersPerWeek')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shop:dashboard:weekOf')}</th>
              <th scope="col">{t('shop:dashboard:followersConfirmed')}</th>
              <th scope="col">{t('shop:dashboard:followersUnsubscribed')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <td>{formatDate(week.weekStart, locale)}</td>
                <td>{week.confirmed}</td>
                <td>{week.unsubscribed}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 id="shop-dashboard-mailings">{t('shop:dashboard:mailings')}</h3>
        {mailings.docs.length === 0 ? (
          <p>{t('shop:dashboard:noMailings')}</p>
        ) : (
          <table className="shop-dashboard__table" aria-labelledby="shop-dashboard-mailings" data-mailings="">
            <thead>
              <tr>
                <th scope="col">{t('shop:dashboard:mailingRelease')}</th>
                <th scope="col">{t('shop:dashboard:mailingStatus')}</th>
                <th scope="col">{t('shop:dashboard:mailingQueued')}</th>
                <th scope="col">{t('shop:dashboard:mailingSent')}</th>
                <th scope="col">{t('shop:dashboard:mailingFailed')}</th>
              </tr>
            </thead>
            <tbody>
              {mailings.docs.map((mailing) => {
                const progress = mailings.progress.get(mailing.id)
                return (
                  <tr key={mailing.id} data-mailing={mailing.id}>
                    <td>
                      <a href={`/admin/collections/${mailing.release_collection}/${mailing.release_id}`}>{mailing.title || mailing.release_key}</a>
                      {' – '}
                      {formatDateTime(mailing.requested_at, locale)}
                    </td>
                    <td>{t(`shop:releaseMailing:statuses:${mailing.status}`)}</td>
                    <td>{progress?.queued ?? 0}</td>
                    <td>{progress?.sent ?? 0}</td>
                    <td>{progress?.failed ?? 0}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
        <p>
          <a href="/admin/follower-import">{t('shop:dashboard:followersImport')}</a>
        </p>
      </section>

      <div className="shop-dashboard__inbox">
        <section aria-labelledby="shop-dashboard-messages">
          <h2 id="shop-dashboard-messages">
            {t('shop:dashboard:messages')}: {messages.totalDocs}
          </h2>
          {messages.docs.length === 0 ? <p>{t('shop:dashboard:noMessages')}</p> : null}
          <ul>
            {messages.docs.map((message) => (
              <li key={message.id}>
                <a href={`/admin/collections/contact-messages/${message.id}`}>{message.name}</a> – {formatDateTime(message.createdAt, locale)}
              </li>
            ))}
          </ul>
          <a href="/admin/collections/contact-messages?where[status][equals]=new">{t('shop:dashboard:showAll')}</a>
        </section>
        <section aria-labelledby="shop-dashboard-withdrawals">
          <h2 id="shop-dashboard-withdrawals">
            {t('shop:dashboard:withdrawals')}: {withdrawals.totalDocs}
          </h2>
          {withdrawals.docs.length === 0 ? <p>{t('shop:dashboard:noWithdrawals')}</p> : null}
          <ul>
            {withdrawals.docs.map((withdrawal) => (
              <li key={withdrawal.id}>
                <a href={`/admin/collections/withdrawals/${withdrawal.id}`}>{withdrawal.name}</a> – {withdrawal.order_number}
              </li>
            ))}
          </ul>
          <a href="/admin/collections/withdrawals?where[status][equals]=new">{t('shop:dashboard:showAll')}</a>
        </section>
      </div>
    </Gutter>
  )
}
