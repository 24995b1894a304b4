import type { DefaultServerCellComponentProps } from 'payload'
import { adminLocale } from '../admin-i18n'
import { choiceName, isChoiceField } from './lookups'

/** Orders list: package, use type or theme by its name in the admin's language (the slug if it was deleted since). */
export async function ChoiceCell({ cellData, field, i18n, payload }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'string' || !('name' in field) || !isChoiceField(field.name)) return null
  return <span>{await choiceName(payload, field.name, cellData, adminLocale(i18n.language))}</span>
}
