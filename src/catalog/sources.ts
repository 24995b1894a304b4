/**
 * The collections and globals the storefront's catalog is read from. A change to any of them is
 * announced on CATALOG_CHANGES_CHANNEL (PostgreSQL NOTIFY, payload: the slug) and drops the cached
 * reads that used it (cache.ts).
 */
export const CATALOG_SOURCES = [
  'tracks',
  'music-groups',
  'categories',
  'news',
  'packages',
  'use-types',
  'focus-themes',
  'media',
  'audio',
  'about',
  'settings',
] as const

export type CatalogSource = (typeof CATALOG_SOURCES)[number]

export const isCatalogSource = (value: unknown): value is CatalogSource => (CATALOG_SOURCES as readonly unknown[]).includes(value)

export const CATALOG_CHANGES_CHANNEL = 'catalog_changes'

/** The application_name of each server's listening connection (pg_stat_activity shows it). */
export const CATALOG_LISTENER_NAME = 'shop catalog changes'
