/**
 * Runs a command with DATABASE_URL pointing at the shop's database (the embedded one unless
 * DATABASE_URL is set), e.g. `npm run with-db -- npx payload migrate:create add-orders`.
 */
import { spawn } from 'node:child_process'
import { startDatabaseOrExit } from './lib/embedded-postgres'
import { dataDir, prepareEnvironmentOrExit } from './lib/env'

const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('Usage: npm run with-db -- <command> [args…]')
  process.exit(2)
}
prepareEnvironmentOrExit()
const database = await startDatabaseOrExit(dataDir())
const child = spawn(command[0]!, command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: database.url },
  shell: false,
})
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)))
await database.stop()
process.exit(code)
