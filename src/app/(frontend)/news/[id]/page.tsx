import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { cache } from 'react'
import { previewingSeller } from '@/auth/previewing-seller'
import { findNews, previewNews } from '@/catalog/news'
import { formatDate } from '@/i18n/format-date'
import { YouTubeEmbed } from '@/components/news/YouTubeEmbed'
import { StaticImage } from '@/components/media/StaticImage'
import { IntentLink } from '@/components/navigation/IntentLink'
import { JsonLd } from '@/components/seo/JsonLd'
import { parseDocumentId } from '@/http/document-id'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'
import { FollowSection } from '@/components/follow/FollowSection'

type Props = { params: Promise<{ id: string }> }

/** What is published (cached), or for the seller's preview the newest draft. */
const loadNews = cache(async (rawId: string) => {
  const id = parseDocumentId(rawId)
  if (id === null) return null
  const payload = await payloadClient()
  const { locale } = await requestTranslation()
  const seller = await previewingSeller(payload)
  return seller ? previewNews(payload, id, locale, seller) : findNews(payload, id, locale)
})

const summaryOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160)

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const item = await loadNews((await params).id)
  if (!item) return {}
  return {
    title: item.title,
    description: summaryOf(item.html_content) || undefined,
    openGraph: { title: item.title, type: 'article', publishedTime: item.date, images: item.image ? [item.image] : undefined },
  }
}

/** One news article; its HTML was rendered from rich text on the server with everything escaped. */
export default async function NewsArticlePage({ params }: Props) {
  const item = await loadNews((await params).id)
  if (!item) notFound()
  const { locale, t } = await requestTranslation()
  const previewing = Boolean(await previewingSeller(await payloadClient()))
  return (
    <>
      <article className="prose">
        {previewing && (
          <p className="notice" role="status">
            {t('site.previewNotice')}
          </p>
        )}
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: item.title,
            datePublished: item.date,
            image: item.image ? [item.image] : undefined,
            author: { '@type': 'Person', name: t('site.name') },
          }}
        />
        <p>
          <IntentLink href="/news">← {t('news.back')}</IntentLink>
        </p>
        <p className="muted" style={{ marginBottom: 0 }}>
          {item.is_new && <strong className="badge">{t('news.new')}</strong>} {item.category}
          {item.category && ' · '}
          <time dateTime={item.date}>{formatDate(item.date, locale)}</time>
        </p>
        <h1>{item.title}</h1>
        {item.image && (
          <StaticImage
            src={item.image}
            alt=""
            width={1200}
            height={675}
            sizes="(max-width: 800px) 100vw, 760px"
            preload
            style={{ width: '100%', height: 'auto', borderRadius: 'var(--radius)' }}
          />
        )}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.html_content }} />
        {item.youtube_url && <YouTubeEmbed url={item.youtube_url} title={item.title} labels={{ consent: t('news.videoConsent'), load: t('news.videoLoad') }} />}
      </article>
      <FollowSection payload={await payloadClient()} id="follow-news-item" locale={locale} t={t} />
    </>
  )
}
