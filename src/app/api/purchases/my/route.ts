import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { listOwnPurchases } from '@/purchases/own-purchase'

/** GET /api/purchases/my/: the caller's purchases of music and tips, newest first. */
export const GET = customerRoute(async (_request, { payload, user }) => answer({ ok: true, value: await listOwnPurchases(payload, user) }))
