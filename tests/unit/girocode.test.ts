import jsQR from 'jsqr'
import QRCode from 'qrcode'
import sharp from 'sharp'
import { epcPayload, girocodeSvg, isValidIban, printedIban } from '@/payments/girocode'

const transfer = {
  accountHolder: 'Lina Sommer',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  amountCents: 15395,
  reference: 'Bestellung 42',
}

/** Decodes a QR code the way a banking app's camera would: from pixels. */
async function decodeQr(payload: string): Promise<string | undefined> {
  const png = await QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', margin: 4, scale: 4 })
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
}

describe('GiroCode (EPC069-12)', () => {
  it('carries the EPC fields in their order, the amount with two decimals and the reference', () => {
    expect(epcPayload(transfer).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Lina Sommer',
      'DE89370400440532013000',
      'EUR153.95',
      '',
      '',
      'Bestellung 42',
    ])
    expect(epcPayload({ ...transfer, amountCents: 3900 })).toContain('\nEUR39.00\n')
    expect(epcPayload({ ...transfer, amountCents: 5 })).toContain('\nEUR0.05\n')
  })

  it('leaves the BIC empty when none is given (version 002)', () => {
    expect(epcPayload({ ...transfer, bic: null }).split('\n')[4]).toBe('')
  })

  it('refuses data a bank would refuse instead of drawing a broken code', () => {
    expect(() => epcPayload({ ...transfer, iban: 'DE89 3704 0044 0532 0130 01' })).toThrow(/IBAN/)
    expect(() => epcPayload({ ...transfer, bic: 'NOPE' })).toThrow(/BIC/)
    expect(() => epcPayload({ ...transfer, amountCents: 0 })).toThrow(/amount/)
    expect(() => epcPayload({ ...transfer, amountCents: 12.5 })).toThrow(/amount/)
    expect(() => epcPayload({ ...transfer, accountHolder: 'x'.repeat(71) })).toThrow(/account holder/)
    expect(() => epcPayload({ ...transfer, reference: '' })).toThrow(/reference/)
  })

  it('checks IBANs by ISO 13616 and prints them in groups of four', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true)
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true)
    expect(isValidIban('DE88370400440532013000')).toBe(false)
    expect(isValidIban('DE89')).toBe(false)
    expect(printedIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00')
  })

  it('draws a QR code that decodes to exactly the payload', async () => {
    expect(await decodeQr(epcPayload(transfer))).toBe(epcPayload(transfer))
    const svg = await girocodeSvg(transfer)
    expect(svg).toMatch(/^<svg[^>]+viewBox/)
  })
})
