/** A username: 3 to 30 letters, digits, dots, hyphens or underscores (checked after trimming). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]{3,30}$/u

export const isUsername = (value: string): boolean => USERNAME_PATTERN.test(value)
