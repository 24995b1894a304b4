import config from '@payload-config'
import { getPayload } from 'payload'

/** The Local API for server components and route handlers; in the server, it also runs the jobs queue (mails). */
export const payloadClient = () => getPayload({ config, cron: true })
