import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi, Me } from '~/api/admin-client'
import { updateMe } from '~/api/admin.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Saved, Section } from './section'

/**
 * Managers and owners: whether they are e-mailed about each new booking and each new request.
 * Saved like the other profile fields (the page renders it afresh with the member's new version).
 */
export function NotificationsForm({ api, me }: { api: AdminApi; me: Me }) {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [bookings, setBookings] = useState(me.notifyBookings)
  const [requests, setRequests] = useState(me.notifyRequests)
  const save = useMutation({
    mutationFn: () => updateMe(api, { notifyBookings: bookings, notifyRequests: requests }),
    onSuccess: async (next) => {
      queryClient.setQueryData(['admin', 'me'], next)
      await router.invalidate()
    },
  })
  const box = 'mt-1 size-5 shrink-0 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent'
  return (
    <Section id="profile-notifications" title={t`E-mail notifications`}>
      <form
        noValidate
        className="space-y-4"
        data-testid="profile-notifications"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate()
        }}
      >
        <fieldset className="space-y-3">
          <legend className="font-medium">
            <Trans>Send me an e-mail for</Trans>
          </legend>
          <div className="flex items-start gap-3">
            <input
              id="notify-bookings"
              type="checkbox"
              className={box}
              checked={bookings}
              onChange={(e) => {
                setBookings(e.target.checked)
                save.reset()
              }}
            />
            <label htmlFor="notify-bookings">
              <Trans>each new booking</Trans>
            </label>
          </div>
          <div className="flex items-start gap-3">
            <input
              id="notify-requests"
              type="checkbox"
              className={box}
              checked={requests}
              onChange={(e) => {
                setRequests(e.target.checked)
                save.reset()
              }}
            />
            <label htmlFor="notify-requests">
              <Trans>each new request</Trans>
            </label>
          </div>
        </fieldset>
        <p className="text-sm text-gray-700">
          <Trans>The e-mail names the person, the offers and dates, the total, and links to the booking or request.</Trans>
        </p>
        {save.isError ? <SubmitError error={save.error} /> : null}
        <Saved show={save.isSuccess}>
          <Trans>Saved.</Trans>
        </Saved>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save notifications</Trans>
        </Button>
      </form>
    </Section>
  )
}
