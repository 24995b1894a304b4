/** Fills the {{name}} placeholders that server-built labels leave for the client ("{{count}} of {{max}}"). */
export const fillTemplate = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match))
