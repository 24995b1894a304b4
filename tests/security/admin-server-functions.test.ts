import { readFileSync } from 'node:fs'
import path from 'node:path'
import { customerById } from '@/components/admin/orders/lookups'
import { CONSENTS } from '../support/orders'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, JEST_SELLER, loginSeller, type TestCustomer } from '../support/users'

/**
 * The admin panel talks to the server through one Next server action, the `serverFunction` of
 * src/app/(payload)/layout.tsx, which hands a function name and arguments to Payload's
 * handleServerFunctions. Payload checks admin access inside most of its functions; a second wall
 * in front of it refuses every caller who is not the seller before Payload sees the call, so a
 * future hole in one of Payload's functions leaks nothing. And the admin's own data reads (the
 * orders list's customer cell) read with the viewer's access, not the server's.
 */

/**
 * Every server function @payloadcms/next 3.90.2 registers (baseServerFunctions in
 * node_modules/@payloadcms/next/dist/utilities/handleServerFunctions.js), each with arguments
 * that would return data to an admin, and a name it does not know.
 */
const SERVER_FUNCTIONS: Record<string, Record<string, unknown>> = {
  'copy-data-from-locale': { collectionSlug: 'packages', docID: 1, fromLocale: 'de', toLocale: 'en', overrideData: false },
  'form-state': { collectionSlug: 'users', operation: 'update', id: 1, schemaPath: 'users', renderAllFields: true, formState: {} },
  'get-default-layout': {},
  'get-folder-results-component-and-data': { browseByFolder: false, displayAs: 'list', folderID: null, sort: 'name' },
  'get-upcoming-scheduled-publish': { collectionSlug: 'orders', docID: 1 },
  'render-document': { collectionSlug: 'users', docID: 1, drawerSlug: 'doc', redirectAfterDelete: false, redirectAfterDuplicate: false },
  'render-document-slots': { collectionSlug: 'users', id: 1 },
  'render-field': { schemaPath: 'orders.customer', path: 'customer', value: 1, fieldName: 'customer' },
  'render-list': { collectionSlug: 'orders', disableActions: true, enableRowSelections: false, query: { limit: 100, sort: '-createdAt' } },
  'render-widget': { widgetSlug: 'collections', widgetConfig: {} },
  'schedule-publish': { type: 'publish', collectionSlug: 'packages', doc: { value: 1, relationTo: 'packages' }, date: new Date().toISOString() },
  slugify: { collectionSlug: 'packages', path: 'slug', valueToSlugify: 'Geheime Sache' },
  'table-state': {
    collectionSlug: 'orders',
    columns: [],
    enableRowSelections: false,
    query: { limit: 100, sort: '-createdAt' },
    renderRowTypes: true,
    tableAppearance: 'default',
  },
  'no-such-function': {},
}

afterAll(closeTestPayload)

/** The id Next gave the admin's server action in this build (the build's server-reference manifest). */
function serverFunctionActionId(): string {
  const manifest = JSON.parse(readFileSync(path.join(process.cwd(), '.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string; workers: Record<string, unknown> }>
  }
  const ids = Object.entries(manifest.node)
    .filter(([, action]) => /\(payload\)\/layout\.tsx$/.test(action.filename ?? ''))
    .map(([id]) => id)
  if (ids.length !== 1) throw new Error(`expected one server action in src/app/(payload)/layout.tsx, found ${ids.length}`)
  return ids[0]!
}

/** A POST of the action as the admin's browser makes it (React's encodeReply of one plain object is its JSON). */
async function callServerFunction(actionId: string, name: string, args: Record<string, unknown>, token?: string) {
  const response = await fetch(`${BASE_URL}/admin`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Next-Action': actionId,
      Accept: 'text/x-component',
      'Content-Type': 'text/plain;charset=UTF-8',
      Origin: BASE_URL,
      'Sec-Fetch-Site': 'same-origin',
      ...(token ? { Cookie: `payload-token=${token}` } : {}),
    },
    body: JSON.stringify([{ name, args }]),
  })
  return { status: response.status, text: await response.text() }
}

/**
 * A refusal: the action's answer carries an error and nothing else — no value row. Next encodes
 * a thrown error as a row `<n>:E{"digest":…}` and, in production, hides its message.
 */
const isRefusal = ({ status, text }: { status: number; text: string }) =>
  status >= 400 || (/^\w+:E\{/m.test(text) && !/"(docs|List|Table|state|slug|layout)"/.test(text))

describe('the admin’s server functions are for the seller only', () => {
  let victim: TestCustomer
  let intruder: TestCustomer
  let seller: { token: string }
  let actionId: string

  beforeAll(async () => {
    actionId = serverFunctionActionId()
    ;[victim, intruder, seller] = await Promise.all([createCustomer('opfer'), createCustomer('eindringling'), loginSeller()])
    // The victim has an order, so the seller's orders list shows the victim's e-mail address.
    const placed = await getJson('/api/orders/', {
      method: 'POST',
      headers: { ...bearer(victim), 'Content-Type': 'application/json' },
      body: JSON.stringify({ package: 'soundtouch', theme: 'inner-peace', ...CONSENTS }),
    })
    expect(placed.status).toBe(201)
  })

  it('serves the seller with this action id: the orders list holds the customer’s e-mail address (so the refusals below can fail)', async () => {
    const answer = await callServerFunction(actionId, 'render-list', SERVER_FUNCTIONS['render-list']!, seller.token)
    expect(answer.status).toBe(200)
    expect(answer.text).toContain(victim.email)
    const slug = await callServerFunction(actionId, 'slugify', SERVER_FUNCTIONS.slugify!, seller.token)
    expect(slug.status).toBe(200)
    expect(slug.text).toContain('geheime-sache')
  })

  for (const [name, args] of Object.entries(SERVER_FUNCTIONS)) {
    it(`refuses "${name}" to a customer and to a visitor without login, and shows them nothing`, async () => {
      for (const token of [intruder.token, undefined]) {
        const answer = await callServerFunction(actionId, name, args, token)
        const who = token ? 'customer' : 'visitor'
        // On failure the answer is shown, so the report can say what was handed out.
        expect({ who, refused: isRefusal(answer), answer: isRefusal(answer) ? '' : `${answer.status} ${answer.text.slice(0, 400)}` }).toEqual({
          who,
          refused: true,
          answer: '',
        })
        expect(answer.text).not.toContain(victim.email)
        expect(answer.text).not.toContain('geheime-sache')
        expect(answer.text).not.toContain(JEST_SELLER.email)
      }
    })
  }
})

describe('the orders list’s customer cell reads with the viewer’s access', () => {
  it('finds another customer for the seller, but nothing for a customer viewing it', async () => {
    const payload = await testPayload()
    const [alice, bob] = await Promise.all([createCustomer('zelle-a'), createCustomer('zelle-b')])
    const asUser = async (id: number) => payload.findByID({ collection: 'users', id, depth: 0 })
    const { docs } = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, limit: 1, depth: 0 })
    const sellerUser = { ...docs[0]!, collection: 'users' as const }
    const aliceUser = { ...(await asUser(alice.id)), collection: 'users' as const }

    expect(await customerById(payload, bob.id, sellerUser)).toMatchObject({ email: bob.email })
    expect(await customerById(payload, bob.id, aliceUser)).toBeNull()
    expect(await customerById(payload, bob.id, null)).toBeNull()
    // Her own row she may see (the users collection's own rule).
    expect(await customerById(payload, alice.id, aliceUser)).toMatchObject({ email: alice.email })
  })
})
