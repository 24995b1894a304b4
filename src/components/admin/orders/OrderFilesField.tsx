import type { ServerFieldBase } from 'payload'
import { adminT } from '../admin-i18n'
import { Waveform } from './Waveform'
import { idOf } from '@/site/relation-id'

type UploadRow = { id?: string; audio: number | { id: number }; description?: string | null; version?: number | null }

/**
 * In the order view: the customer's voice recordings and every version delivered so far, each with
 * its waveform and a player. The files come from /media/audio/…, which lets the seller's admin session hear them.
 */
export async function OrderFilesField({ data, i18n, payload, req }: ServerFieldBase) {
  const t = adminT(i18n)
  const rows = (data?.uploads ?? []) as UploadRow[]
  const ids = rows.map((row) => idOf(row.audio))
  const { docs } = ids.length
    ? await payload.find({ collection: 'audio', where: { id: { in: ids } }, pagination: false, depth: 0, user: req.user, overrideAccess: false, req })
    : { docs: [] }
  const byId = new Map(docs.map((doc) => [doc.id, doc]))
  const files = rows.flatMap((row, index) => {
    const audio = byId.get(ids[index])
    return audio?.url ? [{ key: row.id ?? String(index), audio, description: row.description, version: row.version }] : []
  })
  const recordings = files.filter((file) => file.audio.purpose === 'recording')
  const deliveries = files.filter((file) => file.audio.purpose !== 'recording')

  // Versions are numbered per revision round (collections/Orders/hooks/numberDeliveryVersions.ts); several files of one round are told apart.
  const perVersion = (version: number) => deliveries.filter((file, index) => (file.version ?? index + 1) === version).length
  const deliveryTitle = (version: number, index: number) => {
    if (perVersion(version) === 1) return t('shop:version', { version })
    const position = deliveries.slice(0, index + 1).filter((file, i) => (file.version ?? i + 1) === version).length
    return `${t('shop:version', { version })} (${position})`
  }

  const player = (file: (typeof files)[number], title: string) => (
    <li key={file.key} className="shop-files__item">
      <strong>{title}</strong>
      {file.description ? <span> – {file.description}</span> : null}
      <Waveform peaks={file.audio.peaks} label={t('shop:waveformOf', { file: file.audio.filename ?? title })} pending={t('shop:waveformPending')} />
      <audio controls preload="metadata" src={file.audio.url ?? undefined} aria-label={title} />
      <br />
      <a href={file.audio.url ?? undefined} download>
        {file.audio.filename}
      </a>
    </li>
  )
  return (
    <div className="shop-files field-type">
      <h3>{t('shop:recordings')}</h3>
      {recordings.length === 0 ? (
        <p className="shop-hint">{t('shop:noRecordings')}</p>
      ) : (
        <ul className="shop-files__list">{recordings.map((file, index) => player(file, `${t('shop:recordings')} ${index + 1}`))}</ul>
      )}
      <h3>{t('shop:deliveries')}</h3>
      {deliveries.length === 0 ? (
        <p className="shop-hint">{t('shop:noDeliveries')}</p>
      ) : (
        <ul className="shop-files__list">{deliveries.map((file, index) => player(file, deliveryTitle(file.version ?? index + 1, index)))}</ul>
      )}
    </div>
  )
}
