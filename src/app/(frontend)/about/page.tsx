import type { Metadata } from 'next'
import { StaticImage } from '@/components/media/StaticImage'
import { findAbout } from '@/catalog/about'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('about.title') }
}

/** The artist's biography with portrait, edited in the admin (global "about"). */
export default async function AboutPage() {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const about = await findAbout(payload, locale)
  const { portrait } = about
  return (
    <article className="about">
      {portrait && (
        <StaticImage
          src={portrait.url}
          alt={portrait.alt || t('about.portrait', { name: t('site.name') })}
          width={portrait.width}
          height={portrait.height}
          sizes="(max-width: 800px) 100vw, 360px"
          className="about-portrait"
          preload
        />
      )}
      <div className="prose">
        <h1>{about.headline || t('about.title')}</h1>
        <div dangerouslySetInnerHTML={{ __html: about.html }} />
      </div>
    </article>
  )
}
