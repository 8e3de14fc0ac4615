import { useEffect, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { myCalendarFeedQuery, renewMyCalendarFeed, type CalendarFeed } from '~/api/admin-calendar-feed.queries'
import { Button, buttonClass } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Dialog } from '../dialog'
import { Section } from './section'

type Notice = 'created' | 'renewed' | 'copied' | 'copy-refused' | null

/**
 * One's schedule as a calendar subscription: the secret address of the feed of one's assigned
 * dates (read-only field, "Copy address", a `webcal://` link that calendar apps open as a
 * subscription) and a new address on request (after a confirmation: the old one stops working at
 * once). Before the first address exists the only action is to create it. What happened is
 * shown and announced in one status line; when the browser refuses the clipboard, the address is
 * selected in its field for copying by hand.
 */
export function CalendarFeedSection({ api }: { api: AdminApi }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const feed = useQuery(myCalendarFeedQuery(api))
  const [notice, setNotice] = useState<Notice>(null)
  const [confirming, setConfirming] = useState(false)
  const [focusAddress, setFocusAddress] = useState(false)
  const address = useRef<HTMLInputElement>(null)
  const renew = useMutation({
    mutationFn: () => renewMyCalendarFeed(api),
    onSuccess: (next: CalendarFeed) => {
      const first = !feed.data?.active
      queryClient.setQueryData(myCalendarFeedQuery(api).queryKey, next)
      setNotice(first ? 'created' : 'renewed')
      setConfirming(false)
      // The create button is gone: the new address takes the focus (a renewal returns it to its button).
      if (first) setFocusAddress(true)
    },
  })

  useEffect(() => {
    if (!focusAddress) return
    address.current?.focus()
    setFocusAddress(false)
  }, [focusAddress])

  const selectAddress = () => {
    address.current?.focus()
    address.current?.select()
  }
  async function copy(url: string) {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
      await navigator.clipboard.writeText(url)
      setNotice('copied')
    } catch {
      // Refused (permissions, an insecure origin, an old browser): the address ready to copy by hand.
      setNotice('copy-refused')
      selectAddress()
    }
  }

  const data = feed.data
  const messages: Record<Exclude<Notice, null>, string> = {
    created: t`Your calendar address was created.`,
    renewed: t`A new calendar address was created. The old address no longer works: subscribe again with the new one.`,
    copied: t`Copied`,
    'copy-refused': t`Your browser did not allow copying. The address is selected: copy it with Ctrl+C (⌘+C on a Mac).`,
  }
  return (
    <Section id="profile-calendar" title={t`Calendar subscription`}>
      <p>
        <Trans>
          Subscribe to the dates you are assigned to in your calendar app, which updates them about every hour; anyone who has the address can see these dates, so keep it to
          yourself.
        </Trans>
      </p>
      {feed.isError ? (
        <div className="mt-4">
          <SubmitError error={feed.error} />
        </div>
      ) : null}
      {data && !data.active ? (
        <div className="mt-4 space-y-4">
          {renew.isError ? <SubmitError error={renew.error} /> : null}
          <Button onClick={() => renew.mutate()} disabled={renew.isPending}>
            <Trans>Create calendar address</Trans>
          </Button>
        </div>
      ) : null}
      {data?.active && data.url && data.webcalUrl ? (
        <div className="mt-4 space-y-4" data-testid="calendar-feed">
          <div>
            <label htmlFor="calendar-feed-url" className="block font-medium">
              <Trans>Your calendar address</Trans>
            </label>
            <input
              ref={address}
              id="calendar-feed-url"
              type="text"
              readOnly
              value={data.url}
              spellCheck={false}
              autoComplete="off"
              onFocus={(e) => e.currentTarget.select()}
              className="mt-1 block min-h-11 w-full rounded-md border border-gray-500 bg-gray-50 px-3 font-mono text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void copy(data.url!)}>
              <Trans>Copy address</Trans>
            </Button>
            <a href={data.webcalUrl} className={buttonClass('outline')}>
              <Trans>Subscribe in calendar app</Trans>
            </a>
            <Button variant="gray" onClick={() => setConfirming(true)}>
              <Trans>Create a new address</Trans>
            </Button>
          </div>
        </div>
      ) : null}
      <p role="status" className={`mt-4 font-medium ${notice === 'copy-refused' ? '' : 'text-success'}`} data-testid="calendar-feed-status">
        {notice ? messages[notice] : null}
      </p>
      <Dialog
        open={confirming}
        title={t`Create a new calendar address?`}
        onClose={() => {
          setConfirming(false)
          renew.reset()
        }}
        testId="calendar-feed-renew"
      >
        <p>
          <Trans>The current address stops working at once: calendar apps subscribed to it no longer receive your dates until you subscribe with the new address.</Trans>
        </p>
        {renew.isError ? (
          <div className="mt-4">
            <SubmitError error={renew.error} />
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Button variant="danger" onClick={() => renew.mutate()} disabled={renew.isPending}>
            <Trans>Create new address</Trans>
          </Button>
          <Button variant="gray" onClick={() => setConfirming(false)}>
            <Trans>Keep the current address</Trans>
          </Button>
        </div>
      </Dialog>
    </Section>
  )
}
