import { dueDate, isOverdue } from '@/orders/due-date'

describe('due date of an order', () => {
  it('is the payment plus the package turnaround in whole days', () => {
    expect(dueDate('2026-11-01T10:00:00.000Z', 14)).toBe('2026-11-15T10:00:00.000Z')
    expect(dueDate('2026-12-30T23:30:00.000Z', 7)).toBe('2027-01-06T23:30:00.000Z')
  })

  it('is overdue only once passed and only while the seller still works on the order', () => {
    const now = Date.parse('2026-11-20T12:00:00.000Z')
    for (const status of ['paid', 'in_progress', 'revision_requested']) {
      expect(isOverdue('2026-11-19T12:00:00.000Z', status, now)).toBe(true)
      expect(isOverdue('2026-11-21T12:00:00.000Z', status, now)).toBe(false)
    }
    for (const status of ['pending_payment', 'delivered', 'completed', 'cancelled', 'refunded']) {
      expect(isOverdue('2026-11-19T12:00:00.000Z', status, now)).toBe(false)
    }
    expect(isOverdue(null, 'paid', now)).toBe(false)
  })
})
