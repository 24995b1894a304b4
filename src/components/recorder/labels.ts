import { RECORDING_LIMITS } from '@/rules/limits'
import type { Translate } from '@/i18n/translator'

/** Every text of the AudioRecorder, in the visitor's language. */
export type RecorderLabels = {
  start: string
  stop: string
  rerecord: string
  delete: string
  /** States the maximum length ("höchstens 5 Minuten"). */
  limit: string
  requesting: string
  recording: string
  /** Accessible name of the running clock. */
  elapsed: string
  /** Accessible name of the preview player. */
  preview: string
  recorded: string
  autoStopped: string
  deleted: string
  permissionDenied: string
  noMicrophone: string
  unsupported: string
  failed: string
}

/** The recorder's labels, built on the server with i18next's t (like other pages' label objects). */
export function recorderLabels(t: Translate): RecorderLabels {
  const minutes = Math.round(RECORDING_LIMITS.maxSeconds / 60)
  const key = (name: keyof RecorderLabels) => t(`recorder.${name}`, { minutes })
  return {
    start: key('start'),
    stop: key('stop'),
    rerecord: key('rerecord'),
    delete: key('delete'),
    limit: key('limit'),
    requesting: key('requesting'),
    recording: key('recording'),
    elapsed: key('elapsed'),
    preview: key('preview'),
    recorded: key('recorded'),
    autoStopped: key('autoStopped'),
    deleted: key('deleted'),
    permissionDenied: key('permissionDenied'),
    noMicrophone: key('noMicrophone'),
    unsupported: key('unsupported'),
    failed: key('failed'),
  }
}
