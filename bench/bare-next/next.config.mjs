import path from 'node:path'

/** The bare reference app (bench/pages.ts builds it with the shop's own Next and React). */
export default {
  poweredByHeader: false,
  turbopack: { root: path.resolve(import.meta.dirname, '..', '..') },
}
