import type { Metadata } from 'next'
import { ContactForm } from '@/components/contact/ContactForm'
import { requestTranslation } from '@/i18n/request-locale'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('contact.title'), description: t('contact.intro') }
}

export default async function ContactPage() {
  const { t } = await requestTranslation()
  const keys = ['name', 'email', 'message', 'send', 'sending', 'errorMsg', 'sendError', 'networkError', 'thanks', 'honeypot'] as const
  const labels = Object.fromEntries(keys.map((key) => [key, t(`contact.${key}`)])) as Record<(typeof keys)[number], string>
  return (
    <>
      <h1>{t('contact.title')}</h1>
      <p className="muted">{t('contact.intro')}</p>
      <ContactForm labels={labels} />
    </>
  )
}
