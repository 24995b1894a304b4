import { getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { loginSeller } from '../support/users'

/** The news article's YouTube field (collections/News/fields/youtube.ts): checked on the server, stored as the video id. */
let seller: { token: string }
beforeAll(async () => {
  seller = await loginSeller()
})
afterAll(closeTestPayload)

const createNews = (youtube: string) =>
  getJson('/api/cms/news', {
    method: 'POST',
    headers: { Authorization: `JWT ${seller.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: `Video-Test ${Date.now()}`, date: '2021-03-01T10:00:00.000Z', youtube, _status: 'published' }),
  })

describe('news YouTube field', () => {
  it.each([['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42'], ['https://youtu.be/dQw4w9WgXcQ'], ['https://www.youtube.com/shorts/dQw4w9WgXcQ']])(
    'stores only the video id of %s, and the news API answers the watch link',
    async (link) => {
      const { status, body } = await createNews(link)
      expect(status).toBe(201)
      const stored = await (await testPayload()).findByID({ collection: 'news', id: body.doc.id, depth: 0 })
      expect(stored.youtube).toBe('dQw4w9WgXcQ')
      const api = await getJson(`/api/music/news/${body.doc.id}/`)
      expect(api.body.youtube_url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
      await (await testPayload()).delete({ collection: 'news', id: body.doc.id })
    },
  )

  it.each([
    ['http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://evil.example/watch?v=dQw4w9WgXcQ'],
    ['javascript:alert(1)'],
    ['https://www.youtube.com/watch?v=kurz'],
  ])('refuses %s with 400', async (link) => {
    const { status, body } = await createNews(link)
    expect(status).toBe(400)
    expect(JSON.stringify(body)).toContain('YouTube')
  })
})
