import { apiFetch } from '@/auth/access-token'
import type { Locale } from '@/i18n/locales'

/**
 * The checkout's unticked box "Keep me posted about new music": after the orders went through,
 * the logged-in customer's address is signed up (POST /api/followers/), which sends the
 * confirmation mail; only that confirmation makes a follower. A failure here never touches the
 * orders (logged, not shown: the customer can still follow from any page).
 */
export async function followAfterOrdering(locale: Locale): Promise<void> {
  try {
    const response = await apiFetch('/api/followers/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ consent: true, source: 'checkout', locale }),
    })
    if (!response.ok) console.error(`POST /api/followers/ answered ${response.status}`)
  } catch (error) {
    console.error(error)
  }
}
