import type { Field } from 'payload'
import { isAdminField } from '../../access/isAdmin'

/** Shows a joined list only when it has entries: most orders have no revision request or withdrawal, and an empty table says nothing. */
const hasJoined =
  (name: 'revision_requests' | 'withdrawals') =>
  (data: Partial<Record<string, unknown>>): boolean => {
    const joined = data[name] as { docs?: unknown[] } | undefined
    return (joined?.docs?.length ?? 0) > 0
  }

/** What other collections record about the order: the customer's revision requests and withdrawals. */
export const joinedFields: Field[] = [
  {
    // The customer's revision requests (collections/RevisionRequests); read-only here.
    name: 'revision_requests',
    label: { de: 'Überarbeitungswünsche', en: 'Revision requests' },
    type: 'join',
    collection: 'revision-requests',
    on: 'order',
    defaultSort: '-createdAt',
    access: { read: isAdminField },
    admin: { allowCreate: false, defaultColumns: ['createdAt', 'delivery_version', 'message'], condition: hasJoined('revision_requests') },
  },
  {
    // Declarations of withdrawal matched to this order (collections/Withdrawals); read-only here.
    name: 'withdrawals',
    label: { de: 'Widerrufe', en: 'Withdrawals' },
    type: 'join',
    collection: 'withdrawals',
    on: 'order',
    defaultSort: '-received_at',
    access: { read: isAdminField },
    admin: {
      allowCreate: false,
      condition: hasJoined('withdrawals'),
      defaultColumns: ['received_at', 'name', 'email', 'status'],
      description: {
        de: 'Über „Vertrag widerrufen“ eingegangene Erklärungen zu dieser Bestellung. Der Status ändert sich dadurch nicht; Sie entscheiden, was folgt.',
        en: 'Declarations received through "Withdraw from contract" for this order. They do not change its status; you decide what follows.',
      },
    },
  },
]
