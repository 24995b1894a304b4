/** Fills i18next-style placeholders ("Hallo {{name}}!") in a label inside a client component. */
export const fillIn = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
