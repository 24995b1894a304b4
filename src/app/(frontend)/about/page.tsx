import type { Metadata } from 'next'
import Image from 'next/image'
import { richTextToHtml } from '@/catalog/rich-text'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

async function loadAbout() {
  const { locale } = await requestTranslation()
  const payload = await payloadClient()
  return payload.findGlobal({ slug: 'about', locale, depth: 1, overrideAccess: false })
}

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('about.title') }
}

/** The artist's biography with portrait, edited in the admin (global "about"). */
export default async function AboutPage() {
  const { t } = await requestTranslation()
  const about = await loadAbout()
  const portrait = typeof about.portrait === 'object' ? about.portrait : null
  return (
    <article className="about">
      {portrait?.url && (
        <Image
          src={portrait.url}
          alt={portrait.alt || t('about.portrait', { name: t('site.name') })}
          width={portrait.width ?? 800}
          height={portrait.height ?? 1000}
          sizes="(max-width: 800px) 100vw, 360px"
          className="about-portrait"
          priority
        />
      )}
      <div className="prose">
        <h1>{about.headline || t('about.title')}</h1>
        <div dangerouslySetInnerHTML={{ __html: richTextToHtml(about.biography) }} />
      </div>
    </article>
  )
}
