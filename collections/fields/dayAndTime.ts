/**
 * How the admin shows a date with its time: the same in both admin languages, because Payload's
 * date picker ignores the admin language (a localized pattern came out in English in German).
 */
export const DAY_AND_TIME = { pickerAppearance: 'dayAndTime', displayFormat: 'dd.MM.yyyy HH:mm' } as const
