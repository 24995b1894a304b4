import config from '@payload-config'

/** The shop's Payload config, for Payload's own route handlers (the auth adapter); nothing else imports @payload-config. */
export const payloadConfig = config
import { getPayload } from 'payload'

/** The Local API for server components and route handlers; in the server, it also runs the jobs queue (mails). */
export const payloadClient = () => getPayload({ config, cron: true })
