import { CART_STORAGE_KEY } from '@/cart/cart-storage'

/** localStorage key of the visitor's theme choice (spec: "a dark setting is stored locally"). */
export const THEME_STORAGE_KEY = 'theme'

/**
 * Runs in <head> before the first paint and marks <html> with what only the browser knows:
 * - `data-theme`: the stored choice, else the system preference, so a dark-theme visitor never
 *   sees a light flash;
 * - `data-cart="filled"` when the stored cart holds anything, so the cart page can show its
 *   server-rendered empty state at once and hide it only for the visitors whose cart is not empty
 *   (issue 29: the page's largest text no longer waits for the scripts).
 */
export const HEAD_SCRIPT = `(function(){var d=document.documentElement.dataset;try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='dark'&&t!=='light'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}d.theme=t}catch(e){}try{var c=JSON.parse(localStorage.getItem('${CART_STORAGE_KEY}')||'[]');if(Array.isArray(c)&&c.length>0)d.cart='filled'}catch(e){}})()`
