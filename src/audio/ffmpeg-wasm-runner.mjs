/**
 * FFmpeg compiled to WebAssembly (the npm package @ffmpeg/core), run as a program of its own: the
 * shop's audio tool on a machine without a system ffmpeg (src/audio/ffmpeg.ts starts it).
 * Usage: node ffmpeg-wasm-runner.mjs INPUT OUTPUT ARGS…, where OUTPUT is a file or `-` for standard
 * output, and ARGS name them as {input} and {output}.
 *
 * The decoder sees nothing of this machine but the two files: the input is read by byte range
 * from the open file (never loaded whole), the output written straight into the open file; there
 * is no other file, no network and no process in the WebAssembly sandbox.
 */
import { fstatSync, openSync, readFileSync, readSync, writeSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const [inputFile, outputFile, ...template] = process.argv.slice(2)
if (!inputFile || !outputFile) {
  console.error('usage: node ffmpeg-wasm-runner.mjs INPUT OUTPUT|- ARGS… ({input} and {output} in ARGS)')
  process.exit(2)
}
const corePath = createRequire(import.meta.url).resolve('@ffmpeg/core')

const input = openSync(inputFile, 'r')
const inputSize = fstatSync(input).size
/** A byte range of the input, as Emscripten's WORKERFS asks a Blob for one. */
const range = (start, end) => {
  const from = Math.min(start, inputSize)
  const to = Math.min(end ?? inputSize, inputSize)
  return { start: from, size: Math.max(0, to - from), slice: (a, b) => range(from + a, b === undefined ? to : from + b) }
}
// WORKERFS (made for a browser's worker) reads its Blob's slices through FileReaderSync: here from the open file.
globalThis.FileReaderSync = class {
  readAsArrayBuffer(slice) {
    const bytes = Buffer.alloc(slice.size)
    for (let done = 0; done < slice.size;) {
      const read = readSync(input, bytes, done, slice.size - done, slice.start + done)
      if (read === 0) break
      done += read
    }
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)
  }
}
// The core is built for a browser's worker, which knows where its script came from.
globalThis.self = { location: { href: pathToFileURL(corePath).href } }

const createCore = createRequire(import.meta.url)('@ffmpeg/core')
const core = await createCore({ wasmBinary: readFileSync(path.join(path.dirname(corePath), 'ffmpeg-core.wasm')) })
const { FS } = core
let errors = ''
core.setLogger(({ type, message }) => {
  // Emscripten ends every run by aborting; that line is no error.
  if (type === 'stderr' && message !== 'Aborted()') errors += `${message}\n`
})

const inputName = `/input/${path.basename(inputFile)}`
FS.mkdir('/input')
FS.mount(FS.filesystems.WORKERFS, { blobs: [{ name: path.basename(inputFile), data: range(0, inputSize) }] }, '/input')

// The output is a device that writes into the open file (seekable: ffmpeg goes back to finish an
// MP3's header) or to standard output (not seekable).
const toStdout = outputFile === '-'
const output = toStdout ? 1 : openSync(outputFile, 'w')
let outputSize = 0
FS.registerDevice(FS.makedev(64, 0), {
  write(stream, buffer, offset, length, position) {
    const bytes = buffer.subarray(offset, offset + length)
    for (let done = 0; done < length;) done += writeSync(output, bytes, done, length - done, toStdout ? null : position + done)
    if (!toStdout) outputSize = Math.max(outputSize, position + length)
    return length
  },
  // Without llseek the device is not seekable, like a pipe (FS.llseek refuses it).
  ...(toStdout
    ? {}
    : {
        llseek(stream, offset, whence) {
          const position = whence === 0 ? offset : whence === 1 ? stream.position + offset : outputSize + offset
          if (position < 0) throw new FS.ErrnoError(28)
          return position
        },
      }),
})
FS.mkdir('/output')
const outputName = '/output/out'
FS.mkdev(outputName, FS.makedev(64, 0))

const args = template.map((arg) => (arg === '{input}' ? inputName : arg === '{output}' ? outputName : arg))
const code = core.exec(...args)
if (code !== 0) process.stderr.write(errors)
process.exitCode = code === 0 ? 0 : 1
