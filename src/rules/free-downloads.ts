/*
 * Free downloads (issue 33): an album or track whose name-your-price minimum is 0 (isFreeToTake in
 * catalog-sale.ts) is taken into "Meine Musik" by a logged-in customer, or by e-mail: a mail with a
 * link to the download buttons. The mail's template, the page and the tests read these here.
 */

/** How long the mail's link (and the download links its page shows) work. */
export const FREE_DOWNLOAD_LINK_HOURS = 48
