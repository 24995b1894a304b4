import { bold, bulletList, heading, italic, link, numberedList, paragraph as p, richText } from '@/rich-text/lexical-json'
import { LEGAL_ROUTES } from '@/site/routes'
import { traderDetails, traderValue, vatNotice } from '../trader-blocks'
import type { LegalDefaults } from './types'

/**
 * The English default legal texts, the counterpart of de.ts section by section. The withdrawal
 * instructions and the model form follow the English wording of Annex I (A) and (B) of Directive
 * 2011/83/EU, the source of the German statutory models.
 */

const h2 = (title: string) => heading('h2', title)
const route = (page: keyof typeof LEGAL_ROUTES) => LEGAL_ROUTES[page].en
/** The online withdrawal function of § 356a BGB (the page "Withdraw from contract"). */
const WITHDRAWAL_FUNCTION = '/en/withdraw'
const STRIPE = 'Stripe Payments Europe, Limited, 1 Grand Canal Street Lower, Grand Canal Dock, Dublin, D02 H210, Ireland'

const terms = richText(
  h2('§ 1 Scope'),
  p(
    '(1) These general terms and conditions apply to all contracts that consumers ("customer" or "you") conclude with us through this website, in particular for individually composed songs (custom songs) that we provide as digital content. A consumer is any natural person who concludes a legal transaction for purposes that are predominantly outside their trade, business or profession (§ 13 BGB).',
  ),
  p(
    '(2) The version of these terms in force when you place your order applies. Terms of the customer that differ from them apply only if we expressly agree to them.',
  ),
  p(
    '(3) Listening to the music in the player of this website (streaming) is free of charge and for private use only. It grants no right to download, copy or publicly perform this music.',
  ),

  h2('§ 2 Contracting party'),
  p('Your contracting party is:'),
  traderDetails('contact'),
  p('Further trader details are given in the ', link(route('imprint'), 'imprint'), '.'),

  h2('§ 3 Conclusion of the contract'),
  p('(1) The presentation of our packages on this website is not a legally binding offer but an invitation to you to place an order.'),
  p('(2) Ordering takes these steps:'),
  numberedList(
    ['choosing a package, a use and a focus theme;'],
    ['optionally: a personal note, the "streaming release" option and – with the VocalBalance and DeepFlow packages – a recording of your voice;'],
    ['putting the song into the cart;'],
    ['logging in to your customer account or registering a new one;'],
    [
      'choosing the payment method, optionally giving a name and address for the invoice, accepting these terms and taking note of the withdrawal instructions;',
    ],
    ['sending the order with the button "zahlungspflichtig bestellen" ("order with obligation to pay").'],
  ),
  p(
    '(3) Until you send the order you can check your entries and correct input errors: in the overview of your custom song with the "Back" button, in the cart by removing a song and putting it together again, and in the order form directly in its fields. You can cancel the ordering process at any time by leaving the page.',
  ),
  p(
    '(4) By clicking the button "zahlungspflichtig bestellen" you make a binding offer to conclude a contract for the songs in your order. Immediately afterwards we confirm receipt of your order by e-mail (order confirmation). With this e-mail we accept your offer; the contract is concluded when it reaches you.',
  ),
  p(
    '(5) The order confirmation contains the content of the contract with these terms and the withdrawal instructions with the model withdrawal form. We store the text of the contract. You can see your orders in your customer account at any time; the terms in force are on this page, from which you can print or save them.',
  ),
  p('(6) The languages of the contract are German and English.'),

  h2('§ 4 Performance and provision of the digital content'),
  p(
    '(1) We compose and produce your song especially for you, following your choices (package, use, focus theme, personal note and, where given, your voice recording). The scope of performance is the description of the chosen package at the time of your order. Within your choices we are free in the artistic design of the song.',
  ),
  p(
    '(2) We start composing as soon as we have received your payment. We provide the finished song as a digital audio file in your customer account, to listen to and to download, at the latest 30 days after receipt of payment. No physical medium is delivered; there are no shipping costs.',
  ),
  p('(3) In your customer account you can confirm that you are happy with the song. This does not affect your statutory rights in case of defects (§ 8).'),
  p(
    '(4) If you send us a voice recording, you assure us that it is your own voice or that the persons recorded agree to its use for your song, and that the recording infringes no rights of third parties.',
  ),
  p(
    '(5) Upon full payment we grant you the simple right, unlimited in time and place, to use the song composed for you privately, in particular to listen to it, to copy it for private purposes, to play it in private and to give it as a present. Commercial use, public performance and publication require our prior consent. The copyright in the song remains with us.',
  ),
  p(
    '(6) If you have chosen the "streaming release" option, we additionally publish the finished song on common music streaming services. We decide which services and when.',
  ),

  h2('§ 5 Prices'),
  p('(1) The prices shown on this website when you place your order apply.'),
  vatNotice(),
  p('(2) Surcharges for additional options such as the streaming release are shown separately before you order. There are no shipping costs.'),
  p('(3) Payment methods and due date are governed by our ', link(route('paymentTerms'), 'payment terms'), '.'),

  h2('§ 6 Retention of title'),
  p(
    'Any goods we deliver remain our property until paid in full. We provide digital content only after receipt of payment; you acquire the rights of use under § 4 (5) upon full payment.',
  ),

  h2('§ 7 Right of withdrawal'),
  p(
    'Consumers have a statutory right of withdrawal as set out in our ',
    link(route('withdrawal'), 'withdrawal instructions'),
    '. It does not exist for contracts for goods made to your personal specifications (§ 312g (2) no. 1 BGB), and for digital content it can expire early (§ 356 (5) BGB). You can also withdraw through the withdrawal function ',
    link(WITHDRAWAL_FUNCTION, 'Withdraw from contract'),
    '.',
  ),

  h2('§ 8 Warranty and liability'),
  p('(1) The statutory provisions on defects apply, for digital content in particular §§ 327 et seq. BGB.'),
  p(
    '(2) We are liable without limitation for intent and gross negligence, for injury to life, body or health, under the Product Liability Act and to the extent of a guarantee we have given. For a slightly negligent breach of an essential contractual obligation – an obligation whose fulfilment makes the proper performance of the contract possible in the first place and on whose observance you may regularly rely – our liability is limited to the foreseeable damage typical for the contract. Otherwise we are not liable for slight negligence.',
  ),

  h2('§ 9 Applicable law and dispute resolution'),
  p(
    '(1) The law of the Federal Republic of Germany applies, excluding the UN Convention on Contracts for the International Sale of Goods. For consumers this choice of law applies only insofar as it does not deprive them of the protection of mandatory provisions of the law of the state in which they have their habitual residence.',
  ),
  p('(2) We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.'),
  p('(3) Should a provision of these terms be invalid, the rest of the contract remains valid (§ 306 BGB).'),
)

