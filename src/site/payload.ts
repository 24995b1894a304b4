import type { SanitizedConfig } from 'payload'
import { getPayload } from 'payload'

/**
 * The shop's Payload config, loaded when first asked for. Imported statically, the whole config
 * (collections, hooks, the editor: 3.7 MB built) went into each route handler's own server chunk,
 * 22 identical copies that the build wrote and minified one by one.
 */
const loadConfig = (): Promise<SanitizedConfig> => import('@payload-config').then((module) => module.default)

/** The Local API for server components and route handlers; in the server, it also runs the jobs queue (mails). */
export const payloadClient = () => getPayload({ config: loadConfig(), cron: true })

/**
 * The shop's Payload config, for Payload's own route handlers, its admin panel and the auth
 * adapter; nothing else imports @payload-config. Payload takes it as a promise.
 */
export const payloadConfig = (): Promise<SanitizedConfig> => loadConfig()
