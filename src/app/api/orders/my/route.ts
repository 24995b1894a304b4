import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { listOwnOrders } from '@/payments/my-orders'

/** GET /api/orders/my/: the caller's orders, newest first (spec section 7). */
export const GET = customerRoute(async (_request, { payload, user }) => answer({ ok: true, value: await listOwnOrders(payload, user) }))
