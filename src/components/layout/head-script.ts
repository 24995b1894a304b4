/** localStorage key of the visitor's theme choice (spec: "a dark setting is stored locally"). */
export const THEME_STORAGE_KEY = 'theme'

/**
 * Runs in <head> before the first paint: the stored choice, else the system preference,
 * so a dark-theme visitor never sees a light flash.
 */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='dark'&&t!=='light'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}document.documentElement.dataset.theme=t}catch(e){}})()`
