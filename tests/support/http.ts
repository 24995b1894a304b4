/** The running shop under test (scripts/test.ts starts it and sets BASE_URL). */
export const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')

export async function getJson(path: string, init: RequestInit = {}) {
  const response = await fetch(BASE_URL + path, { redirect: 'manual', ...init })
  const text = await response.text()
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return { status: response.status, headers: response.headers, body: body as any }
}
