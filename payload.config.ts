import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { s3Storage } from '@payloadcms/storage-s3'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { About } from './collections/About'
import { Audio } from './collections/Audio'
import { Categories } from './collections/Categories'
import { ContactMessages } from './collections/ContactMessages'
import { EmailConfirmationLinks } from './collections/EmailConfirmationLinks'
import { Followers } from './collections/Followers'
import { FollowerMailings } from './collections/FollowerMailings'
import { MailingDeliveries } from './collections/MailingDeliveries'
import { FocusThemes } from './collections/FocusThemes'
import { GiftLinks } from './collections/GiftLinks'
import { InvoiceCounters } from './collections/InvoiceCounters'
import { DownloadCodes } from './collections/DownloadCodes'
import { Mails } from './collections/Mails'
import { Invoices } from './collections/Invoices'
import { LibraryItems } from './collections/LibraryItems'
import { Purchases } from './collections/Purchases'
import { LegalPages } from './collections/LegalPages'
import { Media } from './collections/Media'
import { MusicGroups } from './collections/MusicGroups'
import { News } from './collections/News'
import { Orders } from './collections/Orders'
import { Packages } from './collections/Packages'
import { PaymentEvents } from './collections/PaymentEvents'
import { RateLimitHits } from './collections/RateLimitHits'
import { RevisionRequests } from './collections/RevisionRequests'
import { Settings } from './collections/Settings'
import { Tracks } from './collections/Tracks'
import { UseTypes } from './collections/UseTypes'
import { Users } from './collections/Users'
import { Withdrawals } from './collections/Withdrawals'
import { restrictInternalCollections } from './collections/access/internalCollections'
import { closeUnusedEndpoints } from './collections/access/unusedEndpoints'
import { applyServerTimestamps } from './collections/hooks/serverTimestamps'
import { mediaRouteUrl } from './collections/hooks/serveFromMediaRoute'
import { isAdminUser } from './src/auth/roles'
import { mailAdapter } from './src/mail/adapter'
import { everySeconds, mailSettings } from './src/mail/settings'
import { sendMailTask } from './src/mail/send-mail-task'
import { FOLLOWER_MAILING_QUEUE, sendFollowerMailingTask } from './src/mailings/send-mailing'
import { FILE_WORK_QUEUE, prepareMp3Task } from './src/downloads/prepare-mp3-task'
import { computePeaksTask } from './src/player/peaks-task'
import { MULTIPART_ALLOWANCE, maxUploadBytes } from './src/http/body-limits'
import { ownOrigins } from './src/site/public-url'
import { withSerialisedJobClaims } from './src/site/job-claims'
import { databasePoolSettings, pgWithWatchedPool, withHandledInitializing } from './src/site/database-pool'
import { releaseAbandonedJobs } from './src/site/abandoned-jobs'
import { pruneFollowersNowAndThen } from './src/followers/retention'
import { LOCALES, DEFAULT_LOCALE } from './src/i18n/locales'
import { adminTranslations } from './src/i18n/admin-translations'
import { STORAGE_AREAS } from './src/storage/areas'
import { s3Settings } from './src/storage/s3-settings'
import { shopSecret } from './src/config/secret'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** With S3_BUCKET set, uploads are stored in that bucket (src/storage/s3-settings.ts); else in MEDIA_DIR. */
const s3 = s3Settings()

/** DATABASE_POOL_MAX connections; a request waits DATABASE_POOL_ACQUIRE_TIMEOUT_MS for a free one, then gets 503 (src/site/database-pool.ts). */
const databasePool = databasePoolSettings()

