import { useEffect, useRef, type KeyboardEvent } from 'react'
import type { AdminSession } from '~/api/admin-sessions.queries'
import type { Locale } from '~/lib/locale'
import { longDay, weekdayNames } from './format'
import { dayAfterKey, monthOf, monthWeeks } from './month'
import { SessionButton } from './session-button'

/**
 * A month as a grid of days (Monday first), each listing its sessions. One day is focusable at a
 * time (roving tabindex): the arrow keys move by day and week, Home/End to the week's start and
 * end, Page Up/Down by month (the page follows into another month); Tab goes on to that day's
 * sessions. The focused day is the default of "Add a date".
 */
export function MonthCalendar(props: {
  month: string
  sessions: AdminSession[]
  focusedDay: string
  onFocusDay: (day: string) => void
  onOpen: (session: AdminSession) => void
  lang: Locale
  labelledBy: string
}) {
  const grid = useRef<HTMLTableElement>(null)
  const moved = useRef(false)
  const short = weekdayNames(props.lang, 'short')
  const long = weekdayNames(props.lang, 'long')
  const byDay = new Map<string, AdminSession[]>()
  for (const s of props.sessions) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s])

  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    grid.current?.querySelector<HTMLElement>(`[data-day="${props.focusedDay}"]`)?.focus()
  }, [props.focusedDay, props.month])

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return // keys on a session button are the button's
    const next = dayAfterKey(props.focusedDay, e.key)
    if (!next) return
    e.preventDefault()
    moved.current = true
    props.onFocusDay(next)
  }

  return (
    <table ref={grid} role="grid" aria-labelledby={props.labelledBy} className="w-full table-fixed border-collapse" data-testid="month-calendar">
      <thead>
        <tr>
          {short.map((name, i) => (
            <th key={name} scope="col" abbr={long[i]} className="p-1 text-sm font-medium">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(props.month).map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const focused = day === props.focusedDay
              const outside = monthOf(day) !== props.month
              const sessions = byDay.get(day) ?? []
              return (
                <td
                  key={day}
                  role="gridcell"
                  data-day={day}
                  tabIndex={focused ? 0 : -1}
                  aria-selected={focused}
                  onKeyDown={onKeyDown}
                  onFocus={(e) => {
                    if (e.target === e.currentTarget && !focused) props.onFocusDay(day)
                  }}
                  className={`h-28 border border-gray-300 p-1 align-top focus-visible:outline-3 focus-visible:-outline-offset-2 focus-visible:outline-accent ${outside ? 'bg-gray-50 text-gray-600' : 'bg-white'} ${focused ? 'ring-2 ring-inset ring-gray-900' : ''}`}
                >
                  <span className="sr-only">{longDay(day, props.lang)}</span>
                  <span aria-hidden="true" className="block text-sm font-medium">
                    {Number(day.slice(8))}
                  </span>
                  {sessions.length ? (
                    <ul className="mt-1 space-y-1">
                      {sessions.map((s) => (
                        <li key={s.id}>
                          <SessionButton session={s} onOpen={props.onOpen} tabIndex={focused ? 0 : -1} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
