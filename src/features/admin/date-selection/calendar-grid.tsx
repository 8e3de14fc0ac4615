import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { dayjs, DAYJS_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { moveDate, weeksOf, type IsoDate } from './calendar'

/** A known Monday: the column headers are the seven days from it, named in the member's language. */
const A_MONDAY = '2024-01-01'

/**
 * One month as an ARIA grid (one Tab stop, roving focus on the focused date; multi-selectable).
 * The grid reports what the member does; the dialog holds the selection. Keys: arrows, Home,
 * End, PageUp, PageDown move (Shift: and select the dates passed over); Space or Enter toggle.
 * A click toggles, Shift+click selects the range from the last toggled date.
 */
export function CalendarGrid(props: {
  month: IsoDate
  focused: IsoDate
  selected: ReadonlySet<IsoDate>
  min?: IsoDate
  lang: Locale
  labelledBy: string
  describedBy?: string
  /** Set when the focus should follow `focused` (after a key, not on first render). */
  moveFocus: boolean
  onMove: (date: IsoDate, extend: boolean) => void
  onToggle: (date: IsoDate, range: boolean) => void
}) {
  const ref = useRef<HTMLTableElement>(null)
  const locale = DAYJS_LOCALE[props.lang]
  const { focused, moveFocus } = props
  useEffect(() => {
    if (moveFocus) ref.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus()
  }, [focused, moveFocus])

  const enabled = (date: IsoDate) => !props.min || date >= props.min
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault()
      if (enabled(focused)) props.onToggle(focused, event.shiftKey)
      return
    }
    const next = moveDate(event.key, focused)
    if (!next) return
    event.preventDefault()
    props.onMove(props.min && next < props.min ? props.min : next, event.shiftKey)
  }
  const onClick = (date: IsoDate) => (event: MouseEvent) => {
    props.onMove(date, false)
    if (enabled(date)) props.onToggle(date, event.shiftKey)
  }

  const names = Array.from({ length: 7 }, (_, i) => dayjs(A_MONDAY).add(i, 'day').locale(locale))
  return (
    <table ref={ref} role="grid" aria-labelledby={props.labelledBy} aria-describedby={props.describedBy} aria-multiselectable="true" className="w-full table-fixed border-collapse text-center" onKeyDown={onKeyDown}>
      <thead>
        <tr>
          {names.map((d) => (
            <th key={d.format('d')} scope="col" abbr={d.format('dddd')} className="pb-1 text-sm font-medium">
              {d.format('dd')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(props.month).map((week, w) => (
          <tr key={w}>
            {week.map((date, i) =>
              date ? (
                <td
                  key={date}
                  role="gridcell"
                  data-date={date}
                  tabIndex={date === focused ? 0 : -1}
                  aria-selected={props.selected.has(date)}
                  aria-disabled={enabled(date) ? undefined : true}
                  onClick={onClick(date)}
                  onFocus={() => date !== focused && props.onMove(date, false)}
                  className={`h-11 cursor-pointer select-none rounded-md border-2 focus:outline-3 focus:outline-offset-1 focus:outline-blue-700 aria-disabled:cursor-not-allowed aria-disabled:text-gray-500 ${
                    props.selected.has(date) ? 'border-blue-900 bg-blue-800 font-semibold text-white' : 'border-transparent hover:bg-gray-100'
                  }`}
                >
                  <span aria-hidden="true">{Number(date.slice(8))}</span>
                  <span className="sr-only">{dayjs(date).locale(locale).format('dddd, LL')}</span>
                </td>
              ) : (
                <td key={`empty-${i}`} role="gridcell" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
