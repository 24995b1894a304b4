import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Issue 19: the README fits on a screen or two and everything else lives in docs/, one page
 * each. A link to a page (or a heading) that was renamed or never written fails here, not in a
 * reader's browser.
 */
const ROOT = process.cwd()
const README = path.join(ROOT, 'README.md')
const DOCS = path.join(ROOT, 'docs')
const MAX_README_LINES = 200

const read = (file: string) => readFileSync(file, 'utf8')
const pages = () => [
  README,
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(DOCS, name)),
]

/** Markdown links outside code: [text](target). */
function linksIn(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!)
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

const anchorsIn = (markdown: string) =>
  new Set(
    markdown
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, '').trim())),
  )

/** Links between our own pages: relative paths, not web addresses. */
function localLinks(file: string): { link: string; target: string; anchor: string | undefined }[] {
  return linksIn(read(file))
    .filter((link) => !/^[a-z]+:/i.test(link))
    .map((link) => {
      const [target, anchor] = link.split('#')
      return { link, target: target ? path.resolve(path.dirname(file), target) : file, anchor }
    })
}

describe('README and docs/', () => {
  it(`keeps the README at most ${MAX_README_LINES} lines`, () => {
    expect(read(README).split('\n').length).toBeLessThanOrEqual(MAX_README_LINES)
  })

  it('links from the README to the pages in docs/', () => {
    const docsLinks = localLinks(README).filter(({ target }) => target.startsWith(DOCS + path.sep))
    expect(docsLinks.map(({ target }) => path.basename(target))).toEqual(
      expect.arrayContaining(['api.md', 'security.md', 'operations.md', 'admin.md', 'benchmarks.md', 'architecture.md']),
    )
  })

  // Issue 28, 8: the README and docs/architecture.md pointed at `../shared/spec/product-spec.md`, which
  // a clone does not have. A link or a relative path in code (`../x`) names a file of the repository.
  it.each(pages().map((file) => [path.relative(ROOT, file), file]))('%s points only at files inside the repository', (_name, file) => {
    const markdown = read(file)
    const codePaths = [...markdown.matchAll(/`(\.\.\/[^`\s]*)`/g)].map((match) => match[1]!)
    const outside = [
      ...localLinks(file).map(({ link, target }) => ({ link, target })),
      ...codePaths.map((link) => ({ link, target: path.resolve(path.dirname(file), link) })),
    ]
      .filter(({ target }) => (target !== ROOT && !target.startsWith(ROOT + path.sep)) || !existsSync(target))
      .map(({ link }) => link)
    expect(outside).toEqual([])
  })

  it.each(pages().map((file) => [path.relative(ROOT, file), file]))('%s links only to pages and headings that exist', (_name, file) => {
    const broken = localLinks(file)
      .filter(({ target, anchor }) => !existsSync(target) || (anchor !== undefined && target.endsWith('.md') && !anchorsIn(read(target)).has(anchor)))
      .map(({ link }) => link)
    expect(broken).toEqual([])
  })
})
