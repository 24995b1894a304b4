/**
 * Runs `work` once the browser is idle (at the latest after `timeout` ms); returns a cancel.
 * For what a page does not need for its first paint (issue 29). Browsers without
 * requestIdleCallback (Safari before 18) wait a moment instead.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(work, 200)
  return () => window.clearTimeout(handle)
}
