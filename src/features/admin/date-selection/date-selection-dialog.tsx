import { useEffect, useId, useState, type ReactNode } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { dayjs, DAYJS_LOCALE } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { addMonths, datesBetween, firstOfMonth, type IsoDate } from './calendar'
import { CalendarGrid } from './calendar-grid'

export type { IsoDate } from './calendar'

/**
 * The staff app's date-selection dialog: a month calendar in which the member selects several
 * dates at once (click, Shift+click for a range; keyboard as in `CalendarGrid`), the count read
 * out as it changes; `children` gets the dates chosen (in order) and says what happens to them,
 * calling `done` to close. Reused wherever staff pick dates (opening-hour exceptions, staff
 * availability).
 */
export function DateSelectionDialog(props: {
  open: boolean
  title: string
  lang: Locale
  /** Where the calendar opens (today in the shop's time zone: the caller knows the clock). */
  start: IsoDate
  /** The earliest date that can be selected. */
  min?: IsoDate
  onClose: () => void
  children: (dates: IsoDate[], done: () => void) => ReactNode
  testId?: string
}) {
  const { t } = useLingui()
  const headingId = useId()
  const helpId = useId()
  const [focused, setFocused] = useState(props.start)
  const [selected, setSelected] = useState<ReadonlySet<IsoDate>>(new Set())
  const [anchor, setAnchor] = useState<IsoDate | null>(null)
  const [moveFocus, setMoveFocus] = useState(false)
  const { open, start } = props
  useEffect(() => {
    if (!open) return
    setFocused(start)
    setSelected(new Set())
    setAnchor(null)
    setMoveFocus(false)
  }, [open, start])

  const allowed = (dates: IsoDate[]) => dates.filter((d) => !props.min || d >= props.min)
  const move = (date: IsoDate, extend: boolean) => {
    if (extend) setSelected(new Set([...selected, ...allowed(datesBetween(focused, date))]))
    setFocused(date)
    setMoveFocus(true)
  }
  const toggle = (date: IsoDate, range: boolean) => {
    const next = new Set(selected)
    if (range && anchor) for (const d of allowed(datesBetween(anchor, date))) next.add(d)
    else if (next.has(date)) next.delete(date)
    else next.add(date)
    setSelected(next)
    setAnchor(date)
  }
  const month = firstOfMonth(focused)
  const showMonth = (n: number) => {
    const date = addMonths(focused, n)
    setFocused(props.min && date < props.min ? props.min : date)
    setMoveFocus(false)
  }
  const dates = [...selected].sort()
  const count = dates.length
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onClose} testId={props.testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => showMonth(-1)}>
          <span aria-hidden="true">‹</span> <Trans>Previous month</Trans>
        </Button>
        <h3 id={headingId} className="text-lg font-semibold" aria-live="polite">
          {dayjs(month).locale(DAYJS_LOCALE[props.lang]).format('MMMM YYYY')}
        </h3>
        <Button variant="outline" size="sm" onClick={() => showMonth(1)}>
          <Trans>Next month</Trans> <span aria-hidden="true">›</span>
        </Button>
      </div>
      <p id={helpId} className="mt-2 text-sm">
        <Trans>Click a date to select it, Shift+click to select a range. Keyboard: arrow keys move, Space selects, Shift+arrow keys select several dates, Page Up and Page Down change the month.</Trans>
      </p>
      <div className="mt-3">
        <CalendarGrid month={month} focused={focused} selected={selected} min={props.min} lang={props.lang} labelledBy={headingId} describedBy={helpId} moveFocus={moveFocus} onMove={move} onToggle={toggle} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="font-medium" data-testid="selection-count">
          {count === 0 ? <Trans>No date selected.</Trans> : <Plural value={count} one="# date selected." other="# dates selected." />}
        </p>
        {count > 0 ? (
          <Button variant="gray" size="sm" onClick={() => (setSelected(new Set()), setAnchor(null))}>
            {t`Clear the selection`}
          </Button>
        ) : null}
      </div>
      <div className="mt-4 border-t border-gray-300 pt-4">{props.children(dates, props.onClose)}</div>
    </Dialog>
  )
}
