/**
 * An e-mail address as the shop accepts it everywhere (registration, contact, withdrawal, the
 * forms): something@domain.tld without spaces. Forms hand EMAIL_PATTERN to their inputs; server
 * checks call isEmailAddress on the trimmed value.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** The longest address SMTP can carry (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254

export const isEmailAddress = (value: string): boolean => EMAIL_PATTERN.test(value)
