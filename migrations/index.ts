import * as migration_20261122_100614_initial from './20261122_100614_initial'
import * as migration_20261122_102049_contact_messages from './20261122_102049_contact_messages'
import * as migration_20261122_102728_about_page from './20261122_102728_about_page'
import * as migration_20261122_160400_orders from './20261122_160400_orders'
import * as migration_20261122_160840_login_failures from './20261122_160840_login_failures'
import * as migration_20261123_081315_payments_invoices from './20261123_081315_payments_invoices'
import * as migration_20261123_083612_accounts_rate_limits from './20261123_083612_accounts_rate_limits'
import * as migration_20261123_085426_audio_private_by_default from './20261123_085426_audio_private_by_default'
import * as migration_20261123_113005_consent_change from './20261123_113005_consent_change'
import * as migration_20261123_113022_mail_queue from './20261123_113022_mail_queue'
import * as migration_20261123_113916_legal_pages from './20261123_113916_legal_pages'
import * as migration_20261123_120525_withdrawal_change from './20261123_120525_withdrawal_change'
import * as migration_20261123_124708_accountmail_email_confirmation from './20261123_124708_accountmail_email_confirmation'
import * as migration_20261123_143752_revision_requests from './20261123_143752_revision_requests'
import * as migration_20261123_144354_after_revisions_downloads_gifts from './20261123_144354_after_revisions_downloads_gifts'
import * as migration_20261123_144647_admin_due_date from './20261123_144647_admin_due_date'
import * as migration_20261123_151312_gdpr_customers_news_video from './20261123_151312_gdpr_customers_news_video'
import * as migration_20261123_174858_files_queue_mp3 from './20261123_174858_files_queue_mp3'
import * as migration_20261125_181608_issue18_payment_incidents_unique_invoices from './20261125_181608_issue18_payment_incidents_unique_invoices'
import * as migration_20261126_060046_issue20_order_idempotency_key from './20261126_060046_issue20_order_idempotency_key'
import * as migration_20261126_075128_issue20_storage_fields from './20261126_075128_issue20_storage_fields'
import * as migration_20261126_104504_issue21_audio_peaks from './20261126_104504_issue21_audio_peaks'
import * as migration_20261126_104505_issue21_queue_peaks_of_existing_audio from './20261126_104505_issue21_queue_peaks_of_existing_audio'
import * as migration_20261127_091818_issue32_drafts_and_scheduled_releases from './20261127_091818_issue32_drafts_and_scheduled_releases'
import * as migration_20261127_092020_issue32_followers from './20261127_092020_issue32_followers'
import * as migration_20261127_122605_issue34_podcast_switch from './20261127_122605_issue34_podcast_switch'
import * as migration_20261127_122912_issue32_follower_mailings from './20261127_122912_issue32_follower_mailings'
import * as migration_20261127_123757_issue33_catalog_sale_settings from './20261127_123757_issue33_catalog_sale_settings'
import * as migration_20261127_152418_issue33_purchases_library from './20261127_152418_issue33_purchases_library'
import * as migration_20261127_152810_issue33_h33e_download_codes from './20261127_152810_issue33_h33e_download_codes'
import * as migration_20261127_153449_issue33_h33b_purchase_payments from './20261127_153449_issue33_h33b_purchase_payments'

