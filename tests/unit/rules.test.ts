import { CUSTOM_THEME, packageLabel, PAYMENT_METHOD_TABLE, PAYMENT_METHODS, paymentMethodLabel, paysOnline, themeLabel } from '../../src/rules/choices'
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../../src/rules/email'
import { PASSWORD_LENGTH, passwordProblemCode } from '../../src/rules/passwords'
import { isUsername } from '../../src/rules/usernames'

describe('themeLabel', () => {
  const names = { 'inner-peace': 'Innere Ruhe', [CUSTOM_THEME]: 'Eigenes Thema' }

  it("names the custom theme by the customer's own words", () => {
    expect(themeLabel({ theme: CUSTOM_THEME, customTheme: 'Mut für den Neuanfang' }, names)).toBe('Mut für den Neuanfang')
  })

  it("names any other theme by its name, even with stray text, and the custom theme without text by the theme's name", () => {
    expect(themeLabel({ theme: 'inner-peace', customTheme: 'stray text' }, names)).toBe('Innere Ruhe')
    expect(themeLabel({ theme: CUSTOM_THEME, customTheme: '' }, names)).toBe('Eigenes Thema')
    expect(themeLabel({ theme: CUSTOM_THEME, customTheme: null }, names)).toBe('Eigenes Thema')
  })

  it('falls back to the slug of a theme no longer listed', () => {
    expect(themeLabel({ theme: 'gone' }, names)).toBe('gone')
  })
})

describe('packageLabel', () => {
  const order = { package: 'deepflow', package_name: 'DeepFlow (Deutsch)' }

  it("names an ordered package in the reader's language while the catalog has it, else by the name it was sold under, else by its slug", () => {
    expect(packageLabel(order, { deepflow: 'DeepFlow' })).toBe('DeepFlow')
    expect(packageLabel(order, { other: 'Other' })).toBe('DeepFlow (Deutsch)')
    expect(packageLabel({ package: 'deepflow', package_name: null }, {})).toBe('deepflow')
    expect(packageLabel({ package: 'deepflow', package_name: '' })).toBe('deepflow')
  })

  it('names it as it was sold (the invoice, Stripe, the download) when no names are given', () => {
    expect(packageLabel(order)).toBe('DeepFlow (Deutsch)')
  })
})

describe('payment methods', () => {
  it('pays card and PayPal online, prepayment by bank transfer', () => {
    expect(paysOnline('credit_card')).toBe(true)
    expect(paysOnline('paypal')).toBe(true)
    expect(paysOnline('prepayment')).toBe(false)
  })

  it('names each method from one table: in the shop in German and English, on the invoice as before (issue 33)', () => {
    expect(PAYMENT_METHODS).toEqual(['paypal', 'credit_card', 'prepayment'])
    expect(PAYMENT_METHODS.map((method) => paymentMethodLabel(method, 'de'))).toEqual(['PayPal', 'Kreditkarte', 'Vorkasse (Überweisung)'])
    expect(PAYMENT_METHODS.map((method) => paymentMethodLabel(method, 'en'))).toEqual(['PayPal', 'Credit card', 'Prepayment (bank transfer)'])
    expect(PAYMENT_METHODS.map((method) => PAYMENT_METHOD_TABLE[method].onInvoice)).toEqual(['PayPal', 'Kreditkarte', 'Überweisung (Vorkasse)'])
  })
})

describe('isEmailAddress', () => {
  it.each(['a@example.com', 'mara.sommer+shop@mail.example.de', 'ä@bücher.de'])('accepts %p', (address) => {
    expect(isEmailAddress(address)).toBe(true)
  })

  it.each(['', 'mara', 'mara@', '@example.com', 'mara@example', 'mara@@example.com', 'ma ra@example.com', 'mara@example..com', ' a@example.com'])(
    'refuses %p',
    (address) => {
      expect(isEmailAddress(address)).toBe(false)
    },
  )

  it('knows the longest address SMTP carries', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254)
  })
})

describe('isUsername', () => {
  it.each(['mara', 'Mara_S.', 'jürgen-1', 'a'.repeat(30)])('accepts %p', (name) => {
    expect(isUsername(name)).toBe(true)
  })

  it.each(['ab', 'a'.repeat(31), 'mara sommer', 'mara@shop', ''])('refuses %p', (name) => {
    expect(isUsername(name)).toBe(false)
  })
})

describe('passwordProblemCode', () => {
  it('takes a password from the minimum to the maximum length', () => {
    expect(passwordProblemCode('k'.repeat(PASSWORD_LENGTH.min - 1))).toBe('password_too_short')
    expect(passwordProblemCode('Klang-Welle')).toBeNull()
    expect(passwordProblemCode('x7'.repeat(PASSWORD_LENGTH.max / 2))).toBeNull()
    expect(passwordProblemCode('x7'.repeat(PASSWORD_LENGTH.max / 2) + 'y')).toBe('password_too_long')
  })

  it('refuses a common password in any case', () => {
    expect(passwordProblemCode('passwort123')).toBe('password_too_common')
    expect(passwordProblemCode('PassWort123')).toBe('password_too_common')
  })

  it('keeps the limits the forms and messages state', () => {
    expect(PASSWORD_LENGTH).toEqual({ min: 8, max: 200 })
  })
})
