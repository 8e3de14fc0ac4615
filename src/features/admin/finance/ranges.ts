/**
 * The finance pages' date ranges: presets relative to the shop's today, the number of periods a
 * range has and what is wrong with one before it is asked for (the API's own bounds and codes).
 * Pure: no React, no clock.
 */
import type { Granularity } from '~/api/admin-finance.queries'
import { addDays, addMonths } from '../sessions/month'
import { isDay } from '~/lib/search-params'
import { MAX_PERIODS, MAX_RANGE_DAYS } from './search'

/** The month `today` falls in. */
export function thisMonth(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 7)}-01`
  return { from, to: addDays(addMonths(from, 1), -1) }
}

export type RangePreset = 'thisMonth' | 'lastMonth' | 'last30Days' | 'thisYear' | 'lastYear'
export const RANGE_PRESETS: readonly RangePreset[] = ['thisMonth', 'lastMonth', 'last30Days', 'thisYear', 'lastYear']

/** A named range relative to today (the shop's), with the granularity that suits it. */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string; granularity: Granularity } {
  const year = today.slice(0, 4)
  switch (preset) {
    case 'thisMonth':
      return { ...thisMonth(today), granularity: 'day' }
    case 'lastMonth':
      return { ...thisMonth(addMonths(`${today.slice(0, 7)}-01`, -1)), granularity: 'day' }
    case 'last30Days':
      return { from: addDays(today, -29), to: today, granularity: 'day' }
    case 'thisYear':
      return { from: `${year}-01-01`, to: `${year}-12-31`, granularity: 'month' }
    case 'lastYear':
      return { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31`, granularity: 'month' }
  }
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** How many periods a range has (the API lists at most MAX_PERIODS). */
export function periodCount(from: string, to: string, granularity: Granularity): number {
  if (granularity === 'day') return daysBetween(from, to) + 1
  if (granularity === 'week') {
    const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7))
    return daysBetween(monday(from), monday(to)) / 7 + 1
  }
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1
}

export type RangeProblem = { field: 'from' | 'to' | 'granularity'; code: 'required' | 'range.reversed' | 'range.too_long' | 'range.too_many_periods' }

/** What is wrong with a range before it is asked for (the API's own field codes), else null. */
export function rangeProblem(from: string, to: string, granularity?: Granularity): RangeProblem | null {
  if (!isDay(from)) return { field: 'from', code: 'required' }
  if (!isDay(to)) return { field: 'to', code: 'required' }
  const days = daysBetween(from, to)
  if (days < 0) return { field: 'to', code: 'range.reversed' }
  if (days >= MAX_RANGE_DAYS) return { field: 'to', code: 'range.too_long' }
  if (granularity && periodCount(from, to, granularity) > MAX_PERIODS) return { field: 'granularity', code: 'range.too_many_periods' }
  return null
}

/** The week number of an ISO week key (`2026-W14` → 14). */
export const weekNumber = (key: string) => Number(key.slice(6))
