import { getTranslation } from '@payloadcms/translations'
import type { ServerFieldBase } from 'payload'
import type { ReactNode } from 'react'
import { formatDateTime } from '@/i18n/format-date'
import { adminLocale, adminT } from '../admin-i18n'
import { choiceName, isChoiceField } from './lookups'

type Option = string | { value: string; label: unknown }

/** A stored value as the seller reads it: a choice by name, an option by label, yes/no, a date in words. */
async function displayValue({ field, data, i18n, payload }: ServerFieldBase): Promise<ReactNode> {
  const t = adminT(i18n)
  const name = 'name' in field ? field.name : ''
  const value: unknown = data?.[name]
  if (field.type === 'checkbox') return value ? t('shop:yes') : t('shop:no')
  if (value === null || value === undefined || value === '') return t('shop:none')
  if (isChoiceField(name)) return choiceName(payload, name, String(value), adminLocale(i18n.language))
  if (field.type === 'select') {
    const option = (field.options as Option[]).find((candidate) => (typeof candidate === 'string' ? candidate : candidate.value) === value)
    return typeof option === 'object' ? getTranslation(option.label as Parameters<typeof getTranslation>[0], i18n) : String(value)
  }
  if (field.type === 'date') return formatDateTime(String(value), adminLocale(i18n.language))
  return String(value)
}

/**
 * What the customer chose or agreed to, shown as text in the order view instead of an input: the
 * seller reads it but never overwrites it (the field stays in the form, so the list can show it).
 */
export async function ReadOnlyValueField(props: ServerFieldBase) {
  const { field, i18n } = props
  const label = 'label' in field && field.label ? getTranslation(field.label as Parameters<typeof getTranslation>[0], i18n) : ''
  return (
    <div className="shop-read-only field-type">
      <span className="shop-read-only__label">{label}</span>
      <p className="shop-read-only__value">{await displayValue(props)}</p>
    </div>
  )
}
