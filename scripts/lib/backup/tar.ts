import { spawn, type SpawnOptions } from 'node:child_process'
import { closeSync, openSync, readSync } from 'node:fs'
import { Readable, type Writable } from 'node:stream'
import { BackupError } from './places'

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

/**
 * Extracts everything below `prefix/` into `folder`, without the prefix, owned by whoever restores
 * and with their umask (also as root). Only after refusedEntries() found nothing to refuse.
 */
export const extractFolder = (archive: string, prefix: string, folder: string): Promise<Buffer> =>
  runTar(['--extract', `--file=${archive}`, `--directory=${folder}`, '--strip-components=1', '--no-same-owner', '--no-same-permissions', '--', prefix])

/** What an archive entry is, by its header's type flag. */
export type EntryKind = 'file' | 'folder' | 'symbolic link' | 'hard link' | 'device file' | 'named pipe' | 'entry of another kind'

/** One entry of the archive as its header describes it (long names and pax paths resolved). */
export type ArchiveEntry = { name: string; kind: EntryKind; linkTarget: string; mode: number }

const BLOCK = 512

const KINDS: Record<string, EntryKind> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file',
  '5': 'folder',
  '2': 'symbolic link',
  '1': 'hard link',
  '3': 'device file',
  '4': 'device file',
  '6': 'named pipe',
}

/** A NUL-terminated text field of a header. */
const field = (block: Buffer, start: number, length: number): string => {
  const bytes = block.subarray(start, start + length)
  const end = bytes.indexOf(0)
  return bytes.subarray(0, end < 0 ? length : end).toString('utf8')
}

/** A number field: octal digits, or GNU's base-256 (high bit set) for sizes beyond 8 GB. */
function numberField(block: Buffer, start: number, length: number): number {
  const bytes = block.subarray(start, start + length)
  if (bytes[0]! & 0x80) return bytes.subarray(1).reduce((value, byte) => value * 256 + byte, bytes[0]! & 0x7f)
  return Number.parseInt(field(block, start, length).trim() || '0', 8)
}

/** A header's checksum holds: the sum of its bytes, the checksum field counted as spaces. */
function checksumHolds(block: Buffer): boolean {
  let sum = 0
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 32 : block[index]!
  return sum === numberField(block, 148, 8)
}

/** The records of a pax extended header ("27 path=media/a/long/name\n"). */
function paxRecords(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {}
  for (const line of data.toString('utf8').split('\n')) {
    const match = /^\d+ ([^=]+)=(.*)$/s.exec(line)
    if (match) records[match[1]!] = match[2]!
  }
  return records
}

/**
 * Every entry of a tar archive, read from its headers without extracting anything (GNU, ustar
 * and pax headers; the backup writes GNU tar's default). Restore checks them before it changes
 * anything: tar itself would restore a symbolic link into the media folder as it is.
 */
export function archiveEntries(archive: string): ArchiveEntry[] {
  const entries: ArchiveEntry[] = []
  const fd = openSync(archive, 'r')
  try {
    const header = Buffer.alloc(BLOCK)
    let offset = 0
    let longName: string | null = null
    let longLink: string | null = null
    let pax: Record<string, string> = {}
    for (;;) {
      if (readSync(fd, header, 0, BLOCK, offset) < BLOCK) throw new BackupError(`${archive} ends in the middle of an entry; it is not a complete backup.`)
      if (header.every((byte) => byte === 0)) break
      if (!checksumHolds(header)) throw new BackupError(`${archive} is damaged at byte ${offset} (a header's checksum does not hold).`)
      const type = String.fromCharCode(header[156]!)
      let size = numberField(header, 124, 12)
      if (pax.size !== undefined) size = Number(pax.size)
      const data = (): Buffer => {
        const bytes = Buffer.alloc(size)
        readSync(fd, bytes, 0, size, offset + BLOCK)
        return bytes
      }
      if (type === 'L' || type === 'K') {
        const text = data().toString('utf8').replace(/\0+$/, '')
        if (type === 'L') longName = text
        else longLink = text
      } else if (type === 'x') {
        pax = paxRecords(data())
      } else if (type !== 'g') {
        // POSIX ustar splits long names into prefix and name; GNU's own format uses that space otherwise.
        const prefix = field(header, 257, 6) === 'ustar' ? field(header, 345, 155) : ''
        const name = pax.path ?? longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100))
        const linkTarget = pax.linkpath ?? longLink ?? field(header, 157, 100)
        entries.push({ name, kind: KINDS[type] ?? 'entry of another kind', linkTarget, mode: numberField(header, 100, 8) })
        longName = longLink = null
        pax = {}
      }
      offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK
    }
  } finally {
    closeSync(fd)
  }
  return entries
}

/**
 * What restore refuses, one phrase each: anything but plain files and folders (a symbolic link the
 * media route would follow, a hard link, a device file), a set-user-ID or set-group-ID file, and
 * any path that leaves the folder it is extracted into (absolute, or with a `..` step).
 */
export function refusedEntries(entries: ArchiveEntry[]): string[] {
  const refused: string[] = []
  for (const { name, kind, linkTarget, mode } of entries) {
    if (name.startsWith('/') || name.split('/').includes('..')) refused.push(`${name} (a path outside the media folder)`)
    else if (kind !== 'file' && kind !== 'folder') refused.push(`the ${kind} ${name}${linkTarget ? ` → ${linkTarget}` : ''}`)
    else if (mode & 0o6000) refused.push(`${name} (set-user-ID or set-group-ID)`)
  }
  return refused
}
