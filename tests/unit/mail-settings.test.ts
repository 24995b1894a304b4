import { everySeconds, mailSettings } from '../../src/mail/settings'

/** An environment of just these variables. */
const only = (variables: Record<string, string>) => variables as NodeJS.ProcessEnv

describe('mail settings from the environment', () => {
  it('sends over SMTP_URL when set, else into the outbox folder, with the password hidden in the description', () => {
    const smtp = mailSettings(only({ SMTP_URL: 'smtp://user:secret@mail.example.com:587' }))
    expect(smtp.delivery).toEqual({ kind: 'smtp', url: 'smtp://user:secret@mail.example.com:587', description: 'smtp://user:***@mail.example.com:587' })
    expect(mailSettings(only({ MAIL_OUTBOX_DIR: '/tmp/outbox' })).delivery).toEqual({ kind: 'outbox', folder: '/tmp/outbox' })
  })

  it('looks for queued mails every 5 s unless MAIL_QUEUE_POLL_SECONDS says otherwise (1 to 59)', () => {
    expect(mailSettings(only({})).queuePollSeconds).toBe(5)
    expect(mailSettings(only({ MAIL_QUEUE_POLL_SECONDS: '1' })).queuePollSeconds).toBe(1)
    expect(mailSettings(only({ MAIL_QUEUE_POLL_SECONDS: '0' })).queuePollSeconds).toBe(5)
    expect(mailSettings(only({ MAIL_QUEUE_POLL_SECONDS: '-3' })).queuePollSeconds).toBe(1)
    expect(mailSettings(only({ MAIL_QUEUE_POLL_SECONDS: '600' })).queuePollSeconds).toBe(59)
    expect(mailSettings(only({ MAIL_QUEUE_POLL_SECONDS: 'soon' })).queuePollSeconds).toBe(5)
  })

  it('turns the poll into a six-field cron pattern (seconds first, as Payload’s autoRun reads it)', () => {
    expect(everySeconds(1)).toBe('* * * * * *')
    expect(everySeconds(5)).toBe('*/5 * * * * *')
  })
})
