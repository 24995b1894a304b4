/**
 * The worker's script, served by src/app/serwist/[path]/route.ts; its scope is the whole site.
 * A module of its own: every page loads the registration, which needs nothing else of the rules.
 */
export const SERVICE_WORKER_URL = '/serwist/sw.js'
