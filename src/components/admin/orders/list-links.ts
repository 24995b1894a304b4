import type { OrderStatus } from '@/orders/status'

/** The orders list filtered to some statuses, the most urgent (earliest due) first. */
export const ordersWith = (statuses: readonly OrderStatus[]): string =>
  `/admin/collections/orders?${statuses.map((status, index) => `where[status][in][${index}]=${status}`).join('&')}&sort=due_at`
