import path from 'node:path'

/** How mail leaves the shop: an SMTP server, or (with none configured) .eml files in a folder. */
export type MailDelivery = { kind: 'smtp'; url: string; description: string } | { kind: 'outbox'; folder: string }

export type MailSettings = { delivery: MailDelivery; fromAddress: string; fromName: string; retryDelaySeconds: number; queuePollSeconds: number }

/** SMTP_URL wins; else SMTP_HOST with SMTP_PORT, SMTP_USER, SMTP_PASSWORD and SMTP_SECURE. */
function smtpUrl(env: NodeJS.ProcessEnv): string | null {
  if (env.SMTP_URL) return env.SMTP_URL
  if (!env.SMTP_HOST) return null
  const secure = env.SMTP_SECURE === 'true'
  const url = new URL(`${secure ? 'smtps' : 'smtp'}://${env.SMTP_HOST}`)
  url.port = env.SMTP_PORT || (secure ? '465' : '587')
  if (env.SMTP_USER) url.username = env.SMTP_USER
  if (env.SMTP_PASSWORD) url.password = env.SMTP_PASSWORD
  return url.toString()
}

/** Where the password of an SMTP URL would be, shown as *** in logs. */
const withoutPassword = (url: string) => {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/** Read from the environment (README, .env.example); safe defaults for a fresh clone. */
export function mailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings {
  const url = smtpUrl(env)
  // turbopackIgnore: folders of the running shop, not of the build (which would trace the whole project for them).
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || 'data')
  return {
    delivery: url
      ? { kind: 'smtp', url, description: withoutPassword(url) }
      : { kind: 'outbox', folder: path.resolve(/*turbopackIgnore: true*/ env.MAIL_OUTBOX_DIR || path.join(dataDir, 'outbox')) },
    fromAddress: env.MAIL_FROM_ADDRESS || 'shop@localhost',
    fromName: env.MAIL_FROM_NAME || 'Lina Sommer',
    retryDelaySeconds: Math.max(1, Number(env.MAIL_RETRY_DELAY_SECONDS) || 30),
    queuePollSeconds: Math.min(59, Math.max(1, Math.round(Number(env.MAIL_QUEUE_POLL_SECONDS) || 5))),
  }
}

/** Croner's six-field pattern for "every n seconds" (n from 1 to 59). */
export const everySeconds = (seconds: number): string => (seconds === 1 ? '* * * * * *' : `*/${seconds} * * * * *`)
