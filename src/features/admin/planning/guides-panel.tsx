import { Fragment, useId } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { PlanningStaff } from '~/api/admin-planning.queries'
import type { Locale } from '~/lib/locale'
import { ROLE_LABELS } from '../labels'
import { halfDayOf } from './availability'
import { dayMonth, weekdayShort } from './format'
import { AvailabilityMark, useAvailabilityText } from './labels'
import { STAFF_DRAG_TYPE } from './session-card'

const PARTS = ['AM', 'PM'] as const

/**
 * The active staff with their answers for the days shown, morning and afternoon (a sign and its
 * words; the notes listed in text below each table). Each name can be dragged onto a date to
 * assign the member; the dates' "Assign guide…" buttons do the same by keyboard.
 */
export function GuidesPanel(props: { staff: PlanningStaff[]; days: string[]; lang: Locale }) {
  const { t } = useLingui()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="planning-staff">
      <h2 id={headingId} className="text-xl font-semibold">
        <Trans>Staff and availability</Trans>
      </h2>
      <p className="text-sm">
        <Trans>Drag a name onto a date to assign them, or use “Assign guide…” on the date.</Trans>
      </p>
      {props.staff.length === 0 ? (
        <p>
          <Trans>No active staff member.</Trans>
        </p>
      ) : (
        <ul className="space-y-3">
          {props.staff.map((member) => (
            <li key={member.id}>
              <Member member={member} days={props.days} lang={props.lang} caption={t`Availability of ${member.name}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Member(props: { member: PlanningStaff; days: string[]; lang: Locale; caption: string }) {
  const { t, i18n } = useLingui()
  const text = useAvailabilityText()
  const { member } = props
  const count = member.sessionIds.length + member.itemIds.length
  const partName = { AM: t`Morning`, PM: t`Afternoon` }
  // One day: its cells show the notes already.
  const notes = props.days.length === 1 ? [] : props.days.flatMap((day) =>
    PARTS.flatMap((part) => {
      const half = halfDayOf(member, day, part)
      return half.note ? [{ key: `${day}-${part}`, when: `${weekdayShort(day, props.lang)} ${partName[part]}`, text: text(half.availability, [half.note]) }] : []
    }),
  )
  return (
    <div className="rounded-md border border-gray-300 bg-white p-2" data-testid="planning-member" data-staff={member.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData(STAFF_DRAG_TYPE, member.id)
            e.dataTransfer.setData('text/plain', member.name)
            e.dataTransfer.effectAllowed = 'copy'
          }}
          className="inline-flex cursor-grab items-center gap-1 rounded-full border border-primary bg-primary/10 px-2 py-0.5 font-medium active:cursor-grabbing"
          data-testid="planning-member-chip"
        >
          <span aria-hidden="true">⠿</span>
          {member.name}
        </span>
        <span className="text-sm">
          {i18n._(ROLE_LABELS[member.role])}
          {' · '}
          <Plural value={count} _0="no date" one="# date" other="# dates" />
        </span>
      </div>
      <table className="mt-2 w-full border-collapse text-xs">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            <td />
            {props.days.map((day) => (
              <th key={day} scope="col" abbr={dayMonth(day, props.lang)} className="px-0.5 font-medium">
                {weekdayShort(day, props.lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PARTS.map((part) => (
            <tr key={part}>
              <th scope="row" className="pr-1 text-left font-medium">
                {partName[part]}
              </th>
              {props.days.map((day) => {
                const half = halfDayOf(member, day, part)
                return (
                  <td key={day} className="px-0.5 py-0.5 text-center">
                    <AvailabilityMark value={half.availability} text={text(half.availability, [half.note])} visible={props.days.length === 1} />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {notes.length ? (
        <dl className="mt-1 text-xs">
          {notes.map((note) => (
            <Fragment key={note.key}>
              <dt className="inline font-medium">{note.when}: </dt>
              <dd className="inline after:block after:content-['']">{note.text}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </div>
  )
}
