import { useId, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { AdminApi, Role } from '~/api/admin-client'
import { availabilityQuery, type AvailabilityQuery } from '~/api/admin-availability.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { MemberSelect } from '../member-select'
import { MonthNav } from '../month-nav'
import { monthTitle } from '../sessions/format'
import { AvailabilityDialog, type AvailabilitySaved } from './availability-dialog'
import { AvailabilityMonth } from './month-view'
import { WeeklyForm } from './weekly-form'

/**
 * A member's availability: the month (a calendar, a list on phones), the date-selection
 * availability dialog to set several dates at once, and the weekly pattern. Managers and owners
 * choose the member.
 */
export function AvailabilityPage(props: {
  api: AdminApi
  lang: Locale
  today: string
  month: string
  query: AvailabilityQuery
  role: Role
  meId: string
  onMonth: (month: string) => void
  onMember: (staffId: string | undefined) => void
}) {
  const { data } = useSuspenseQuery(availabilityQuery(props.api, props.query))
  const [open, setOpen] = useState(false)
  const [saved, setSaved] = useState<AvailabilitySaved | null>(null)
  const headingId = useId()
  const other = data.member.id !== props.meId ? data.member : undefined
  const thisMonth = props.today.slice(0, 7)
  const start = props.month > thisMonth ? `${props.month}-01` : props.today
  const otherName = other?.name
  const shownMonth = monthTitle(props.month, props.lang)
  const changed = saved?.changed ?? 0
  const asked = saved?.dates ?? 0
  return (
    <div className="space-y-8">
      {props.role !== 'guide' && data.members.length > 0 ? (
        <MemberSelect
          member={data.member}
          members={data.members}
          meId={props.meId}
          onMember={(staffId) => {
            setSaved(null)
            props.onMember(staffId)
          }}
        />
      ) : null}

      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => setOpen(true)} data-testid="set-availability">
            <Trans>Set availability…</Trans>
          </Button>
          <p role="status" className="font-medium">
            {saved ? (
              changed === 0 ? (
                <Trans>Availability saved: nothing changed.</Trans>
              ) : (
                <Trans>
                  Availability saved. Dates changed: {changed} of {asked}.
                </Trans>
              )
            ) : null}
          </p>
        </div>
        <MonthNav month={props.month} headingId={headingId} onMonth={props.onMonth}>
          {otherName ? (
            <Trans>
              {otherName}: {shownMonth}
            </Trans>
          ) : (
            shownMonth
          )}
        </MonthNav>
        <AvailabilityMonth month={props.month} days={data.days} today={props.today} lang={props.lang} labelledBy={headingId} />
      </section>

      <WeeklyForm key={data.member.id} api={props.api} lang={props.lang} weekly={data.weekly} staffId={other?.id} />

      <AvailabilityDialog
        open={open}
        api={props.api}
        lang={props.lang}
        start={start}
        min={props.today}
        member={other}
        onClose={() => setOpen(false)}
        onSaved={setSaved}
      />
    </div>
  )
}
