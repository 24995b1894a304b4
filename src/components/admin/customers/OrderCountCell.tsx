'use client'

import type { DefaultCellComponentProps } from 'payload'

/** The customers list's "orders" column: how many orders the join found (it loads at most its page size). */
export function OrderCountCell({ cellData }: DefaultCellComponentProps) {
  const joined = cellData as { docs?: unknown[]; hasNextPage?: boolean; totalDocs?: number } | null | undefined
  const count = joined?.totalDocs ?? joined?.docs?.length ?? 0
  return <span>{joined?.hasNextPage && joined.totalDocs === undefined ? `${count}+` : count}</span>
}
