/**
 * The texts of the pages shown when a page fails (src/app/(frontend)/error.tsx,
 * src/app/global-error.tsx, and the outage page of src/http/outage-answers.ts), in both languages. A module of their own: error pages are client
 * components whose code comes with every page, and these few lines are all they need of the
 * message files (de.ts and en.ts hold them as `errorPage`).
 */
export const ERROR_PAGE_TEXTS = {
  de: {
    title: 'Hier ist etwas schiefgelaufen',
    text: 'Diese Seite konnte gerade nicht geladen werden. Versuch es bitte gleich noch einmal – oder kehr zur Startseite zurück.',
    retry: 'Erneut versuchen',
    home: 'Zur Startseite',
    stillLoading: 'Lädt...',
    outageTitle: 'Gleich wieder da',
    outageText: 'Der Shop ist gerade für einen Moment nicht erreichbar. Bitte versuch es gleich noch einmal.',
  },
  en: {
    title: 'Something went wrong here',
    text: 'This page could not be loaded just now. Please try again in a moment – or go back to the home page.',
    retry: 'Try again',
    home: 'Go to the home page',
    stillLoading: 'Loading...',
    outageTitle: 'Back in a moment',
    outageText: 'The shop cannot be reached for a moment. Please try again shortly.',
  },
} as const
