import config from '@payload-config'
import { getPayload } from 'payload'

/** The Local API for server components and route handlers; in the server, it also runs the jobs queue (mails). */
export const payloadClient = () => getPayload({ config, cron: true })

/**
 * The shop's Payload config, for Payload's own route handlers (the auth adapter); nothing else
 * imports @payload-config. A function, so that it is read when a request comes, not while the
 * modules load.
 */
export const payloadConfig = () => config
