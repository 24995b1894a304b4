/**
 * Sends a customer's write again while it is refused as busy (409 with `code: "busy"`: another
 * request of the same customer held its lock longer than the server waits, src/site/transaction.ts),
 * after the Retry-After it names, as the storefront's apiFetch does (src/auth/access-token.ts).
 * Any other answer is returned as it is. `send` builds the request anew each time (a FormData body too).
 */
export async function sendUntilNotBusy<T extends { status: number; headers: Headers; body: any }>(send: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send()
    if (answer.status !== 409 || answer.body?.code !== 'busy' || attempt >= attempts) return answer
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after')) * 1000))
  }
}
