import { spawn, type SpawnOptions } from 'node:child_process'
import { Readable, type Writable } from 'node:stream'

/**
 * The archive is written and read by the system's GNU tar: it streams files of any size from disk
 * and to disk, and a person can open the archive with the same tool (`tar -tvf`).
 */
const TAR = 'tar'

type Piped = { stdin?: Readable; stdout?: Writable }

function runTar(args: string[], { stdin, stdout }: Piped = {}, options: SpawnOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(TAR, args, { ...options, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] })
    const output: Buffer[] = []
    let errors = ''
    if (stdin) stdin.pipe(child.stdin!)
    if (stdout) child.stdout!.pipe(stdout)
    else child.stdout!.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(output)) : reject(new Error(`tar ${args[0]} failed: ${errors.trim() || `exit ${code}`}`))))
  })
}

/** A new archive holding `members`, files of `folder`. */
export const createArchive = (archive: string, folder: string, members: string[]): Promise<Buffer> =>
  runTar(['--create', `--file=${archive}`, `--directory=${folder}`, '--', ...members])

/** Appends the `files` of `folder` (relative paths) below `prefix/` in the archive. */
export async function appendFolder(archive: string, folder: string, files: string[], prefix: string): Promise<void> {
  if (files.length === 0) return
  const list = Readable.from([files.map((file) => `${file}\0`).join('')])
  // S: the prefix goes on member names, never on the targets of symbolic links.
  await runTar(
    [
      '--append',
      `--file=${archive}`,
      `--directory=${folder}`,
      '--null',
      '--no-recursion',
      '--verbatim-files-from',
      '--files-from=-',
      `--transform=s,^,${prefix}/,S`,
    ],
    { stdin: list },
  )
}

/** One member's bytes (a small one: the manifest, the secret, the bucket list). */
export const readTarMember = (archive: string, member: string): Promise<Buffer> =>
  runTar(['--extract', `--file=${archive}`, '--to-stdout', '--occurrence=1', '--', member])

/** Streams one member into `into` (the database dump into pg_restore's standard input). */
export async function streamTarMember(archive: string, member: string, into: Writable): Promise<void> {
  await runTar(['--extract', `--file=${archive}`, '--to-stdout', '--occurrence=1', '--', member], { stdout: into })
}

/** Extracts everything below `prefix/` into `folder`, without the prefix, owned by whoever restores. */
export const extractFolder = (archive: string, prefix: string, folder: string): Promise<Buffer> =>
  runTar(['--extract', `--file=${archive}`, `--directory=${folder}`, '--strip-components=1', '--no-same-owner', '--', prefix])
