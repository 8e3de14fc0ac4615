import { useState } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { UseMutationResult } from '@tanstack/react-query'
import type { AdminSession } from '~/api/admin-sessions.queries'
import { Button } from '~/components/button'

type Cancel = UseMutationResult<{ session: AdminSession; cancelledBookings: number; notCancelled: string[] }, Error, { version: number; message?: string }>

/** The confirmation of a cancellation: who is affected, an optional message to the visitors. */
export function CancelConfirm(props: { session: AdminSession; cancel: Cancel; onBack: () => void }) {
  const { t } = useLingui()
  const [message, setMessage] = useState('')
  const { session, cancel } = props
  const bookings = session.bookings
  const places = session.placesTaken
  return (
    <form
      className="space-y-4"
      aria-labelledby="cancel-date-title"
      onSubmit={(e) => {
        e.preventDefault()
        cancel.mutate({ version: session.version, ...(message.trim() ? { message: message.trim() } : {}) })
      }}
    >
      <h3 id="cancel-date-title" className="font-medium">
        <Trans>Cancel this date?</Trans>
      </h3>
      <p>
        {bookings === 0 ? (
          <Trans>Nobody has booked this date.</Trans>
        ) : (
          <Plural
            value={bookings}
            one={`# booking (${places} places) will be cancelled. The visitor gets an e-mail in the language they booked in.`}
            other={`# bookings (${places} places) will be cancelled. Each visitor gets an e-mail in the language they booked in.`}
          />
        )}{' '}
        <Trans>Places held in carts are released. This cannot be undone.</Trans>
      </p>
      {bookings > 0 ? (
        <p>
          <Trans>What a visitor paid online is recorded as a refund due, and their e-mail says the amount will be refunded: refund it with your payment provider.</Trans>
        </p>
      ) : null}
      <div>
        <label htmlFor="cancel-message" className="block font-medium">
          <Trans>Message to the visitors (optional)</Trans>
        </label>
        <textarea
          id="cancel-message"
          rows={3}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="gray" onClick={props.onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" variant="danger" disabled={cancel.isPending}>
          {t`Cancel the date`}
        </Button>
      </div>
    </form>
  )
}
