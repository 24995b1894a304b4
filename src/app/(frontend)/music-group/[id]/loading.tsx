import { requestTranslation } from '@/i18n/request-locale'

/** While the group is not loaded: spec section 2's "Loading..." (German "Lädt..."). */
export default async function MusicGroupLoading() {
  const { t } = await requestTranslation()
  return (
    <p className="muted" role="status">
      {t('music.loading')}
    </p>
  )
}