const paymentTerms = richText(
  h2('1. Prices'),
  vatNotice(),
  p(
    'The prices shown when you place your order apply. Surcharges for additional options such as the streaming release are shown separately before you order. As we deliver digitally only, there are no shipping costs.',
  ),

  h2('2. Payment methods'),
  p('You can choose between:'),
  bulletList(
    [
      bold('PayPal'),
      ' – after sending the order you are taken to the secure payment page of our payment service provider Stripe, where you log in to PayPal and approve the payment.',
    ],
    [
      bold('Credit card'),
      ' – you enter your card details on the secure payment page of Stripe; your card is charged when the payment is completed. The cards shown there are accepted. We do not receive your full card details.',
    ],
    [
      bold('Prepayment by bank transfer'),
      ' – after ordering, the order page and your customer account show our bank details, the amount and the payment reference, with a QR code (GiroCode) for your banking app. Please state the payment reference so that we can match your payment.',
    ],
  ),
  p(
    `Payments by PayPal and credit card are processed for us by ${STRIPE}. If you cancel the payment or it fails, you can pay later from your customer account at any time.`,
  ),

  h2('3. Due date'),
  p('The price is due for payment immediately upon conclusion of the contract.'),
  p(
    'For payment by PayPal or credit card we start work as soon as the payment service provider has confirmed the payment to us. Orders paid in advance by bank transfer are processed only after the full amount has reached our account; please transfer it within 14 days of your order.',
  ),

  h2('4. Invoice'),
  p('As soon as your payment has arrived, we issue an invoice. You can download it as a PDF in your customer account.'),

  h2('5. Refunds'),
  p(
    'Refunds, for example after an effective withdrawal, are made using the same means of payment you used, unless expressly agreed otherwise with you; you are not charged any fees for them. For prepayment we transfer the amount back to the account your payment came from.',
  ),
)

