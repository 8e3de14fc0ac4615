/**
 * Signing in to the staff app.
 *
 * States:
 * - editing --submit [both fields filled]--> submitting; --submit [a field empty]--> editing with
 *   `required` at the empty fields
 * - submitting (signIn) → signedIn (final; the app goes on) | invalidCredentials (401)
 *   | throttled (429, counting down from Retry-After) | failed (anything else)
 * - invalidCredentials / failed --change--> editing; --submit--> submitting
 * - throttled: a `tick` each second lowers `retryIn`; at 0 back to editing. Sending is not possible
 *   meanwhile.
 *
 * Pure: no React, no fetch. The app provides `signIn` (the API call).
 */
import { assign, fromPromise, setup } from 'xstate'

export type SignInFields = { email: string; password: string }
export type SignInFailure = { status: number; code?: string; retryAfterSeconds?: number }
export type SignInContext = SignInFields & {
  missing: (keyof SignInFields)[]
  retryIn: number
  error: SignInFailure | null
}
export type SignInEvent = { type: 'change'; field: keyof SignInFields; value: string } | { type: 'submit' }

/** Waiting time when a 429 names none. */
export const DEFAULT_RETRY_SECONDS = 60

/**
 * Status, `data.code` and the wait of an ApiError (or anything shaped like one): a 429 carries
 * it in `data.retryAfterSeconds` (sign-in throttling) or `data.retryAfter` (the rate limit),
 * as in its Retry-After header.
 */
export function classifySignInError(error: unknown): SignInFailure {
  const e = error as { status?: unknown; code?: unknown; body?: { data?: Record<string, unknown> | null } } | null
  const status = typeof e?.status === 'number' ? e.status : 0
  const wait = Number(e?.body?.data?.retryAfterSeconds ?? e?.body?.data?.retryAfter)
  return {
    status,
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(Number.isFinite(wait) && wait > 0 ? { retryAfterSeconds: wait } : {}),
  }
}

const missingOf = (c: SignInFields) => (['email', 'password'] as const).filter((f) => c[f].trim() === '')

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as Partial<SignInFields> | undefined,
  },
  actors: {
    signIn: fromPromise<unknown, SignInFields>(async () => {
      throw new Error('signIn not provided')
    }),
  },
  delays: { second: 1000 },
  guards: {
    complete: ({ context }) => missingOf(context).length === 0,
    status: (_, params: { error: unknown; status: number }) => classifySignInError(params.error).status === params.status,
    waitOver: ({ context }) => context.retryIn <= 1,
  },
  actions: {
    change: assign(({ context }, params: { field: keyof SignInFields; value: string }) => ({
      [params.field]: params.value,
      missing: context.missing.filter((f) => f !== params.field),
    })),
    markMissing: assign(({ context }) => ({ missing: missingOf(context) })),
    clearError: assign({ error: null, missing: [] }),
    assignError: assign((_, params: { error: unknown }) => ({ error: classifySignInError(params.error) })),
    startWait: assign((_, params: { error: unknown }) => {
      const error = classifySignInError(params.error)
      return { error, retryIn: Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS), password: '' }
    }),
    tick: assign(({ context }) => ({ retryIn: Math.max(0, context.retryIn - 1) })),
    forgetPassword: assign({ password: '' }),
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ email: input?.email ?? '', password: input?.password ?? '', missing: [], retryIn: 0, error: null }),
  initial: 'editing',
  on: {
    change: { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
  },
  states: {
    editing: {
      on: {
        submit: [{ guard: 'complete', target: 'submitting' }, { actions: 'markMissing' }],
      },
    },
    submitting: {
      entry: 'clearError',
      // typing while the answer is on its way changes nothing that was sent
      on: { change: {} },
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: { target: 'signedIn' },
        onError: [
          {
            guard: { type: 'status', params: ({ event }) => ({ error: event.error, status: 401 }) },
            target: 'invalidCredentials',
            actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'forgetPassword'],
          },
          {
            guard: { type: 'status', params: ({ event }) => ({ error: event.error, status: 429 }) },
            target: 'throttled',
            actions: { type: 'startWait', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    invalidCredentials: {
      on: { submit: [{ guard: 'complete', target: 'submitting' }, { target: 'editing', actions: 'markMissing' }] },
    },
    failed: {
      on: { submit: [{ guard: 'complete', target: 'submitting' }, { target: 'editing', actions: 'markMissing' }] },
    },
    throttled: {
      after: {
        second: [
          { guard: 'waitOver', target: 'editing', actions: ['tick', 'clearError'] },
          { target: 'throttled', reenter: true, actions: 'tick' },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
})
