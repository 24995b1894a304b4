/** Lexical rich text as Payload stores it: plain paragraphs, for fixtures. */

type Text = { type: 'text'; text: string; format: number; detail: number; mode: 'normal'; style: string; version: 1 }

const paragraph = (text: string) => ({
  type: 'paragraph',
  version: 1,
  direction: 'ltr' as const,
  format: '' as const,
  indent: 0,
  textFormat: 0,
  children: [{ type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 } satisfies Text],
})

export const richText = (...paragraphs: string[]) => ({
  root: { type: 'root', version: 1, direction: 'ltr' as const, format: '' as const, indent: 0, children: paragraphs.map(paragraph) },
})
