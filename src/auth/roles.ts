import type { PayloadRequest } from 'payload'

/** The seller runs the shop; everyone else with an account is a customer. */
export type Role = 'admin' | 'customer'

export const isAdminUser = (user: PayloadRequest['user']): boolean => Boolean(user && 'role' in user && user.role === 'admin')
