import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError, type Api } from '~/api/client'
import { Button, ButtonLink } from '~/components/button'
import { formatDayTime, formatMoney } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import {
  cancelManagedBooking,
  manageDatesQuery,
  managedBookingQuery,
  moveManagedBooking,
  type ManageDate,
  type ManagedBooking,
  type ManageRefusal,
} from './queries'

/** Why the visitor cannot cancel or move now, in their words. */
const REFUSALS: Record<ManageRefusal, MessageDescriptor> = {
  policy_none: msg`This booking cannot be changed online. Please contact us if you need to cancel or change it.`,
  too_late: msg`The deadline for changing this booking online has passed. Please contact us.`,
  cancelled: msg`This booking has been cancelled.`,
  request_open: msg`Your request has not been confirmed yet. You can change it once it is confirmed, or contact us.`,
  declined: msg`This request could not be confirmed.`,
  started: msg`This date has already begun.`,
  not_movable: msg`This part of your booking cannot be moved online. Please contact us.`,
  no_dates: msg`There is no other date with enough free places.`,
}

/** What went wrong with an action, in the visitor's words. */
const FAILURES: Record<string, MessageDescriptor> = {
  'places.insufficient': msg`This date has just been booked up. Please choose another one.`,
  'session.past': msg`This date has already begun. Please choose another one.`,
  'session.unavailable': msg`This date can no longer be booked. Please choose another one.`,
  'session.not_found': msg`This date can no longer be booked. Please choose another one.`,
  'payment.in_progress': msg`A payment of this booking is being confirmed. Please try again in a moment.`,
  'manage_link.not_found': msg`This link is no longer valid.`,
}

type Done = { kind: 'cancelled'; refund: number } | { kind: 'moved'; difference: number }

