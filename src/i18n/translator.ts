import { createInstance, type TFunction } from 'i18next'
import { DEFAULT_LOCALE, type Locale } from './locales'
import { de, type Messages } from './messages/de'
import { en } from './messages/en'

export type Translate = TFunction

const translators = new Map<Locale, Promise<TFunction>>()

/** i18next's t for one language (German as fallback for any missing key). */
export function translatorFor(locale: Locale): Promise<TFunction> {
  let translator = translators.get(locale)
  if (!translator) {
    const i18n = createInstance()
    translator = i18n
      .init({
        lng: locale,
        fallbackLng: DEFAULT_LOCALE,
        resources: { de: { translation: de }, en: { translation: en } },
        interpolation: { escapeValue: false },
        showSupportNotice: false,
      } as Parameters<typeof i18n.init>[0])
      .then(() => i18n.t)
    translators.set(locale, translator)
  }
  return translator
}

/** The message tree of one language, for client components that take a whole namespace as labels. */
export const messagesFor = (locale: Locale): Messages => (locale === 'en' ? en : de)
