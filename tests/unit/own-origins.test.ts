import { requestSource } from '../../src/http/same-origin'
import { isLoopbackHost, ownOrigins } from '../../src/site/public-url'

/**
 * The shop's own origins, which the same-origin write guard and Payload's csrf list accept:
 * PUBLIC_URL's origin, and while it names a loopback host (or is unset, as on a newcomer's
 * `npm start`), the loopback aliases of the same scheme and port, so http://127.0.0.1:3000 and
 * http://[::1]:3000 work beside the printed http://localhost:3000. A real PUBLIC_URL stays strict.
 */

const withPublicUrl = (publicUrl: string | undefined, port: string | undefined, check: () => void) => {
  const saved = { PUBLIC_URL: process.env.PUBLIC_URL, PORT: process.env.PORT }
  if (publicUrl === undefined) delete process.env.PUBLIC_URL
  else process.env.PUBLIC_URL = publicUrl
  if (port === undefined) delete process.env.PORT
  else process.env.PORT = port
  try {
    check()
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
}

const sourceOf = (origin: string) => requestSource(new Headers({ Origin: origin }))

describe('isLoopbackHost', () => {
  it('knows localhost, 127.0.0.0/8 and [::1] as URL hostnames', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopbackHost(host)).toBe(true)
  })
  it('knows nothing else', () => {
    for (const host of ['shop.example', 'localhost.example', '128.0.0.1', '10.0.0.1', '[::2]', '0.0.0.0', '127.0.0.1.example', ''])
      expect(isLoopbackHost(host)).toBe(false)
  })
})

describe('ownOrigins and the write guard', () => {
  it('with PUBLIC_URL unset, accepts localhost, 127.0.0.1 and [::1] on PORT', () => {
    withPublicUrl(undefined, '3000', () => {
      expect(ownOrigins()).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']))
      for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) expect(sourceOf(origin)).toBe('same-origin')
    })
  })

  it('with a loopback PUBLIC_URL, accepts its loopback aliases on the same port only', () => {
    withPublicUrl('http://127.0.0.1:4123', undefined, () => {
      for (const origin of ['http://127.0.0.1:4123', 'http://localhost:4123', 'http://[::1]:4123']) expect(sourceOf(origin)).toBe('same-origin')
      for (const origin of ['http://localhost:4124', 'http://127.0.0.1:3000', 'https://localhost:4123', 'http://localhost', 'http://attacker.example:4123'])
        expect(sourceOf(origin)).toBe('foreign')
    })
  })

  it('keeps a real PUBLIC_URL strict: 127.0.0.1 and localhost of the same port are foreign', () => {
    withPublicUrl('https://shop.example', undefined, () => {
      expect(ownOrigins()).toEqual(['https://shop.example'])
      expect(sourceOf('https://shop.example')).toBe('same-origin')
      for (const origin of ['https://127.0.0.1', 'https://localhost', 'http://127.0.0.1:3000', 'http://localhost:3000', 'https://[::1]'])
        expect(sourceOf(origin)).toBe('foreign')
    })
  })
})