export function ManageBookingPage({ api, lang, token, timeZone, initial }: { api: Api; lang: Locale; token: string; timeZone: string; initial: ManagedBooking }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data = initial } = useQuery({ ...managedBookingQuery(api, lang, token), initialData: initial })
  const [done, setDone] = useState<Done | null>(null)
  const [error, setError] = useState<string | null>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const { booking, cancel, move, items, contact } = data
  const money = (amount: number) => formatMoney(amount, booking.total.currency, lang)
  const when = (iso: string) => formatDayTime(iso, lang, timeZone)
  const code = booking.code
  const shopName = contact.name
  const refunded = done?.kind === 'cancelled' ? money(done.refund) : ''
  const more = done?.kind === 'moved' && done.difference > 0 ? money(done.difference) : ''
  const less = done?.kind === 'moved' && done.difference < 0 ? money(-done.difference) : ''

  const report = (next: { done?: Done; error?: string }) => {
    setDone(next.done ?? null)
    setError(next.error ?? null)
    requestAnimationFrame(() => statusRef.current?.focus())
  }
  const failed = (e: unknown) => {
    if (e instanceof ApiError) {
      const reason = (e.body.data as Record<string, unknown> | null | undefined)?.reason
      if (e.code === 'manage.not_allowed' && typeof reason === 'string' && reason in REFUSALS) return i18n._(REFUSALS[reason as ManageRefusal])
      const failure = e.code ? FAILURES[e.code] : undefined
      if (failure) return i18n._(failure)
    }
    return t`Something went wrong. Please try again, or contact us.`
  }
  const updated = (view: ManagedBooking) => queryClient.setQueryData(managedBookingQuery(api, lang, token).queryKey, view)

  return (
    <main id="main" data-testid="manage-booking">
      <h1 className="text-3xl font-bold">
        <Trans>Your booking {code}</Trans>
      </h1>
      <p className="mt-2 text-lg" data-testid="manage-status">
        {booking.status === 'CANCELLED' ? <Trans>Cancelled</Trans> : booking.status === 'REQUESTED' ? <Trans>Request, not confirmed yet</Trans> : booking.status === 'DECLINED' ? <Trans>Request not confirmed</Trans> : <Trans>Confirmed</Trans>}
      </p>

      <div ref={statusRef} tabIndex={-1} aria-live="polite" className="mt-4 outline-none" data-testid="manage-outcome">
        {done?.kind === 'cancelled' ? (
          <p role="status" className="rounded-md bg-surface p-4 font-medium text-on-surface ring-1 ring-black/10">
            {done.refund > 0 ? (
              <Trans>Your booking has been cancelled. {refunded} will be refunded to you. We have sent you a confirmation by e-mail.</Trans>
            ) : (
              <Trans>Your booking has been cancelled. We have sent you a confirmation by e-mail.</Trans>
            )}
          </p>
        ) : done?.kind === 'moved' ? (
          <p role="status" className="rounded-md bg-surface p-4 font-medium text-on-surface ring-1 ring-black/10">
            {done.difference > 0 ? (
              <Trans>Your booking has been moved. The new date costs {more} more; you can pay it online below or as agreed. We have sent you the details by e-mail.</Trans>
            ) : done.difference < 0 ? (
              <Trans>Your booking has been moved. The new date costs {less} less; anything you paid too much will be refunded. We have sent you the details by e-mail.</Trans>
            ) : (
              <Trans>Your booking has been moved. Your booking code stays the same. We have sent you the details by e-mail.</Trans>
            )}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-md border-2 border-error p-4 font-medium" data-testid="manage-error">
            {error}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="manage-summary" className="mt-6 rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10">
        <h2 id="manage-summary" className="text-xl font-semibold">
          <Trans>Summary</Trans>
        </h2>
        <ul className="mt-3 divide-y divide-black/10">
          {booking.items.map((item, index) => (
            <li key={items[index]?.itemId ?? index} className="py-3" data-testid="manage-item">
              <p className="font-semibold">{item.skuTitle && item.skuTitle !== item.offerTitle ? `${item.offerTitle} – ${item.skuTitle}` : item.offerTitle}</p>
              <p data-testid="manage-item-date">{when(item.start)}</p>
              <p className="text-sm">{item.participants.map((p) => `${p.firstname} ${p.surname}`).join(', ')}</p>
              <p className="text-sm">{money(item.total.amount)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-2 gap-1 border-t border-black/10 pt-3">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd className="text-right">{money(booking.total.amount)}</dd>
          <dt>
            <Trans>Paid</Trans>
          </dt>
          <dd className="text-right">{money(cancel.paid.amount)}</dd>
          <dt>
            <Trans>Open amount</Trans>
          </dt>
          <dd className="text-right">{money(booking.openAmount.amount)}</dd>
        </dl>
        {booking.paymentState === 'payable' && booking.paymentLink ? (
          <ButtonLink className="mt-4" to="/$lang/aftersales/payment/$token" params={{ lang, token: booking.paymentLink.token }} data-testid="manage-pay">
            <Trans>Pay online now</Trans>
          </ButtonLink>
        ) : null}
      </section>

      {booking.status !== 'CANCELLED' ? (
        <MoveSection
          api={api}
          lang={lang}
          token={token}
          data={data}
          when={when}
          money={money}
          onMoved={(view, difference) => {
            updated(view)
            report({ done: { kind: 'moved', difference } })
          }}
          onFailed={(e) => report({ error: failed(e) })}
        />
      ) : null}

      {booking.status !== 'CANCELLED' ? (
        <CancelSection
          cancel={cancel}
          when={when}
          money={money}
          onConfirm={async () => {
            try {
              const view = await cancelManagedBooking(api, token)
              updated(view)
              report({ done: { kind: 'cancelled', refund: cancel.refund.amount } })
            } catch (e) {
              report({ error: failed(e) })
              await queryClient.invalidateQueries({ queryKey: managedBookingQuery(api, lang, token).queryKey })
            }
          }}
        />
      ) : null}

      {!cancel.allowed || !move.allowed ? (
        <section aria-labelledby="manage-contact" className="mt-6">
          <h2 id="manage-contact" className="text-xl font-semibold">
            <Trans>Need help?</Trans>
          </h2>
          <p className="mt-2">
            <Trans>Please contact {shopName}:</Trans>{' '}
            {contact.phone ? (
              <a className="underline" href={`tel:${contact.phone.replace(/\s+/g, '')}`}>
                {contact.phone}
              </a>
            ) : null}
            {contact.phone && contact.email ? ' · ' : null}
            {contact.email ? (
              <a className="underline" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            ) : null}
          </p>
        </section>
      ) : null}
    </main>
  )
}

function Refusal({ reason }: { reason?: ManageRefusal }) {
  const { i18n } = useLingui()
  return <p className="mt-2">{i18n._(REFUSALS[reason ?? 'policy_none'])}</p>
}

function CancelSection({
  cancel,
  when,
  money,
  onConfirm,
}: {
  cancel: ManagedBooking['cancel']
  when: (iso: string) => string
  money: (amount: number) => string
  onConfirm: () => Promise<void>
}) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const confirmHeading = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus()
  }, [confirming])
  const freeUntil = cancel.freeUntil ? when(cancel.freeUntil) : ''
  const fee = money(cancel.fee.amount)
  const refund = money(cancel.refund.amount)
  const percent = cancel.feePercent ?? 0
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg p-4 ring-1 ring-black/10" data-testid="manage-cancel">
      <h2 id={headingId} className="text-xl font-semibold">
        <Trans>Cancel the booking</Trans>
      </h2>
      {!cancel.allowed ? (
        <Refusal reason={cancel.reason} />
      ) : (
        <>
          <p className="mt-2">
            {cancel.late ? (
              <Trans>
                Free cancellation was possible until {freeUntil}. Cancelling now costs a fee of {percent} % of the total ({fee}).
              </Trans>
            ) : (
              <Trans>You can cancel free of charge until {freeUntil}.</Trans>
            )}
          </p>
          <p className="mt-2" data-testid="manage-refund">
            {cancel.refund.amount > 0 ? <Trans>You will get back {refund}.</Trans> : <Trans>Nothing will be refunded.</Trans>}
          </p>
          {!confirming ? (
            <Button className="mt-4" variant="outline" onClick={() => setConfirming(true)} data-testid="manage-cancel-start">
              <Trans>Cancel booking…</Trans>
            </Button>
          ) : (
            <div className="mt-4 rounded-md border-2 border-error p-4" data-testid="manage-cancel-confirm">
              <h3 ref={confirmHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
                <Trans>Do you really want to cancel this booking?</Trans>
              </h3>
              <p className="mt-2">
                {cancel.refund.amount > 0 ? (
                  <Trans>The places will be released and {refund} will be refunded to you. This cannot be undone.</Trans>
                ) : (
                  <Trans>The places will be released. This cannot be undone.</Trans>
                )}
              </p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Button
                  variant="danger"
                  disabled={busy}
                  aria-disabled={busy}
                  onClick={async () => {
                    setBusy(true)
                    try {
                      await onConfirm()
                    } finally {
                      setBusy(false)
                      setConfirming(false)
                    }
                  }}
                  data-testid="manage-cancel-yes"
                >
                  <Trans>Yes, cancel the booking</Trans>
                </Button>
                <Button variant="gray" onClick={() => setConfirming(false)} disabled={busy}>
                  <Trans>No, keep it</Trans>
                </Button>
              </div>
            </div>
          )}
        </>
      )}
    </section>
  )
}

function MoveSection({
  api,
  lang,
  token,
  data,
  when,
  money,
  onMoved,
  onFailed,
}: {
  api: Api
  lang: Locale
  token: string
  data: ManagedBooking
  when: (iso: string) => string
  money: (amount: number) => string
  onMoved: (view: ManagedBooking, difference: number) => void
  onFailed: (error: unknown) => void
}) {
  const headingId = useId()
  const until = data.move.until ? when(data.move.until) : ''
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg p-4 ring-1 ring-black/10" data-testid="manage-move">
      <h2 id={headingId} className="text-xl font-semibold">
        <Trans>Move to another date</Trans>
      </h2>
      {!data.move.allowed ? (
        <Refusal reason={data.move.reason} />
      ) : (
        <>
          <p className="mt-2">
            <Trans>You can move your booking to another date of the same offer until {until}. Your booking code stays the same.</Trans>
          </p>
          {data.items.map((item, index) =>
            item.movable ? (
              <MoveItem
                key={item.itemId}
                api={api}
                lang={lang}
                token={token}
                itemId={item.itemId}
                title={data.booking.items[index]?.offerTitle ?? ''}
                current={data.booking.items[index]?.start ?? ''}
                when={when}
                money={money}
                onMoved={onMoved}
                onFailed={onFailed}
              />
            ) : null,
          )}
        </>
      )}
    </section>
  )
}

function MoveItem(props: {
  api: Api
  lang: Locale
  token: string
  itemId: string
  title: string
  current: string
  when: (iso: string) => string
  money: (amount: number) => string
  onMoved: (view: ManagedBooking, difference: number) => void
  onFailed: (error: unknown) => void
}) {
  const { api, lang, token, itemId, title, current, when, money } = props
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<ManageDate | null>(null)
  const [busy, setBusy] = useState(false)
  const dates = useQuery({ ...manageDatesQuery(api, lang, token, itemId), enabled: open })
  const legendId = useId()
  const list = useRef<HTMLFieldSetElement>(null)
  useEffect(() => {
    if (open && dates.data) list.current?.focus()
  }, [open, dates.data])
  const currentWhen = when(current)
  const chosenWhen = chosen ? when(chosen.start) : ''

  return (
    <div className="mt-4 border-t border-black/10 pt-4" data-testid="manage-move-item">
      <p className="font-semibold">{title}</p>
      <p>
        <Trans>Current date: {currentWhen}</Trans>
      </p>
      {!open ? (
        <Button className="mt-3" variant="outline" onClick={() => setOpen(true)} data-testid="manage-move-start">
          <Trans>Choose another date…</Trans>
        </Button>
      ) : dates.isPending ? (
        <p className="mt-3" role="status">
          <Trans>Loading the dates…</Trans>
        </p>
      ) : dates.isError ? (
        <p className="mt-3" role="alert">
          <Trans>The dates could not be loaded. Please try again.</Trans>
        </p>
      ) : dates.data.length === 0 ? (
        <p className="mt-3">
          <Trans>There is no other date with enough free places in the next 90 days.</Trans>
        </p>
      ) : (
        <form
          className="mt-3"
          onSubmit={async (event) => {
            event.preventDefault()
            if (!chosen || busy) return
            setBusy(true)
            try {
              const view = await moveManagedBooking(api, token, itemId, chosen.sessionId)
              props.onMoved(view, chosen.difference.amount)
              setOpen(false)
              setChosen(null)
            } catch (e) {
              props.onFailed(e)
              await dates.refetch()
              setChosen(null)
            } finally {
              setBusy(false)
            }
          }}
        >
          <fieldset ref={list} tabIndex={-1} aria-labelledby={legendId} className="outline-none">
            <legend id={legendId} className="font-semibold">
              <Trans>Available dates</Trans>
            </legend>
            <ul className="mt-2 max-h-96 space-y-2 overflow-y-auto" data-testid="manage-dates">
              {dates.data.map((date) => (
                <li key={date.sessionId}>
                  <label className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-md p-2 ring-1 ring-black/10 has-[:checked]:ring-2 has-[:checked]:ring-primary">
                    <input
                      type="radio"
                      name={`date-${itemId}`}
                      value={date.sessionId}
                      className="h-5 w-5"
                      checked={chosen?.sessionId === date.sessionId}
                      onChange={() => setChosen(date)}
                    />
                    <span className="font-medium">{when(date.start)}</span>
                    <span className="text-sm">
                      <Difference amount={date.difference.amount} money={money} />
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {chosen ? (
            <div className="mt-4 rounded-md bg-surface p-4 text-on-surface ring-1 ring-black/10" aria-live="polite" data-testid="manage-move-summary">
              <p>
                <Trans>New date: {chosenWhen}</Trans>
              </p>
              <p className="mt-1">
                <Difference amount={chosen.difference.amount} money={money} long />
              </p>
            </div>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit" disabled={!chosen || busy} aria-disabled={!chosen || busy} data-testid="manage-move-confirm">
              {busy ? t`Moving…` : t`Move to this date`}
            </Button>
            <Button variant="gray" onClick={() => (setOpen(false), setChosen(null))} disabled={busy}>
              <Trans>Keep the current date</Trans>
            </Button>
          </div>
        </form>
      )}
    </div>
  )
}

function Difference({ amount, money, long = false }: { amount: number; money: (amount: number) => string; long?: boolean }): ReactNode {
  const more = money(amount)
  const less = money(-amount)
  if (amount > 0) return long ? <Trans>This date costs {more} more; the open amount grows by it.</Trans> : <Trans>{more} more</Trans>
  if (amount < 0) return long ? <Trans>This date costs {less} less; the difference will be refunded to you.</Trans> : <Trans>{less} less</Trans>
  return long ? <Trans>The price stays the same.</Trans> : <Trans>Same price</Trans>
}
