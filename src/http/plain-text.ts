/**
 * Control characters other than line breaks and tabs in text a customer typed: PostgreSQL cannot
 * store NUL, and the others have no place in a message or a dedication.
 */
export const hasControlCharacters = (text: string): boolean => /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)