const withdrawal = richText(
  p(
    'Consumers have a right of withdrawal as follows. A consumer is any natural person who concludes a legal transaction for purposes that are predominantly outside their trade, business or profession.',
  ),
  h2('Right of withdrawal'),
  p('You have the right to withdraw from this contract within 14 days without giving any reason.'),
  p('The withdrawal period will expire after 14 days from the day of the conclusion of the contract.'),
  p(
    'To exercise the right of withdrawal, you must inform us (',
    traderValue('contact'),
    ') of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or e-mail). You may use the attached model withdrawal form, but it is not obligatory.',
  ),
  p(
    'You can also withdraw from the contract through the withdrawal function on our website: ',
    link(WITHDRAWAL_FUNCTION, 'Withdraw from contract'),
    '. If you use this option, we will confirm receipt of your withdrawal to you without delay on a durable medium (e.g. by e-mail).',
  ),
  p(
    'To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.',
  ),
  h2('Effects of withdrawal'),
  p(
    'If you withdraw from this contract, we shall reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us), without undue delay and in any event not later than 14 days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.',
  ),
  h2('Early expiry and exclusion of the right of withdrawal'),
  p(
    'For a contract for the supply of digital content which is not supplied on a tangible medium, the right of withdrawal expires once we have begun performance after you have',
  ),
  bulletList(
    ['expressly agreed that we begin performance before the end of the withdrawal period,'],
    ['acknowledged that by this consent you lose your right of withdrawal once performance has begun, and'],
    [
      'been provided by us with a confirmation of the contract recording your consent and acknowledgement on a durable medium (e.g. by e-mail) (§ 356 (5) BGB).',
    ],
  ),
  p(
    'There is no right of withdrawal for contracts for the supply of goods which are not prefabricated and for whose production an individual selection or determination by the consumer is decisive, or which are clearly tailored to the personal needs of the consumer (§ 312g (2) no. 1 BGB). Your custom song is composed especially for you according to your personal choices – package, use, focus theme, personal note and, where given, your voice.',
  ),
  p(italic('End of the withdrawal instructions')),
  h2('Model withdrawal form'),
  p('(Complete and return this form only if you wish to withdraw from the contract.)'),
  bulletList(
    ['To ', traderValue('postal'), ':'],
    [
      'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*),',
    ],
    ['Ordered on (*)/received on (*),'],
    ['Name of consumer(s),'],
    ['Address of consumer(s),'],
    ['Signature of consumer(s) (only if this form is notified on paper),'],
    ['Date'],
  ),
  p('(*) Delete as appropriate.'),
)

