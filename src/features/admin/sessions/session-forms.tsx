import { useState, type FormEvent, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { UseMutationResult } from '@tanstack/react-query'
import type { AdminSession, SessionUpdate } from '~/api/admin-sessions.queries'
import { Button } from '~/components/button'
import { fieldErrorsOf } from '../field-errors'
import { SessionField } from './field'

type Update = UseMutationResult<AdminSession, Error, SessionUpdate>

function Part(props: { title: string; id: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      aria-labelledby={props.id}
      className="space-y-3 border-t border-gray-300 pt-4"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault()
        props.onSubmit()
      }}
    >
      <h3 id={props.id} className="font-medium">
        {props.title}
      </h3>
      {props.children}
    </form>
  )
}

/**
 * The changes of a scheduled session: its capacity, a move (date, time, duration) and closing or
 * opening it for booking. Each sends the version the dialog was opened with.
 */
export function SessionForms(props: { session: AdminSession; update: Update }) {
  const { t } = useLingui()
  const { session, update } = props
  const [capacity, setCapacity] = useState(String(session.capacity))
  const [move, setMove] = useState({ date: session.date, time: session.time, duration: String(session.durationMinutes) })
  const errors = fieldErrorsOf(update.error)
  const busy = update.isPending
  const minimum = session.placesTaken + session.placesHeld
  return (
    <div className="space-y-4">
      <Part id="session-capacity-title" title={t`Capacity`} onSubmit={() => update.mutate({ version: session.version, capacity: Number(capacity) })}>
        <SessionField
          id="session-capacity"
          type="number"
          label={t`Places`}
          hint={t`At least ${minimum}: the places booked and held in carts right now.`}
          value={capacity}
          onChange={setCapacity}
          error={errors.capacity}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          <Trans>Save capacity</Trans>
        </Button>
      </Part>
      <Part
        id="session-move-title"
        title={t`Move`}
        onSubmit={() => update.mutate({ version: session.version, date: move.date, time: move.time, durationMinutes: Number(move.duration) })}
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <SessionField id="session-date" type="date" label={t`Date`} value={move.date} onChange={(date) => setMove({ ...move, date })} error={errors.date} />
          <SessionField id="session-time" type="time" label={t`Start time`} value={move.time} onChange={(time) => setMove({ ...move, time })} error={errors.time} />
          <SessionField
            id="session-duration"
            type="number"
            label={t`Duration (minutes)`}
            value={move.duration}
            onChange={(duration) => setMove({ ...move, duration })}
            error={errors.durationMinutes}
          />
        </div>
        <p className="text-sm">
          <Trans>The visitors booked keep their booking at the new time. They are not e-mailed about the move: please tell them.</Trans>
        </p>
        <Button type="submit" variant="outline" disabled={busy}>
          <Trans>Move the date</Trans>
        </Button>
      </Part>
      <Part id="session-booking-title" title={t`Booking`} onSubmit={() => update.mutate({ version: session.version, closed: !session.closed })}>
        <p>{session.closed ? <Trans>Closed for booking: visitors cannot book this date. Its bookings stand.</Trans> : <Trans>Open for booking.</Trans>}</p>
        <Button type="submit" variant="outline" disabled={busy}>
          {session.closed ? <Trans>Open for booking</Trans> : <Trans>Close for booking</Trans>}
        </Button>
      </Part>
    </div>
  )
}
