import {
  canChangeStatus,
  FINAL_STATUSES,
  isFinalStatus,
  nextStatuses,
  OPEN_STATUSES,
  ORDER_STATUSES,
  PAID_OPEN_STATUSES,
  SONG_IN_HAND_STATUSES,
  TO_COMPOSE_STATUSES,
  WORK_STATUSES,
} from '@/orders/status'

describe('order life cycle', () => {
  it('walks the happy path with the right actor at each step', () => {
    expect(canChangeStatus('pending_payment', 'paid', 'stripe')).toBe(true)
    expect(canChangeStatus('pending_payment', 'paid', 'seller')).toBe(true)
    expect(canChangeStatus('paid', 'in_progress', 'seller')).toBe(true)
    expect(canChangeStatus('in_progress', 'delivered', 'seller')).toBe(true)
    expect(canChangeStatus('delivered', 'completed', 'customer')).toBe(true)
  })

  it('refuses skipping payment, going back, and actors acting outside their part', () => {
    expect(canChangeStatus('pending_payment', 'delivered', 'seller')).toBe(false)
    expect(canChangeStatus('pending_payment', 'completed', 'customer')).toBe(false)
    expect(canChangeStatus('delivered', 'paid', 'seller')).toBe(false)
    expect(canChangeStatus('completed', 'delivered', 'seller')).toBe(false)
    expect(canChangeStatus('delivered', 'completed', 'seller')).toBe(false)
    expect(canChangeStatus('pending_payment', 'paid', 'customer')).toBe(false)
    expect(canChangeStatus('paid', 'cancelled', 'seller')).toBe(false)
  })

  it('ends in cancelled and refunded, and a refund is possible from every paid state', () => {
    for (const status of ['cancelled', 'refunded'] as const) expect(nextStatuses(status, 'seller')).toEqual([])
    for (const status of ['paid', 'in_progress', 'delivered', 'completed'] as const) {
      expect(canChangeStatus(status, 'refunded', 'stripe')).toBe(true)
    }
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['completed', 'cancelled', 'refunded'])
  })

  it('offers the seller the buttons of the current state only', () => {
    expect(nextStatuses('paid', 'seller')).toEqual(['in_progress', 'delivered', 'refunded'])
    expect(nextStatuses('delivered', 'customer')).toEqual(['completed', 'revision_requested'])
    expect(nextStatuses('revision_requested', 'seller')).toEqual(['delivered', 'refunded'])
  })

  it('lets only the customer ask for a revision, and only of a delivered song', () => {
    expect(canChangeStatus('delivered', 'revision_requested', 'customer')).toBe(true)
    expect(canChangeStatus('delivered', 'revision_requested', 'seller')).toBe(false)
    expect(canChangeStatus('in_progress', 'revision_requested', 'customer')).toBe(false)
    expect(canChangeStatus('revision_requested', 'completed', 'customer')).toBe(false)
  })

  it('reads each set of statuses from one table, with the members the shop used before (issue 33)', () => {
    expect(FINAL_STATUSES).toEqual(['completed', 'cancelled', 'refunded'])
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(FINAL_STATUSES)
    expect(OPEN_STATUSES).toEqual(ORDER_STATUSES.filter((status) => !FINAL_STATUSES.includes(status)))
    expect(OPEN_STATUSES).toEqual(['pending_payment', 'paid', 'in_progress', 'delivered', 'revision_requested'])
    // Delivering, and keeping the customer's account: paid and not finished.
    expect(PAID_OPEN_STATUSES).toEqual(['paid', 'in_progress', 'delivered', 'revision_requested'])
    expect(WORK_STATUSES).toEqual(['paid', 'in_progress', 'revision_requested'])
    expect(TO_COMPOSE_STATUSES).toEqual(['paid', 'in_progress'])
    expect(SONG_IN_HAND_STATUSES).toEqual(['delivered', 'revision_requested', 'completed'])
  })

  it('keeps the sets in step with the life cycle: a final status leads nowhere but to a refund', () => {
    for (const status of FINAL_STATUSES) {
      for (const actor of ['customer', 'seller', 'stripe'] as const) expect(nextStatuses(status, actor).filter((to) => to !== 'refunded')).toEqual([])
    }
    // Only a paid order can be refunded, and every paid one can.
    for (const status of PAID_OPEN_STATUSES) expect(canChangeStatus(status, 'refunded', 'seller')).toBe(true)
    expect(canChangeStatus('pending_payment', 'refunded', 'seller')).toBe(false)
  })
})
