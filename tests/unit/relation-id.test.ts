import { idOf } from '@/site/relation-id'

describe('idOf: the id of a relationship, populated or not', () => {
  it('takes the id of a populated document and an id as it is', () => {
    const track = { id: 7, title: 'Morgentau' }
    expect(idOf(track)).toBe(7)
    expect(idOf(7)).toBe(7)
    // Stripe's expandable fields: an id or the object.
    expect(idOf({ id: 'pi_123' })).toBe('pi_123')
    expect(idOf('pi_123')).toBe('pi_123')
  })

  it('answers null for an empty relationship', () => {
    expect(idOf(null)).toBeNull()
    expect(idOf(undefined)).toBeNull()
  })
})
