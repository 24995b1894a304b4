import type { DefaultServerCellComponentProps } from 'payload'
import { StatusLabel } from './StatusLabel'

/** Orders list: the status as a coloured label. */
export function StatusCell({ cellData, i18n }: DefaultServerCellComponentProps) {
  return typeof cellData === 'string' ? <StatusLabel status={cellData} i18n={i18n} /> : null
}
