import { CoverCard } from './CoverCard'

export type CoverGridItem = { id: number; href: string; cover: string | null; title: string; meta?: string }

/** Covers in a responsive grid: categories, albums, playlists. */
export function CoverGrid({ items }: { items: CoverGridItem[] }) {
  return (
    <ul className="grid cover-grid" role="list">
      {items.map(({ id, ...card }) => (
        <li key={id} style={{ listStyle: 'none' }}>
          <CoverCard {...card} />
        </li>
      ))}
    </ul>
  )
}