export const migrations = [
  {
    up: migration_20261122_100614_initial.up,
    down: migration_20261122_100614_initial.down,
    name: '20261122_100614_initial',
  },
  {
    up: migration_20261122_102049_contact_messages.up,
    down: migration_20261122_102049_contact_messages.down,
    name: '20261122_102049_contact_messages',
  },
  {
    up: migration_20261122_102728_about_page.up,
    down: migration_20261122_102728_about_page.down,
    name: '20261122_102728_about_page',
  },
  {
    up: migration_20261122_160400_orders.up,
    down: migration_20261122_160400_orders.down,
    name: '20261122_160400_orders',
  },
  {
    up: migration_20261122_160840_login_failures.up,
    down: migration_20261122_160840_login_failures.down,
    name: '20261122_160840_login_failures',
  },
  {
    up: migration_20261123_081315_payments_invoices.up,
    down: migration_20261123_081315_payments_invoices.down,
    name: '20261123_081315_payments_invoices',
  },
  {
    up: migration_20261123_083612_accounts_rate_limits.up,
    down: migration_20261123_083612_accounts_rate_limits.down,
    name: '20261123_083612_accounts_rate_limits',
  },
  {
    up: migration_20261123_085426_audio_private_by_default.up,
    down: migration_20261123_085426_audio_private_by_default.down,
    name: '20261123_085426_audio_private_by_default',
  },
  {
    up: migration_20261123_113005_consent_change.up,
    down: migration_20261123_113005_consent_change.down,
    name: '20261123_113005_consent_change',
  },
  {
    up: migration_20261123_113022_mail_queue.up,
    down: migration_20261123_113022_mail_queue.down,
    name: '20261123_113022_mail_queue',
  },
  {
    up: migration_20261123_113916_legal_pages.up,
    down: migration_20261123_113916_legal_pages.down,
    name: '20261123_113916_legal_pages',
  },
  {
    up: migration_20261123_120525_withdrawal_change.up,
    down: migration_20261123_120525_withdrawal_change.down,
    name: '20261123_120525_withdrawal_change',
  },
  {
    up: migration_20261123_124708_accountmail_email_confirmation.up,
    down: migration_20261123_124708_accountmail_email_confirmation.down,
    name: '20261123_124708_accountmail_email_confirmation',
  },
  {
    up: migration_20261123_143752_revision_requests.up,
    down: migration_20261123_143752_revision_requests.down,
    name: '20261123_143752_revision_requests',
  },
  {
    up: migration_20261123_144354_after_revisions_downloads_gifts.up,
    down: migration_20261123_144354_after_revisions_downloads_gifts.down,
    name: '20261123_144354_after_revisions_downloads_gifts',
  },
  {
    up: migration_20261123_144647_admin_due_date.up,
    down: migration_20261123_144647_admin_due_date.down,
    name: '20261123_144647_admin_due_date',
  },
  {
    up: migration_20261123_151312_gdpr_customers_news_video.up,
    down: migration_20261123_151312_gdpr_customers_news_video.down,
    name: '20261123_151312_gdpr_customers_news_video',
  },
  {
    up: migration_20261123_174858_files_queue_mp3.up,
    down: migration_20261123_174858_files_queue_mp3.down,
    name: '20261123_174858_files_queue_mp3',
  },
  {
    up: migration_20261125_181608_issue18_payment_incidents_unique_invoices.up,
    down: migration_20261125_181608_issue18_payment_incidents_unique_invoices.down,
    name: '20261125_181608_issue18_payment_incidents_unique_invoices',
  },
  {
    up: migration_20261126_060046_issue20_order_idempotency_key.up,
    down: migration_20261126_060046_issue20_order_idempotency_key.down,
    name: '20261126_060046_issue20_order_idempotency_key',
  },
  {
    up: migration_20261126_075128_issue20_storage_fields.up,
    down: migration_20261126_075128_issue20_storage_fields.down,
    name: '20261126_075128_issue20_storage_fields',
  },
  {
    up: migration_20261126_104504_issue21_audio_peaks.up,
    down: migration_20261126_104504_issue21_audio_peaks.down,
    name: '20261126_104504_issue21_audio_peaks',
  },
  {
    up: migration_20261126_104505_issue21_queue_peaks_of_existing_audio.up,
    down: migration_20261126_104505_issue21_queue_peaks_of_existing_audio.down,
    name: '20261126_104505_issue21_queue_peaks_of_existing_audio',
  },
  {
    up: migration_20261127_091818_issue32_drafts_and_scheduled_releases.up,
    down: migration_20261127_091818_issue32_drafts_and_scheduled_releases.down,
    name: '20261127_091818_issue32_drafts_and_scheduled_releases',
  },
  {
    up: migration_20261127_092020_issue32_followers.up,
    down: migration_20261127_092020_issue32_followers.down,
    name: '20261127_092020_issue32_followers',
  },
  {
    up: migration_20261127_122605_issue34_podcast_switch.up,
    down: migration_20261127_122605_issue34_podcast_switch.down,
    name: '20261127_122605_issue34_podcast_switch',
  },
  {
    up: migration_20261127_122912_issue32_follower_mailings.up,
    down: migration_20261127_122912_issue32_follower_mailings.down,
    name: '20261127_122912_issue32_follower_mailings',
  },
  {
    up: migration_20261127_123757_issue33_catalog_sale_settings.up,
    down: migration_20261127_123757_issue33_catalog_sale_settings.down,
    name: '20261127_123757_issue33_catalog_sale_settings',
  },
  {
    up: migration_20261127_152418_issue33_purchases_library.up,
    down: migration_20261127_152418_issue33_purchases_library.down,
    name: '20261127_152418_issue33_purchases_library',
  },
  {
    up: migration_20261127_152810_issue33_h33e_download_codes.up,
    down: migration_20261127_152810_issue33_h33e_download_codes.down,
    name: '20261127_152810_issue33_h33e_download_codes',
  },
  {
    up: migration_20261127_153449_issue33_h33b_purchase_payments.up,
    down: migration_20261127_153449_issue33_h33b_purchase_payments.down,
    name: '20261127_153449_issue33_h33b_purchase_payments',
  },
]
