import { spawnSync } from 'node:child_process'
import path from 'node:path'

/**
 * In a Node process of its own (Jest catches unhandled rejections itself): an adapter like
 * Payload's Postgres one when its first connection fails, `initializing` rejected with no reason.
 */
function runWithFailingAdapter(wrapped: boolean) {
  const script = `
    import { withHandledInitializing } from './src/site/database-pool'
    const failing = { name: 'failing', init: () => ({ initializing: Promise.reject(undefined) }) }
    const adapter = ${wrapped ? 'withHandledInitializing(failing as never)' : 'failing'}
    adapter.init({ payload: {} } as never)
    setTimeout(() => console.log('still running'), 50)
  `
  return spawnSync(path.join(process.cwd(), 'node_modules/.bin/tsx'), ['--eval', script], { cwd: process.cwd(), encoding: 'utf8' })
}

describe("the database adapter's failed first connection", () => {
  it('ends no process: the rejection Payload leaves unawaited is handled (a Jest lane once lost all its results to it)', () => {
    const bare = runWithFailingAdapter(false)
    expect(bare.status).not.toBe(0)
    expect(bare.stderr).toContain('ERR_UNHANDLED_REJECTION')
    const wrapped = runWithFailingAdapter(true)
    expect(wrapped.stderr).toBe('')
    expect({ status: wrapped.status, stdout: wrapped.stdout.trim() }).toEqual({ status: 0, stdout: 'still running' })
  })
})
