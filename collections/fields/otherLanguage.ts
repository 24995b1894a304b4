import type { TextareaField, TextField } from 'payload'

/**
 * A localized text field that shows, under its input, what is stored for the other language
 * (src/components/admin/catalog/OtherLanguageValue.tsx): the seller writes German and English
 * side by side without switching the document's language back and forth.
 */
export function withOtherLanguage<F extends TextField | TextareaField>(field: F): F {
  return {
    ...field,
    admin: {
      ...field.admin,
      components: {
        ...field.admin?.components,
        afterInput: ['/src/components/admin/catalog/OtherLanguageValue#OtherLanguageValue'],
      },
    },
  } as F
}