const privacy = richText(
  h2('1. Controller'),
  p('The controller responsible for processing personal data on this website within the meaning of the General Data Protection Regulation (GDPR) is:'),
  traderDetails('contact'),
  p(
    'We have not appointed a data protection officer because the law does not require us to. Please send questions about data protection to the e-mail address above.',
  ),

  h2('2. Visiting the website and hosting'),
  p(
    'When you visit our website, our servers process technically necessary data that your browser sends: IP address, date and time, the address requested, the amount of data transferred, the previous page and the browser identification. We need them to deliver the website, to keep it secure and to prevent abuse; for this we limit, for example, repeated login, registration and contact attempts per IP address. The legal basis is our legitimate interest in a secure and working service (Art. 6 (1) (f) GDPR). We delete these data after 14 days at the latest, unless we need them longer to investigate a specific security incident.',
  ),
  p('The website is run by a hosting provider that processes the data on our behalf and on our instructions (Art. 28 GDPR).'),

  h2('3. Customer account'),
  p(
    'To order, you create a customer account. We process your username, your e-mail address and your password, which we store only as a cryptographic hash. Through the account we handle your orders and provide your songs and invoices (Art. 6 (1) (b) GDPR). You can ask us to delete your account at any time; data we are obliged to keep (section 10) are blocked until the retention periods end.',
  ),

  h2('4. Orders'),
  p(
    'For your order we process the chosen package, use and focus theme, your personal note, the "streaming release" option, the payment method, the order and payment status and – if you give them – the name and address for the invoice. We need these data to conclude and perform the contract (Art. 6 (1) (b) GDPR) and for invoices and accounts, which tax and commercial law oblige us to keep (Art. 6 (1) (c) GDPR).',
  ),
  p(
    'If you voluntarily tell us about your health in your note or recording (for example about sleep or stress), we process this only to design your song, based on your explicit consent (Art. 9 (2) (a) GDPR). You can withdraw it at any time with effect for the future.',
  ),

  h2('5. Voice recordings'),
  p(
    'With the VocalBalance and DeepFlow packages you may add a recording of your voice to your order. Your browser asks for permission to use the microphone; recording happens only while you let it run. Until you order, the recording stays stored in your browser (IndexedDB); with the order it is sent to our server.',
  ),
  p(
    'We use the recording only to compose and produce your song (Art. 6 (1) (b) GDPR). We use no biometric methods to identify you. Only you and we can access the recording. We delete it as soon as it is no longer needed for the order and possible warranty claims, at the latest two years after the song was provided, earlier at your request. If your voice can be heard in the finished song and you have chosen the streaming release, the song with your voice becomes publicly available.',
  ),

  h2('6. Payments'),
  p(
    `Payments by PayPal and credit card are processed by ${STRIPE} ("Stripe"). We send Stripe the order number, amount and currency; you enter your payment details (such as card number or PayPal account) directly on Stripe's payment page, and we do not receive them. For PayPal, Stripe passes the necessary data to PayPal (Europe) S.à r.l. et Cie, S.C.A., 22–24 Boulevard Royal, L-2449 Luxembourg. The legal basis is Art. 6 (1) (b) GDPR.`,
  ),
  p(
    'Stripe and PayPal also process data as controllers in their own right, for example to prevent fraud and to meet legal obligations; their own privacy notices apply to this. Data may be transferred to Stripe, Inc. in the USA. Stripe is certified under the EU-U.S. Data Privacy Framework, for which an adequacy decision of the European Commission exists (Art. 45 GDPR).',
  ),
  p(
    'For prepayment we process the details of your bank transfer (account holder, IBAN, amount, payment reference) that our bank sends us, to match and book your payment (Art. 6 (1) (b) and (c) GDPR).',
  ),

  h2('7. Contact form and e-mail'),
  p(
    'If you write to us through the contact form or by e-mail, we process your name, your e-mail address and your message to answer your request. The legal basis is Art. 6 (1) (b) GDPR if your request concerns a contract with us, otherwise our legitimate interest in answering it (Art. 6 (1) (f) GDPR). We delete your request once it is settled, unless we are obliged to keep it (section 10).',
  ),

  h2('8. E-mails about your order'),
  p(
    'We send you e-mails about your order, among them the order confirmation with the terms and the withdrawal instructions (Art. 6 (1) (b) and (c) GDPR). To send them we use an e-mail service provider that processes the data on our behalf (Art. 28 GDPR). We send you e-mails about new music only if you have subscribed to them (section 8a).',
  ),

  h2('8a. News by e-mail (followers)'),
  p(
    'If you subscribe to "News by e-mail" (on the website, with one click in your customer account, or at checkout), we send you e-mails when new music or news comes out, at most two a month. The legal basis is your consent (Art. 6 (1) (a) GDPR, § 7 (2) no. 2 UWG). We use double opt-in: after signing up you receive an e-mail with a confirmation link that works for 48 hours; only after you confirm do we send you further e-mails. A purchase alone does not sign you up.',
  ),
  p(
    'For this we store your e-mail address, the language, the wording and version of your consent, the time of sign-up and of confirmation and, where applicable, your customer account. These data prove your consent (Art. 7 (1) GDPR). If the mail server of your address rejects an e-mail for good as undeliverable, we note this with its answer and send nothing more to that address. For each release we record whether its e-mail was sent to you, so that you never get it twice. Our e-mails contain no tracking pixels and no redirected links; images are loaded only from our own website. We do not record whether or when you open an e-mail or click a link.',
  ),
  p(
    "You can withdraw your consent at any time with effect for the future: with the unsubscribe link in every e-mail (one click, no login), with your e-mail program's unsubscribe function, or by writing to us. The unsubscribe page also shows which data we store about your sign-up and lets you download them. Sign-ups that are not confirmed are deleted after 7 days. After you unsubscribe we keep the proof of your consent for 3 more years (the regular limitation period, § 195 BGB) to be able to show that the earlier e-mails were wanted (Art. 6 (1) (c) and (f) GDPR); then we delete it. If you delete your customer account, your sign-up is deleted too.",
  ),

  h2('8b. Free downloads and download codes'),
  p(
    "If you ask for a free album or track without a customer account, we use your e-mail address to send you the link to the downloads (Art. 6 (1) (b) GDPR). We keep no list of our own for this: the address is only in our log of sent e-mails (without the link), as a record of the sending. So that nobody fills other people's inboxes through this form, we count requests per address and per internet connection; for this we store only a keyed hash of the address, for at most 24 hours. You get news by e-mail only if you tick the box for it and confirm your sign-up (section 8a).",
  ),
  p(
    'If you redeem a download code, we store with the code when and into which customer account it was redeemed (Art. 6 (1) (b) GDPR); the music then appears under "My music" in your account.',
  ),

  h2('9. Recipients'),
  p('Your data are received only by:'),
  bulletList(
    ['our hosting provider (running the website and database, storing recordings and songs) as a processor;'],
    ['our e-mail service provider (sending e-mails about your order and, if you subscribed to them, news) as a processor;'],
    ['Stripe and PayPal (payment processing) and the banks involved (bank transfers);'],
    ['tax advisers and tax authorities, where the law requires it (invoices and accounts).'],
  ),
  p('We deliver digitally only and therefore pass no data to shipping companies. We do not sell data.'),

  h2('10. Storage periods'),
  p('We keep personal data only as long as their purpose requires:'),
  bulletList(
    ['customer account: until you ask us to delete it;'],
    ['order data: until the warranty periods end, after that only as far as retention obligations apply;'],
    [
      'invoices and other accounting vouchers: eight years (§ 147 (1) no. 4 and (3) AO, § 14b (1) UStG); books, records and annual accounts: ten years (§ 147 (1) no. 1 and (3) AO); business letters received and sent: six years (§ 147 (1) nos. 2 and 3, (3) AO). The periods begin at the end of the calendar year in which the document was created (§ 147 (4) AO);',
    ],
    ['voice recordings: as described in section 5;'],
    ['contact requests: until settled, as business letters up to six years;'],
    ['news by e-mail: until you unsubscribe; unconfirmed sign-ups 7 days; the proof of consent 3 years after unsubscribing (section 8a);'],
    ['server logs and data for preventing abuse: 14 days at most.'],
  ),

  h2('11. Cookies and local storage'),
  p(
    'We use no analytics, tracking or advertising cookies. We store on your device only what is strictly necessary for the functions you use (§ 25 (2) no. 2 TDDDG); no consent is needed for this, which is why there is no cookie banner:',
  ),
  bulletList(
    [
      bold('Login'),
      ': the cookie "payload-token" and a login key in local storage keep you logged in; they are valid for two hours, renewed while you use the site and deleted when you log out.',
    ],
    [bold('Language'), ': the cookie "lang" remembers the language you chose for one year.'],
    [bold('Display'), ': local storage remembers whether you chose the light or the dark theme.'],
    [
      bold('Cart and custom song'),
      ': the cart and the draft of your custom song are kept in local storage, voice recordings in IndexedDB; they leave your browser only with your order.',
    ],
  ),
  p('These entries stay in your browser until they expire or you delete them there.'),
  p(
    'Videos in our news are loaded only when you ask for them with a click. Your browser then connects to YouTube (Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Ireland) in its privacy-enhanced mode (youtube-nocookie.com) and sends, among other things, your IP address. The legal basis is your consent given by the click (Art. 6 (1) (a) GDPR, § 25 (1) TDDDG). Links to our profiles on social networks are plain links; no data flow until you follow them.',
  ),

  h2('12. Your rights'),
  p('You have the right to'),
  bulletList(
    ['access to your data (Art. 15 GDPR),'],
    ['rectification (Art. 16 GDPR),'],
    ['erasure (Art. 17 GDPR),'],
    ['restriction of processing (Art. 18 GDPR),'],
    ['data portability (Art. 20 GDPR) and'],
    ['withdraw any consent given, with effect for the future (Art. 7 (3) GDPR).'],
  ),
  p(
    bold('Right to object: '),
    'where we process your data on the basis of our legitimate interest (Art. 6 (1) (f) GDPR), you may object at any time on grounds relating to your particular situation (Art. 21 GDPR).',
  ),
  p(
    'You may also lodge a complaint with a data protection supervisory authority (Art. 77 GDPR), in particular in the member state of your habitual residence, your place of work or the place of the alleged infringement. The authority responsible for us is the data protection supervisory authority of the German federal state in which we have our seat.',
  ),

  h2('13. Obligation to provide data, no automated decisions'),
  p(
    'We need the details for the customer account and the order to conclude the contract; without them no order is possible. The personal note, the voice recording and the invoice address are voluntary. There is no automated decision-making, including profiling (Art. 22 GDPR).',
  ),

  h2('14. Data security'),
  p('We transfer all data encrypted (TLS) and protect them by technical and organisational measures against loss and unauthorised access.'),
)

/*
 * No link to the EU online dispute resolution platform (ec.europa.eu/consumers/odr): Regulation
 * (EU) 2024/3228 repealed the ODR Regulation, the platform was shut down on 20 July 2025, and with
 * it the duty to link to it. A link to a page that no longer exists would itself be misleading.
 */
const imprint = richText(
  h2('Information according to § 5 DDG'),
  traderDetails('full'),
  h2('Responsible for the content according to § 18 (2) MStV'),
  p(traderValue('name'), ', ', traderValue('address')),
  h2('Consumer dispute resolution'),
  p('We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board (§ 36 VSBG).'),
  h2('Copyright'),
  p('The music, texts, pictures and videos on this website are protected by copyright. Any use beyond the limits of copyright law requires our prior consent.'),
)

export const en: LegalDefaults = {
  terms: { title: 'General terms and conditions', content: terms },
  paymentTerms: { title: 'Payment terms', content: paymentTerms },
  withdrawal: { title: 'Withdrawal instructions', content: withdrawal },
  privacy: { title: 'Privacy statement', content: privacy },
  imprint: { title: 'Imprint', content: imprint },
}
