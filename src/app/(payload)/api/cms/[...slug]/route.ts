import { payloadConfig } from '@/site/payload'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'

const config = payloadConfig()

export const GET = REST_GET(config)
// Writes only from the admin panel's own origin (login CSRF through a multipart `_payload` form …).
export const POST = sameOriginWrites(REST_POST(config))
export const DELETE = sameOriginWrites(REST_DELETE(config))
export const PATCH = sameOriginWrites(REST_PATCH(config))
export const PUT = sameOriginWrites(REST_PUT(config))
export const OPTIONS = REST_OPTIONS(config)
