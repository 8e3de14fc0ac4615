import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { DEFAULT_RETRY_SECONDS, signInMachine, type SignInFields } from './sign-in'

/** Shaped like an ApiError: status, `code` and the contract's error body. */
const failure = (status: number, code?: string, retryAfterSeconds?: number) =>
  Object.assign(new Error(code ?? 'failed'), { status, code, body: { data: { code, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) } } })

/** The machine with a scripted signIn: each call takes the next answer (an Error is thrown). */
function start(answers: unknown[]) {
  const calls: SignInFields[] = []
  const machine = signInMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }: { input: SignInFields }) => {
        calls.push(input)
        const answer = answers[calls.length - 1]
        if (answer instanceof Error) throw answer
        return answer
      }),
    },
  })
  const actor = createActor(machine, { input: {} }).start()
  const fill = (email: string, password: string) => {
    actor.send({ type: 'change', field: 'email', value: email })
    actor.send({ type: 'change', field: 'password', value: password })
  }
  return { actor, calls, fill }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

describe('signInMachine', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends the trimmed e-mail and the password and ends signed in', async () => {
    const { actor, calls, fill } = start([{ data: {} }])
    fill('  owner@example.ch ', 'Secret-pw1')
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('submitting')
    await flush()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().status).toBe('done')
    expect(calls).toEqual([{ email: 'owner@example.ch', password: 'Secret-pw1' }])
  })

  it('marks empty fields as required without calling the server', () => {
    const { actor, calls, fill } = start([])
    fill(' ', '')
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.missing).toEqual(['email', 'password'])
    actor.send({ type: 'change', field: 'email', value: 'a@b.ch' })
    expect(actor.getSnapshot().context.missing).toEqual(['password'])
    expect(calls).toEqual([])
  })

  it('says the credentials are invalid on 401, forgets the password and keeps the e-mail', async () => {
    const { actor, calls, fill } = start([failure(401, 'auth.invalid_credentials'), { data: {} }])
    fill('owner@example.ch', 'wrong')
    actor.send({ type: 'submit' })
    await flush()
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('invalidCredentials')
    expect(snapshot.context).toMatchObject({ email: 'owner@example.ch', password: '', error: { status: 401, code: 'auth.invalid_credentials' } })
    actor.send({ type: 'submit' })
    // the password is empty now: it is required, nothing is sent
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.missing).toEqual(['password'])
    actor.send({ type: 'change', field: 'password', value: 'Right-pw1' })
    actor.send({ type: 'submit' })
    await flush()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(calls).toHaveLength(2)
  })

  it('counts down from Retry-After on 429 and refuses to send meanwhile', async () => {
    const { actor, calls, fill } = start([failure(429, 'auth.throttled', 3), { data: {} }])
    fill('owner@example.ch', 'pw')
    actor.send({ type: 'submit' })
    await flush()
    expect(actor.getSnapshot().value).toBe('throttled')
    expect(actor.getSnapshot().context.retryIn).toBe(3)
    actor.send({ type: 'change', field: 'password', value: 'Another-pw1' })
    actor.send({ type: 'submit' })
    expect(actor.getSnapshot().value).toBe('throttled')
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().context.retryIn).toBe(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().context.retryIn).toBe(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ retryIn: 0, error: null, password: 'Another-pw1' })
    actor.send({ type: 'submit' })
    await flush()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(calls).toHaveLength(2)
  })

  it("reads the rate limit's retryAfter too", async () => {
    const { actor, fill } = start([Object.assign(new Error('rate'), { status: 429, code: 'rate_limited', body: { data: { code: 'rate_limited', retryAfter: 7 } } })])
    fill('a@b.ch', 'pw')
    actor.send({ type: 'submit' })
    await flush()
    expect(actor.getSnapshot().context.retryIn).toBe(7)
  })

  it('waits a default time when a 429 names none', async () => {
    const { actor, fill } = start([failure(429)])
    fill('a@b.ch', 'pw')
    actor.send({ type: 'submit' })
    await flush()
    expect(actor.getSnapshot().context.retryIn).toBe(DEFAULT_RETRY_SECONDS)
  })

  it.each([500, 0, 419])('fails on %i and may send again', async (status) => {
    const { actor, calls, fill } = start([failure(status), { data: {} }])
    fill('a@b.ch', 'pw')
    actor.send({ type: 'submit' })
    await flush()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error?.status).toBe(status)
    expect(actor.getSnapshot().context.password).toBe('pw')
    actor.send({ type: 'submit' })
    await flush()
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(calls).toHaveLength(2)
  })
})
