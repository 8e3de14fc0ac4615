/**
 * One chart of the reports: a bar chart (recharts, SVG; only the staff app's reports page loads
 * it) inside a figure with its title, a text alternative that says what the chart shows, and the
 * figures as a table behind it (a disclosure: screen readers and anyone who wants the exact
 * numbers open it). The chart itself is one image to assistive technology; nothing in it takes
 * the keyboard's focus.
 */
import type { ReactNode } from 'react'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Trans } from '@lingui/react/macro'

export type Bars = { label: string; value: number }[]

/** Bar colours with at least 4.5:1 against white (graphics need 3:1). */
export const BAR_COLOURS = { blue: '#1d4ed8', amber: '#b45309', green: '#047857', violet: '#6d28d9' } as const

type Props = {
  id: string
  title: string
  /** What the chart shows, in words (its text alternative). */
  summary: string
  bars: Bars
  format: (value: number) => string
  colour: keyof typeof BAR_COLOURS
  /** Offers and channels: long labels read better as rows. */
  horizontal?: boolean
  /** The table with the figures behind the chart. */
  table: ReactNode
}

export function BarFigure({ id, title, summary, bars, format, colour, horizontal, table }: Props) {
  const height = horizontal ? Math.max(160, 40 * bars.length + 40) : 280
  const fill = BAR_COLOURS[colour]
  return (
    <figure aria-labelledby={`${id}-title`} className="space-y-3 rounded-md border border-gray-300 p-4">
      <figcaption id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </figcaption>
      <div role="img" aria-label={summary} className="w-full">
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
          {horizontal ? (
            <BarChart data={bars} layout="vertical" margin={{ left: 8, right: 24, top: 8, bottom: 8 }} accessibilityLayer={false}>
              <CartesianGrid horizontal={false} stroke="#d1d5db" />
              <XAxis type="number" tickFormatter={format} stroke="#4b5563" allowDecimals={false} />
              <YAxis type="category" dataKey="label" width={180} stroke="#4b5563" tick={{ fontSize: 13 }} />
              <Tooltip formatter={(value) => format(Number(value))} isAnimationActive={false} />
              <Bar dataKey="value" name={title} fill={fill} isAnimationActive={false} />
            </BarChart>
          ) : (
            <BarChart data={bars} margin={{ left: 8, right: 8, top: 8, bottom: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke="#d1d5db" />
              <XAxis dataKey="label" stroke="#4b5563" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis tickFormatter={format} stroke="#4b5563" width={80} allowDecimals={false} />
              <Tooltip formatter={(value) => format(Number(value))} isAnimationActive={false} />
              <Bar dataKey="value" name={title} fill={fill} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-2 font-medium underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2">
          <Trans>Figures as a table</Trans>
        </summary>
        <div className="pt-2">{table}</div>
      </details>
    </figure>
  )
}
