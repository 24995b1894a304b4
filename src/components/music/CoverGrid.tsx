import { CoverCard } from './CoverCard'

export type CoverGridItem = { id: number; href: string; cover: string | null; title: string; meta?: string }

/** Covers in a row of a phone's two-column grid. */
const FIRST_ROW = 2

/**
 * Covers in a responsive grid: categories, albums, playlists. `aboveTheFold`: the grid starts on
 * a phone's first screen, so its first row loads at once.
 */
export function CoverGrid({ items, aboveTheFold = false }: { items: CoverGridItem[]; aboveTheFold?: boolean }) {
  return (
    <ul className="grid cover-grid" role="list">
      {items.map(({ id, ...card }, index) => (
        <li key={id} style={{ listStyle: 'none' }}>
          <CoverCard {...card} aboveTheFold={aboveTheFold && index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  )
}
