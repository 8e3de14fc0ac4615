/**
 * The date-selection availability dialog's form: what the selected dates become.
 *
 * States:
 * - editing --submit [dates selected]--> saving; --submit [no date]--> editing with `dates`
 *   `too_small` (nothing is sent)
 * - saving (save: one request for every date) → saved (final; the dialog closes) | invalid (400
 *   with field errors: shown at their fields) | failed (anything else)
 * - invalid / failed --submit--> saving (or editing without a date); a change clears the error of
 *   its field
 * - choose / part / note change the form while editing, invalid or failed (not while saving: what
 *   was sent stays as sent).
 *
 * Pure: no React, no fetch. The app provides `save` (the API call, `setAvailability`).
 */
import { assign, fromPromise, setup } from 'xstate'

export type AvailabilityValue = 'AVAILABLE' | 'MAYBE' | 'UNAVAILABLE'
export type AvailabilityPart = 'DAY' | 'AM' | 'PM'
/** A value, or CLEAR: the dates' entries of the part are removed (the weekly pattern applies again). */
export type AvailabilityChoice = AvailabilityValue | 'CLEAR'
export type AvailabilityFieldErrors = Record<string, { code: string; params?: Record<string, unknown> }>

/** The request's body (setAvailability). */
export type AvailabilityBody = { staffId?: string; dates: string[]; part: AvailabilityPart; availability: AvailabilityValue | null; note?: string }
export type AvailabilitySaved = { dates: number; changed: number }

export type AvailabilityFormContext = {
  /** The member acted for (managers); null: the caller. */
  staffId: string | null
  choice: AvailabilityChoice
  part: AvailabilityPart
  note: string
  /** The dates of the last submit (in order). */
  dates: string[]
  errors: AvailabilityFieldErrors
  failed: boolean
  saved: AvailabilitySaved | null
}

export type AvailabilityFormEvent =
  | { type: 'choose'; choice: AvailabilityChoice }
  | { type: 'part'; part: AvailabilityPart }
  | { type: 'note'; value: string }
  | { type: 'submit'; dates: readonly string[] }

/** The body the form sends: the note trimmed (none when blank or when clearing), the member when it is not the caller. */
export function bodyOf(context: Pick<AvailabilityFormContext, 'staffId' | 'choice' | 'part' | 'note' | 'dates'>): AvailabilityBody {
  const clearing = context.choice === 'CLEAR'
  const note = context.note.trim()
  return {
    ...(context.staffId ? { staffId: context.staffId } : {}),
    dates: context.dates,
    part: context.part,
    availability: clearing ? null : (context.choice as AvailabilityValue),
    ...(!clearing && note ? { note } : {}),
  }
}

/** The field errors of a 400 `validation` answer (an ApiError or anything shaped like one), else null. */
export function fieldErrorsOfFailure(error: unknown): AvailabilityFieldErrors | null {
  const e = error as { status?: unknown; body?: { data?: { errors?: unknown } | null } } | null
  const errors = e?.status === 400 ? e.body?.data?.errors : undefined
  return errors && typeof errors === 'object' && Object.keys(errors).length > 0 ? (errors as AvailabilityFieldErrors) : null
}

const without = (errors: AvailabilityFieldErrors, field: string): AvailabilityFieldErrors => Object.fromEntries(Object.entries(errors).filter(([path]) => path !== field))

/** Changes of the form, in every state that takes them (not while saving, not once saved). */
const edits = {
  choose: { actions: 'choose' },
  part: { actions: 'part' },
  note: { actions: 'note' },
} as const

const submitted = [
  { guard: 'hasDates', target: 'saving', actions: 'takeDates' },
  { target: 'editing', actions: 'noDates' },
] as const

export const availabilityFormMachine = setup({
  types: {
    context: {} as AvailabilityFormContext,
    events: {} as AvailabilityFormEvent,
    input: {} as { staffId?: string | null } | undefined,
  },
  actors: {
    save: fromPromise<AvailabilitySaved, AvailabilityBody>(async () => {
      throw new Error('save not provided')
    }),
  },
  guards: {
    hasDates: ({ event }) => event.type === 'submit' && event.dates.length > 0,
    invalid: (_, params: { error: unknown }) => fieldErrorsOfFailure(params.error) !== null,
  },
  actions: {
    choose: assign(({ context, event }) => (event.type === 'choose' ? { choice: event.choice, errors: without(without(context.errors, 'availability'), 'note') } : {})),
    part: assign(({ context, event }) => (event.type === 'part' ? { part: event.part, errors: without(context.errors, 'part') } : {})),
    note: assign(({ context, event }) => (event.type === 'note' ? { note: event.value, errors: without(context.errors, 'note') } : {})),
    takeDates: assign(({ event }) => (event.type === 'submit' ? { dates: [...event.dates] } : {})),
    noDates: assign({ dates: [], errors: { dates: { code: 'too_small', params: { type: 'array', minimum: 1 } } }, failed: false }),
    startSaving: assign({ errors: {}, failed: false }),
    assignErrors: assign((_, params: { error: unknown }) => ({ errors: fieldErrorsOfFailure(params.error) ?? {} })),
    assignFailed: assign({ failed: true }),
    assignSaved: assign((_, params: { saved: AvailabilitySaved }) => ({ saved: params.saved })),
  },
}).createMachine({
  id: 'availabilityForm',
  context: ({ input }) => ({ staffId: input?.staffId ?? null, choice: 'AVAILABLE', part: 'DAY', note: '', dates: [], errors: {}, failed: false, saved: null }),
  initial: 'editing',
  states: {
    editing: { on: { ...edits, submit: submitted } },
    saving: {
      entry: 'startSaving',
      // what was sent stays as sent: changes wait for the answer (the fields are read-only meanwhile)
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => bodyOf(context),
        onDone: { target: 'saved', actions: { type: 'assignSaved', params: ({ event }) => ({ saved: event.output }) } },
        onError: [
          { guard: { type: 'invalid', params: ({ event }) => ({ error: event.error }) }, target: 'invalid', actions: { type: 'assignErrors', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: 'assignFailed' },
        ],
      },
    },
    invalid: { on: { ...edits, submit: submitted } },
    failed: { on: { ...edits, submit: submitted } },
    saved: { type: 'final' },
  },
})