export default buildConfig({
  secret: shopSecret(),
  // Absolute URLs come from PUBLIC_URL (scripts/lib/env.ts sets or requires it), never from Host.
  serverURL: process.env.PUBLIC_URL || undefined,
  // Payload honours its login cookie only on requests whose Origin (or, without one,
  // Sec-Fetch-Site) says they come from the shop itself: the same origins as our write guard.
  csrf: ownOrigins(),
  // Second layer behind scripts/serve.ts: Payload's own multipart limits (its defaults are 20 MB a
  // file, 50 MB a request), so the seller's masters fit and nothing larger is parsed.
  upload: {
    abortOnLimit: true,
    limits: { fileSize: maxUploadBytes() },
    requestSizeLimit: maxUploadBytes() + MULTIPART_ALLOWANCE,
  },
  // Payload's own REST API lives under /api/cms so that the storefront API of the spec
  // (/api/packages/, /api/orders/ …) can use the short paths without clashing.
  routes: { api: '/api/cms', admin: '/admin' },
  graphQL: { disable: true },
  admin: {
    user: Users.slug,
    // Gravatar is not reachable from every network; no external avatar lookups.
    avatar: 'default',
    importMap: { baseDir: path.resolve(dirname) },
    meta: { titleSuffix: ' · Admin' },
    // Dates in lists and titles as the language writes them ("23. Nov. 2026, 17:41" / "Nov 23, 2026, 5:41 PM"):
    // date-fns's localized pattern, formatted with the admin language's locale.
    dateFormat: 'PPp',
    components: {
      afterNavLinks: ['/src/components/admin/customers/CustomersNavLink#CustomersNavLink'],
      views: {
        // The home page answers "what do I have to do today" instead of listing the collections.
        dashboard: { Component: '/src/components/admin/dashboard/Dashboard#Dashboard' },
        // A customer who opens /admin (Users access.admin refuses them) is sent to the seller's login.
        unauthorized: { Component: '/src/components/admin/SellerOnlyView#SellerOnlyView' },
        // The seller's CSV import of existing subscribers (src/followers/import.ts).
        followerImport: { Component: '/src/components/admin/followers/FollowerImportView#FollowerImportView', path: '/follower-import' },
      },
    },
  },
  i18n: {
    supportedLanguages: { de, en },
    fallbackLanguage: 'de',
    // The texts of the shop's own admin components, beside Payload's: t('shop:…').
    translations: adminTranslations,
  },
  localization: {
    locales: LOCALES.map((code) => ({ code, label: code === 'de' ? 'Deutsch' : 'English' })),
    defaultLocale: DEFAULT_LOCALE,
    fallback: true,
  },
  collections: [
    Users,
    Media,
    Audio,
    Categories,
    Tracks,
    MusicGroups,
    News,
    LegalPages,
    Packages,
    UseTypes,
    FocusThemes,
    Orders,
    Purchases,
    LibraryItems,
    Invoices,
    PaymentEvents,
    ContactMessages,
    Withdrawals,
    RevisionRequests,
    GiftLinks,
    RateLimitHits,
    EmailConfirmationLinks,
    Followers,
    FollowerMailings,
    MailingDeliveries,
    InvoiceCounters,
    Mails,
    // Issue 33 (h33e): download codes.
    DownloadCodes,
  ],
  globals: [Settings, About],
  plugins: [
    // The upload collections store their files in the bucket under the same keys src/storage/ reads
    // (images/…, audio/…). No ACL: objects stay as private as the bucket. Payload's own file route
    // is closed (disablePayloadAccessControl); files are served by /media/…, which checks access and
    // answers Range and ETag (src/app/media/). Its fields (prefix, _objectKey) exist in both modes
    // (alwaysInsertFields), so one schema and one set of migrations serve the disk and the bucket.
    s3Storage({
      enabled: s3 !== null,
      alwaysInsertFields: true,
      bucket: s3?.bucket ?? '',
      config: s3?.client ?? {},
      collections: {
        media: {
          prefix: STORAGE_AREAS.images.prefix,
          disablePayloadAccessControl: true,
          generateFileURL: ({ filename }) => mediaRouteUrl('images', filename),
        },
        audio: {
          prefix: STORAGE_AREAS.audio.prefix,
          disablePayloadAccessControl: true,
          generateFileURL: ({ filename }) => mediaRouteUrl('audio', filename),
        },
      },
    }),
  ],
  editor: lexicalEditor(),
  // SMTP from the environment, else .eml files under ./data (src/mail/settings.ts).
  email: mailAdapter(),
  // Mails are sent by jobs in PostgreSQL, queued in the transaction of the change that causes them
  // and run every MAIL_QUEUE_POLL_SECONDS (5) by the server (getPayload with cron, src/site/payload.ts).
  jobs: {
    tasks: [sendMailTask, sendFollowerMailingTask, prepareMp3Task, computePeaksTask],
    // Our task logs each failed attempt as one line (src/mail/send-mail-task.ts); Payload's own error
    // log would add the whole job object, mail data included, for every attempt.
    autoRun: [
      { cron: everySeconds(mailSettings().queuePollSeconds), queue: 'default', limit: 20, silent: { info: true, error: true } },
      // MP3s of delivered songs (src/downloads/prepare-mp3-task.ts) and the waveforms of new audio
      // files (src/player/peaks-task.ts) on their own queue, up to four at once; ffmpeg runs at low
      // priority, so conversions never slow the shop's answers.
      { cron: '*/2 * * * * *', queue: FILE_WORK_QUEUE, limit: 4, silent: { info: true } },
      // Mails to followers about a release (src/mailings/): one batch at a time, paced by the throttle
      // setting. On the odd seconds, when the file queue (even seconds) does not look: each look takes
      // a pooled connection and the jobs' claim lock (src/site/job-claims.ts), and three at the same
      // second starved the requests of a small pool (deployment/faults-pool: 503s after the lock).
      { cron: '1-59/2 * * * * *', queue: FOLLOWER_MAILING_QUEUE, limit: 1, silent: { info: true } },
    ],
    // Before a run, jobs that a runner which died (kill -9) left marked "processing" go back to the queue.
    shouldAutoRun: async (payload) => {
      await releaseAbandonedJobs(payload)
      // Sign-ups never confirmed (7 days) and unsubscribed followers past their proof period go (src/followers/retention.ts).
      await pruneFollowersNowAndThen(payload)
      return true
    },
    access: {
      run: ({ req }) => isAdminUser(req.user),
      queue: ({ req }) => isAdminUser(req.user),
      cancel: ({ req }) => isAdminUser(req.user),
    },
  },
  // Jobs are claimed by one instance at a time, so none runs twice (src/site/job-claims.ts); a failed
  // first connection does not end the process (src/site/database-pool.ts).
  db: withHandledInitializing(
    withSerialisedJobClaims(
      postgresAdapter({
        pool: { connectionString: process.env.DATABASE_URL, max: databasePool.max, connectionTimeoutMillis: databasePool.acquireTimeoutMs },
        pg: pgWithWatchedPool,
        // Schema changes always go through committed migrations, in development too.
        push: false,
        migrationDir: path.resolve(dirname, 'migrations'),
      }),
    ),
  ),
  sharp,
  // Outside production Payload would start a whole `payload generate:types` process at every init
  // (each test file, each script). The types change only with a collection: `npm run generate:types`.
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
  telemetry: false,
})
  .then(restrictInternalCollections)
  .then(applyServerTimestamps)
  .then(closeUnusedEndpoints)
