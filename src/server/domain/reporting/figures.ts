/**
 * The figures of a report (openapi/admin.yaml, `ReportFigures` and `ReportRequestFigures`) and
 * how the queries' rows add up to them. Pure: no database.
 */
import type { components } from '~/api/admin-schema.gen'

export type ReportFigures = components['schemas']['ReportFigures']
export type ReportRequestFigures = components['schemas']['ReportRequestFigures']
export type ReportPeriod = components['schemas']['ReportPeriod']
export type ReportOffer = components['schemas']['ReportOffer']
export type ReportChannel = components['schemas']['ReportChannel']
export type Report = components['schemas']['ReportAnswer']['data']

/** Bookings that stand: orders, accepted requests and paid ones (as the dashboard counts them). */
export const STANDING = ['CONFIRMED', 'ACCEPTED', 'PAID'] as const

export const zeroFigures = (): ReportFigures => ({ bookings: 0, participants: 0, revenue: 0, cancelled: 0, sessions: 0, capacity: 0, placesTaken: 0 })

export const noRequests = (): ReportRequestFigures => ({ received: 0, answered: 0, accepted: 0, declined: 0, open: 0, medianHours: null, p90Hours: null })

/** Adds `part` to `figures` (every figure is a count or a sum). */
export function addFigures(figures: ReportFigures, part: Partial<ReportFigures>): void {
  for (const key of Object.keys(part) as (keyof ReportFigures)[]) figures[key] += part[key] ?? 0
}

/** Hours of an answer time as the contract shows them: to a tenth, never below 0, `null` without any answer. */
export const hoursOf = (hours: number | string | null | undefined): number | null =>
  hours === null || hours === undefined ? null : Math.max(0, Math.round(Number(hours) * 10) / 10)
