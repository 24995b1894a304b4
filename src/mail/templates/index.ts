import type { MailTemplate } from '../template'
import { confirmEmail } from './confirm-email'
import { contactCopy, contactReceipt } from './contact'
import { followConfirm, followWelcome } from './follow-confirm'
import { freeDownload } from './free-download'
import { orderConfirmation } from './order-confirmation'
import { passwordReset } from './password-reset'
import { purchaseConfirmation } from './purchase-confirmation'
import { purchasePaid } from './purchase-paid'
import { releaseTest } from './release-test'
import { paymentReceived } from './payment-received'
import { revisionRequested } from './revision-requested'
import { songDelivered } from './song-delivered'
import { welcome } from './welcome'
import { withdrawalNotice, withdrawalReceived } from './withdrawal-received'

/** Every kind of mail the shop sends, by the name stored with each queued mail. */
export const MAIL_TEMPLATES = {
  'order-confirmation': orderConfirmation,
  'payment-received': paymentReceived,
  'song-delivered': songDelivered,
  'revision-requested': revisionRequested,
  'contact-copy': contactCopy,
  'contact-receipt': contactReceipt,
  'withdrawal-received': withdrawalReceived,
  'withdrawal-notice': withdrawalNotice,
  'password-reset': passwordReset,
  welcome,
  'confirm-email': confirmEmail,
  'follow-confirm': followConfirm,
  'follow-welcome': followWelcome,
  'release-test': releaseTest,
  'purchase-confirmation': purchaseConfirmation,
  'purchase-paid': purchasePaid,
  // Issue 33 (h33e).
  'free-download': freeDownload,
} satisfies Record<string, MailTemplate>

export type MailTemplateName = keyof typeof MAIL_TEMPLATES

export const isMailTemplateName = (name: string): name is MailTemplateName => Object.hasOwn(MAIL_TEMPLATES, name)
