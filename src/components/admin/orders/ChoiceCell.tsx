import type { DefaultServerCellComponentProps } from 'payload'
import { adminLocale } from '../texts'
import { choiceNames, isChoiceField } from './lookups'

/** Orders list: package, use type or theme by its name in the admin's language (the slug if it was deleted since). */
export async function ChoiceCell({ cellData, field, i18n, payload }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'string' || !('name' in field) || !isChoiceField(field.name)) return null
  const names = await choiceNames(payload, field.name, adminLocale(i18n.language))
  return <span>{names.get(cellData) ?? cellData}</span>
}
