import type { Payload, TypedUser } from 'payload'
import type { ReactNode } from 'react'
import type { Order } from '../../../payload-types'
import { downloadFormatsFor, masterFormatOf } from '@/downloads/formats'
import { formatDate, formatDateTime } from '@/i18n/format-date'
import { fillTemplate } from '@/i18n/fill-template'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import { deliveredSongs, hasDeliveredSong } from '@/orders/delivered-songs'
import { peaksUrlOf } from '@/player/peaks'
import { revisionAllowance } from '@/revisions/allowance'
import { REVISION_MESSAGE_LIMITS } from '@/revisions/limits'
import { songVersions } from '@/revisions/song-versions'
import { DEDICATION_MAX_LENGTH } from '@/gifts/limits'
import { GiftLinks } from './GiftLinks'
import { RevisionRequestForm } from './RevisionRequestForm'
import { SongVersions, type VersionView } from './SongVersions'
import styles from './OrderPage.module.css'
import { idOf } from '@/site/relation-id'

type Props = { payload: Payload; viewer: TypedUser; order: Order; locale: Locale; messages: Messages; confirmation: ReactNode }

/**
 * The order page once the song is delivered: its versions with players and downloads, the wish
 * for a revision (owner only, while the package allows one), the "happy" confirmation, and the
 * gift links. Revision requests and gift links are read as the viewer.
 */
export async function AfterDelivery({ payload, viewer, order, locale, messages, confirmation }: Props) {
  const labels = messages.afterDelivery
  const isOwner = idOf(order.customer) === viewer.id
  const [{ docs: revisions }, { docs: giftLinks }, allowance] = await Promise.all([
    payload.find({
      collection: 'revision-requests',
      where: { order: { equals: order.id } },
      sort: 'createdAt',
      depth: 0,
      pagination: false,
      user: viewer,
      overrideAccess: false,
    }),
    payload.find({
      collection: 'gift-links',
      where: { order: { equals: order.id } },
      sort: '-createdAt',
      depth: 0,
      pagination: false,
      user: viewer,
      overrideAccess: false,
    }),
    revisionAllowance(payload, order),
  ])

  const songTitle = (description: string) => description || messages.account.delivery
  const versions: VersionView[] = songVersions(order, revisions).map(({ version, songs, revision }) => ({
    version,
    heading: fillTemplate(labels.version, { n: version }),
    songs: songs.map((song) => {
      const master = masterFormatOf(song.audio.filename ?? '')
      return {
        audioId: song.audio.id,
        url: song.audio.url ?? null,
        peaks: peaksUrlOf(song.audio),
        caption: songTitle(song.description),
        downloads: downloadFormatsFor(song.audio.filename ?? '').map((format) => ({
          format,
          label:
            format === 'mp3'
              ? labels.downloadMp3
              : fillTemplate(master.lossless ? labels.downloadOriginalLossless : labels.downloadOriginal, { format: master.name }),
        })),
      }
    }),
    revision: revision
      ? { intro: fillTemplate(labels.yourWish, { n: version, date: formatDateTime(revision.createdAt, locale) }), message: revision.message }
      : null,
  }))

  // The newest version first: the one a customer most likely wants to give.
  const songChoices = [...deliveredSongs(order)]
    .sort((a, b) => b.version - a.version)
    .map((song) => ({ audioId: song.audio.id, label: `${fillTemplate(labels.version, { n: song.version })}: ${songTitle(song.description)}` }))
  const songLabel = new Map(songChoices.map((choice) => [choice.audioId, choice.label]))
  const links = giftLinks.map((link) => {
    const created = formatDate(link.createdAt, locale)
    return {
      id: link.id,
      song: songLabel.get(idOf(link.audio)) ?? messages.account.delivery,
      dedication: link.dedication ?? '',
      created: fillTemplate(labels.giftCreatedOn, { date: created }),
      revoked: link.revoked_at ? fillTemplate(labels.giftRevoked, { date: formatDate(link.revoked_at, locale) }) : null,
      revokeLabel: fillTemplate(labels.giftRevokeOf, { date: created }),
    }
  })
  const mayAskForRevision = isOwner && order.status === 'delivered' && !order.confirmed_by_user

  return (
    <>
      <section className="card" aria-labelledby="order-song-title">
        <h2 id="order-song-title">{labels.versionsTitle}</h2>
        <SongVersions
          orderId={order.id}
          versions={versions}
          labels={labels}
          offline={{ accountId: viewer.id, orderLabel: fillTemplate(messages.account.order, { id: order.id }), locale, labels: messages.offline }}
        />
        {mayAskForRevision &&
          (allowance.left > 0 ? (
            <RevisionRequestForm
              orderId={order.id}
              labels={{
                ...labels,
                revisionHint: fillTemplate(labels.revisionHint, {
                  min: REVISION_MESSAGE_LIMITS.min,
                  max: REVISION_MESSAGE_LIMITS.max,
                  left: allowance.left,
                  included: allowance.included,
                }),
              }}
            />
          ) : (
            <p className="muted">{labels.revisionsUsed}</p>
          ))}
        {confirmation}
      </section>
      {isOwner && hasDeliveredSong(order) && (
        <section className="card" aria-labelledby="order-gift-title">
          <h2 id="order-gift-title">{labels.giftTitle}</h2>
          <p className="muted">{labels.giftIntro}</p>
          <div className={styles.nestedSection}>
            <GiftLinks
              orderId={order.id}
              songs={songChoices}
              links={links}
              labels={{ ...labels, giftDedication: fillTemplate(labels.giftDedication, { max: DEDICATION_MAX_LENGTH }) }}
            />
          </div>
        </section>
      )}
    </>
  )
}
