import Stripe from 'stripe'
import { assertNoOpenTransaction } from '@/site/outside-transactions'

/** Stripe's keys (README, .env.example). Without them card and PayPal are shown as unavailable. */
export type StripeSettings = { secretKey: string; webhookSecret: string; publishableKey: string | null; apiBase: URL | null }

/** The configured Stripe account, or null when card and PayPal payments are not set up. */
export function stripeSettings(env: Record<string, string | undefined> = process.env): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim()
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim()
  if (!secretKey || !webhookSecret) return null
  return {
    secretKey,
    webhookSecret,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
    // STRIPE_API_BASE points the SDK at another server speaking Stripe's API (the tests' loopback stand-in).
    apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null,
  }
}

/**
 * The SDK's own HTTP client, refusing (tests) or reporting (production) a request sent while a
 * database transaction is open around it (src/site/outside-transactions.ts): Stripe may take
 * seconds, and the transaction would hold its pool connection and locks all that time.
 */
function httpClientOutsideTransactions(): Stripe.HttpClient {
  const client = Stripe.createNodeHttpClient()
  const makeRequest: Stripe.HttpClient['makeRequest'] = (...request) => {
    try {
      assertNoOpenTransaction('Stripe')
    } catch (error) {
      return Promise.reject(error)
    }
    return client.makeRequest(...request)
  }
  return Object.assign(Object.create(client) as Stripe.HttpClient, { makeRequest })
}

/** The official SDK for these settings; no retries of its own, so a payment call never runs twice unnoticed. */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase
  return new Stripe(settings.secretKey, {
    httpClient: httpClientOutsideTransactions(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  })
}
