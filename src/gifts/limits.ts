/** The dedication on a gift page: a few warm lines, not a letter. */
export const DEDICATION_MAX_LENGTH = 500

/** Gift links one customer may keep open per order; enough for family and friends, no mass distribution. */
export const OPEN_GIFT_LINKS_PER_ORDER = 10
