import type { Metadata } from 'next'
import { StaticImage } from '@/components/media/StaticImage'
import { IntentLink } from '@/components/navigation/IntentLink'
import { listNews } from '@/catalog/news'
import { formatDate } from '@/i18n/format-date'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'
import { FollowSection } from '@/components/follow/FollowSection'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('news.title') }
}

export default async function NewsListPage() {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const news = await listNews(payload, locale)
  return (
    <>
      <h1>{t('news.title')}</h1>
      {news.length === 0 && <p className="muted">{t('news.empty')}</p>}
      <ul className="grid" role="list">
        {news.map((item, index) => (
          <li key={item.id} className="card" style={{ listStyle: 'none' }}>
            <IntentLink href={`/news/${item.id}`} style={{ color: 'inherit', textDecoration: 'none', display: 'block' }}>
              {item.image && (
                <StaticImage
                  src={item.image}
                  alt=""
                  width={800}
                  height={450}
                  sizes="(max-width: 700px) 100vw, 360px"
                  preload={index === 0}
                  style={{ width: '100%', height: 'auto', aspectRatio: '16/9', objectFit: 'cover' }}
                />
              )}
              <div style={{ padding: '1rem 1.25rem 1.25rem' }}>
                <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
                  {item.is_new && <strong className="badge">{t('news.new')}</strong>} {item.category}
                  {item.category && ' · '}
                  <time dateTime={item.date}>{formatDate(item.date, locale)}</time>
                </p>
                <h2 style={{ fontSize: '1.3rem', margin: '0.4rem 0' }}>{item.title}</h2>
                <span style={{ color: 'var(--accent-strong)' }}>{t('news.readMore')}</span>
              </div>
            </IntentLink>
          </li>
        ))}
      </ul>
      <FollowSection payload={await payloadClient()} id="follow-news" locale={locale} t={t} />
    </>
  )
}
