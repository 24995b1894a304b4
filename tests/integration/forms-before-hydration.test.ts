import { BASE_URL } from '../support/http'

/**
 * Every server-rendered form keeps its fields disabled until React has taken it over
 * (src/components/forms/HydratedFieldset.tsx): a field filled before then would be reset to the
 * form's default (react-hook-form, and fields whose value lives in React state), and a click
 * would submit the bare HTML form, its values in the URL. Checked on the HTML the server sends.
 */

const FORM_PAGES = [
  { name: 'login', path: '/login' },
  { name: 'login inside the checkout (logged out)', path: '/checkout' },
  { name: 'forgotten password', path: '/forgot-password' },
  { name: 'new password (the mail’s link)', path: '/reset-password?token=any-token' },
  { name: 'contact', path: '/contact' },
  { name: 'withdrawal (German)', path: '/vertrag-widerrufen' },
  { name: 'withdrawal (English)', path: '/en/withdraw' },
  { name: 'redeeming a download code, logged out (the login beside it)', path: '/einloesen' },
  { name: 'redeeming a download code (English)', path: '/en/redeem' },
  { name: 'wizard details', path: '/custom-songs/soundtouch/meditation' },
  { name: 'wizard details with a voice recording', path: '/custom-songs/vocalbalance/meditation' },
]

/**
 * A plain HTML form that posts to a route handler (the follow forms, src/components/follow/): it
 * works without JavaScript by design, keeps no state in React and sends nothing in the URL, so it
 * has no fieldset to wait for React.
 */
const isPlainPostForm = (attributes: string) => /\smethod="post"/i.test(attributes) && /\saction="\/api\//i.test(attributes)

/** Tags as React writes them: it escapes `<` and `>` inside attribute values, so a tag ends at the first `>`. */
const TAG = /<(\/?)(form|fieldset|input|select|textarea|button)\b([^>]*)>/gi
const isDisabled = (attributes: string) => /\sdisabled(?:=|\s|\/|$)/i.test(attributes)
const isSubmitButton = (attributes: string) => !/\stype="(?:button|reset)"/i.test(attributes)

/** The forms in `html`, each with its fields (and submit buttons) that are not disabled by a fieldset around them. */
function formsOf(html: string): { usable: string[]; fields: number }[] {
  const forms: { usable: string[]; fields: number }[] = []
  let form: { usable: string[]; fields: number } | null = null
  const fieldsets: boolean[] = []
  for (const [tag, closing, name, attributes] of html.matchAll(TAG)) {
    const element = name.toLowerCase()
    if (element === 'form') {
      form = closing ? null : { usable: [], fields: 0 }
      if (form && isPlainPostForm(attributes)) form = null
      else if (form) forms.push(form)
    } else if (element === 'fieldset') {
      if (closing) fieldsets.pop()
      else fieldsets.push(isDisabled(attributes))
    } else if (form && !closing) {
      const covered = fieldsets.some(Boolean)
      if (element === 'button') {
        if (isSubmitButton(attributes) && !covered && !isDisabled(attributes)) form.usable.push(tag)
      } else {
        form.fields += 1
        if (!covered) form.usable.push(tag)
      }
    }
  }
  return forms
}

describe('forms before React has taken them over', () => {
  it.each(FORM_PAGES)('$name ($path): every field of its form sits in a disabled fieldset in the server’s HTML', async ({ path }) => {
    const response = await fetch(BASE_URL + path, { headers: { 'Accept-Language': 'de' } })
    expect(response.status).toBe(200)
    const forms = formsOf(await response.text())
    expect(forms.length).toBeGreaterThan(0)
    for (const form of forms) {
      expect(form.fields).toBeGreaterThan(0)
      expect(form.usable).toEqual([])
    }
  })

  it('the check itself finds a field outside a disabled fieldset and a submit button that is not disabled', () => {
    expect(formsOf('<form><fieldset disabled=""><input name="a"/></fieldset><input name="b"/><button type="submit">Go</button></form>')).toEqual([
      { usable: ['<input name="b"/>', '<button type="submit">'], fields: 2 },
    ])
    expect(formsOf('<form><fieldset><input name="a"/></fieldset><button>Go</button></form>')[0].usable).toHaveLength(2)
    expect(formsOf('<form><fieldset disabled=""><fieldset><input name="a"/></fieldset></fieldset><button disabled="">Go</button></form>')[0].usable).toEqual([])
    // A plain form posting to a route handler is left alone; one that would send its values in the URL (GET) is not.
    expect(formsOf('<form method="post" action="/api/followers/"><input name="email"/><button>Go</button></form>')).toEqual([])
    expect(formsOf('<form action="/api/followers/"><input name="email"/></form>')[0].usable).toHaveLength(1)
  })
})
