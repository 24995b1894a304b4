import { adminTexts } from '../texts'

/** An order's status as a coloured label (colours in src/app/(payload)/custom.css). */
export function StatusLabel({ status, language }: { status: string; language: string | undefined }) {
  const texts = adminTexts(language)
  const label = (texts.statuses as Record<string, string>)[status] ?? status
  return <span className={`shop-status shop-status--${status}`}>{label}</span>
}
