import { useId, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { sessionsQuery, type AdminSession, type NewSessionsAnswer } from '~/api/admin-sessions.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { AddDatesDialog, type AddKind } from './add-dates-dialog'
import { monthTitle } from './format'
import { addMonths, monthOf, monthRange } from './month'
import { MonthCalendar } from './month-calendar'
import { SessionDialog } from './session-dialog'
import { SessionList } from './session-list'

/**
 * The dates of a group activity: a month as a calendar (a list on phones), month by month; add a
 * date or a series; open a date to change, close or cancel it and see its history.
 */
export function DatesPage(props: { api: AdminApi; offerId: string; month: string; today: string; lang: Locale; onMonth: (month: string) => void }) {
  const { t } = useLingui()
  const { from, to } = monthRange(props.month)
  const { data } = useSuspenseQuery(sessionsQuery(props.api, props.offerId, from, to))
  const [focusedDay, setFocusedDay] = useState(monthOf(props.today) === props.month ? props.today : `${props.month}-01`)
  const [adding, setAdding] = useState<AddKind | null>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  const [added, setAdded] = useState<NewSessionsAnswer | null>(null)
  const headingId = useId()
  const open = data.sessions.find((s) => s.id === openId) ?? null
  const day = monthOf(focusedDay) === props.month ? focusedDay : `${props.month}-01`
  const focus = (next: string) => {
    setFocusedDay(next)
    if (monthOf(next) !== props.month) props.onMonth(monthOf(next))
  }
  const go = (n: number) => {
    const next = addMonths(day, n)
    setFocusedDay(next)
    props.onMonth(monthOf(next))
  }
  const onOpen = (s: AdminSession) => setOpenId(s.id)
  const addedCount = added?.created.length ?? 0
  const skippedCount = added?.skipped.length ?? 0
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setAdding('single')}>
          <Trans>Add a date</Trans>
        </Button>
        <Button variant="outline" onClick={() => setAdding('series')}>
          <Trans>Add a series</Trans>
        </Button>
      </div>
      <p role="status">
        {added ? (
          <>
            <Plural value={addedCount} _0="No date added." one="# date added." other="# dates added." />{' '}
            {skippedCount ? <Plural value={skippedCount} one="# left out." other="# left out." /> : null}
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="gray" onClick={() => go(-1)}>
          <span aria-hidden="true">←</span> <Trans>Previous month</Trans>
        </Button>
        <h2 id={headingId} className="text-xl font-semibold" aria-live="polite">
          {monthTitle(props.month, props.lang)}
        </h2>
        <Button variant="gray" onClick={() => go(1)}>
          <Trans>Next month</Trans> <span aria-hidden="true">→</span>
        </Button>
      </div>
      <p className="hidden text-sm md:block">{t`Arrow keys move between days, Page Up and Page Down between months; Tab reaches the dates of the day.`}</p>
      <div className="hidden md:block">
        <MonthCalendar month={props.month} sessions={data.sessions} focusedDay={day} onFocusDay={focus} onOpen={onOpen} lang={props.lang} labelledBy={headingId} />
      </div>
      <div className="md:hidden">
        <SessionList month={props.month} sessions={data.sessions} onOpen={onOpen} lang={props.lang} />
      </div>
      <AddDatesDialog
        api={props.api}
        offerId={props.offerId}
        kind={adding}
        day={day < props.today ? props.today : day}
        durationMinutes={data.offer.durationMinutes}
        lang={props.lang}
        onClose={() => setAdding(null)}
        onAdded={setAdded}
      />
      <SessionDialog api={props.api} offerId={props.offerId} session={open} timeZone={data.offer.timeZone} lang={props.lang} onClose={() => setOpenId(null)} />
    </div>
  )
}
