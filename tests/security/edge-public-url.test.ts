import http from 'node:http'
import { BASE_URL } from '../support/http'

const FORGED = 'evil.example'

/** GET with a forged Host and X-Forwarded-Host (fetch cannot set Host; node:http can). */
function getWithForgedHost(path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(BASE_URL + path, { headers: { Host: FORGED, 'X-Forwarded-Host': `${FORGED}:443`, 'X-Forwarded-Proto': 'https' } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    request.on('error', reject)
  })
}

describe('absolute URLs come from PUBLIC_URL, never from the Host header', () => {
  it.each(['/sitemap.xml', '/robots.txt', '/', '/news'])('%s shows PUBLIC_URL and never a forged host', async (path) => {
    const { status, text } = await getWithForgedHost(path)
    expect(status).toBe(200)
    expect(text).not.toContain(FORGED)
    if (path.includes('.')) expect(text).toContain(process.env.PUBLIC_URL!)
  })
})
