import type { Access } from 'payload'

/** Public content: catalog, news, packages. */
export const anyone: Access = () => true
