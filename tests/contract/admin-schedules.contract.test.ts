import { afterAll, beforeAll, expect, it } from 'vitest'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer } from '../support/factories'
import { signedInCast, staffCalls } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`
const weekdays = (start: string, end: string) => ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) => ({ weekday, start, end }))

describeEachDatabase('private services → opening hours (openapi/admin.yaml)', (factory) => {
  let app: TestApp
  let clock = new Date('2026-03-20T08:00:00Z')
  let alpin: Awaited<ReturnType<typeof staffCalls>>
  let manager: string
  let guide: string
  let atelierManager: string
  let serviceId: string
  let activityId: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    const cast = await signedInCast(app)
    ;({ alpin, manager, guide, atelierOwner: atelierManager } = cast)
    const atelier = cast.atelier
    const db = app.database.db
    serviceId = (
      await createOffer(db, {
        slug: 'test-coaching',
        skus: [{ key: 'slot', type: 'private-service-slot', durationMinutes: 60 }],
        schedule: { weeklyHours: weekdays('09:00', '12:00'), exceptions: [], durationMinutes: 60, bufferMinutes: 0, stepMinutes: 60 },
      })
    ).offerId
    activityId = (await createOffer(db, { slug: 'test-hike', sessions: [] })).offerId
    // Atelier's own calls prove the other shop sees nothing of alpin's offers.
    atelierCall = (method, path, body) => atelier.call(method, path, { session: atelierManager, body })
  })
  afterAll(() => app?.close())

  let atelierCall: (method: string, path: string, body?: unknown) => ReturnType<typeof alpin.call>
  const get = (session = manager, id = serviceId) => alpin.call('GET', `/offers/${id}/schedule`, { session })
  const put = (version: number, schedule: unknown, session = manager, id = serviceId) => alpin.call('PUT', `/offers/${id}/schedule`, { session, body: { version, schedule } })
  const preview = (schedule: unknown, from: string, to: string) => alpin.call('POST', `/offers/${serviceId}/schedule/preview`, { session: manager, body: { schedule, from, to } })
  /** The start times a visitor is offered on `date` (the booking panel's call). */
  const visitorTimes = async (date: string) => {
    const answer = await app.call(`${ALPIN}/api/webshop/v1/offers/test-coaching/dates/${date}`, { headers: { 'x-flowin-locale': 'en' } })
    expect(answer.status).toBe(200)
    return ((await answer.json()).data.slots as { startTime: string }[]).map((s) => s.startTime)
  }

  it('lets managers read a service\'s hours; guides get 403, another shop 404, a group activity is refused', async () => {
    const answer = await get()
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data).toMatchObject({ offerId: serviceId, slug: 'test-coaching', timeZone: 'Europe/Zurich', version: 1 })
    expect(answer.body.data.schedule).toMatchObject({ durationMinutes: 60, bufferMinutes: 0, stepMinutes: 60, exceptions: [] })
    expect((await get(guide)).status).toBe(403)
    expect((await put(1, answer.body.data.schedule, guide)).status).toBe(403)
    expect((await atelierCall('GET', `/offers/${serviceId}/schedule`)).status).toBe(404)
    expect((await atelierCall('PUT', `/offers/${serviceId}/schedule`, { version: 1, schedule: answer.body.data.schedule })).status).toBe(404)
    expect((await get(manager, 'no-such-offer')).status).toBe(404)
    const activity = await get(manager, activityId)
    expect(activity.status).toBe(409)
    expect(activity.body.data.code).toBe('offer.not_private_service')
    expect((await put(1, answer.body.data.schedule, manager, activityId)).status).toBe(409)
  })

  it('knows a new private service without variants as one: its hours can be set, its dates cannot', async () => {
    const created = await alpin.call('POST', '/offers', { session: manager, body: { kind: 'private', title: { de: 'Neues Privatcoaching' } } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id as string
    expect((await get(manager, id)).status).toBe(200)
    const dates = await alpin.call('GET', `/offers/${id}/sessions?from=2026-03-01&to=2026-03-31`, { session: manager })
    expect(dates.status).toBe(409)
    expect(dates.body.data.code).toBe('offer.not_group_activity')
    // …and a new group activity is one: no hours.
    const activity = await alpin.call('POST', '/offers', { session: manager, body: { kind: 'activity', title: { de: 'Neue Tour' } } })
    expect((await get(manager, activity.body.data.id)).status).toBe(409)
  })

  it('saves new hours that the visitor\'s booking panel shows at once, DST day included, and records them', async () => {
    expect(await visitorTimes('2026-03-28')).toEqual(['09:00', '10:00', '11:00'])
    const { version, schedule } = (await get()).body.data
    const next = {
      ...schedule,
      stepMinutes: 30,
      weeklyHours: [{ weekday: 6, start: '09:00', end: '11:00' }, { weekday: 6, start: '14:00', end: '15:30' }, { weekday: 0, start: '01:00', end: '04:00' }],
      exceptions: [{ date: '2026-04-04', closed: true, hours: [] }, { date: '2026-04-05', closed: false, hours: [{ start: '10:00', end: '11:00' }] }],
    }
    // The preview says what visitors will see, before anything is saved.
    const shown = await preview(next, '2026-03-28', '2026-03-29')
    expect(shown.status, JSON.stringify(shown.body)).toBe(200)
    expect(shown.body.data.days).toEqual([
      { date: '2026-03-28', startTimes: ['09:00', '09:30', '10:00', '14:00', '14:30'] },
      // 29 March: the clocks jump from 02:00 to 03:00, so 01:00–04:00 lasts two hours.
      { date: '2026-03-29', startTimes: ['01:00', '01:30', '03:00'] },
    ])
    expect(await visitorTimes('2026-03-28')).toEqual(['09:00', '10:00', '11:00'])

    const saved = await put(version, next)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.version).toBe(version + 1)
    expect(await visitorTimes('2026-03-28')).toEqual(['09:00', '09:30', '10:00', '14:00', '14:30'])
    expect(await visitorTimes('2026-03-29')).toEqual(['01:00', '01:30', '03:00'])
    expect(await visitorTimes('2026-03-30')).toEqual([])
    expect(await visitorTimes('2026-04-04')).toEqual([])
    expect(await visitorTimes('2026-04-05')).toEqual(['10:00'])
    // The calendar of the booking panel: only Saturdays, Sundays and the special day are open in April.
    const month = await (await app.call(`${ALPIN}/api/webshop/v1/offers/test-coaching/availability?month=2026-04`, { headers: { 'x-flowin-locale': 'en' } })).json()
    const open = month.data.dates.map((d: { date: string }) => d.date)
    expect(open).toContain('2026-04-05')
    expect(open).toContain('2026-04-11')
    expect(open).not.toContain('2026-04-04')
    expect(open).not.toContain('2026-04-06')

    const history = await alpin.call('GET', `/offers/${serviceId}/schedule/history`, { session: manager })
    expect(history.body.data[0]).toMatchObject({ action: 'hours_changed', actor: { name: 'Marco Rossi' } })
    expect(history.body.data[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'weeklyHours.saturday', before: '09:00–12:00', after: '09:00–11:00, 14:00–15:30' },
        { field: 'weeklyHours.monday', before: '09:00–12:00', after: 'closed' },
        { field: 'exceptions.2026-04-04', after: 'closed' },
        { field: 'stepMinutes', before: 60, after: 30 },
      ]),
    )
    expect((await atelierCall('GET', `/offers/${serviceId}/schedule/history`)).status).toBe(404)
  })

  it('refuses a save based on an older version: 409 with the current version, nothing overwritten', async () => {
    const { version, schedule } = (await get()).body.data
    const stale = await put(version - 1, { ...schedule, bufferMinutes: 45 })
    expect(stale.status).toBe(409)
    expect(stale.body.data).toMatchObject({ code: 'offer.version_conflict', version })
    expect((await get()).body.data.schedule.bufferMinutes).toBe(schedule.bufferMinutes)
  })

  it('refuses wrong ranges and dates field by field and changes nothing', async () => {
    const { version, schedule } = (await get()).body.data
    const refused = async (change: Record<string, unknown>, field: string, code: string) => {
      const answer = await put(version, { ...schedule, ...change })
      expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.data.errors[field], JSON.stringify(answer.body.data.errors)).toMatchObject({ code })
    }
    await refused({ weeklyHours: [{ weekday: 1, start: '12:00', end: '09:00' }] }, 'schedule.weeklyHours.0.end', 'hours.end_before_start')
    await refused({ weeklyHours: [{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 1, start: '11:30', end: '13:00' }] }, 'schedule.weeklyHours.1.start', 'hours.overlap')
    await refused({ weeklyHours: Array.from({ length: 13 }, (_, i) => ({ weekday: 2, start: `${String(i + 6).padStart(2, '0')}:00`, end: `${String(i + 6).padStart(2, '0')}:30` })) }, 'schedule.weeklyHours.12', 'hours.too_many')
    await refused({ exceptions: [{ date: '2026-02-30', closed: true, hours: [] }] }, 'schedule.exceptions.0.date', 'date')
    await refused({ exceptions: [{ date: '2026-05-01', closed: true, hours: [] }, { date: '2026-05-01', closed: true, hours: [] }] }, 'schedule.exceptions.1.date', 'exception.duplicate')
    await refused({ exceptions: [{ date: '2026-05-01', closed: false, hours: [] }] }, 'schedule.exceptions.0.hours', 'required')
    await refused({ exceptions: [{ date: '2026-05-01', closed: false, hours: [{ start: '10:00', end: '09:00' }] }] }, 'schedule.exceptions.0.hours.0.end', 'hours.end_before_start')
    const range = await preview(schedule, '2026-04-01', '2026-04-20')
    expect(range.status).toBe(400)
    expect(range.body.data.errors.to).toMatchObject({ code: 'preview.range' })
    expect((await get()).body.data).toMatchObject({ version, schedule })
  })

  it('refuses hostile bodies: bad times, huge arrays, out-of-range numbers, unknown fields', async () => {
    const { version, schedule } = (await get()).body.data
    for (const change of [
      { weeklyHours: [{ weekday: 1, start: '25:00', end: '26:00' }] },
      { weeklyHours: [{ weekday: 7, start: '09:00', end: '10:00' }] },
      { weeklyHours: [{ weekday: 1, start: '9:00<script>', end: '10:00' }] },
      { weeklyHours: Array.from({ length: 5000 }, () => ({ weekday: 1, start: '09:00', end: '10:00' })) },
      { exceptions: Array.from({ length: 367 }, (_, i) => ({ date: `2027-01-${String((i % 28) + 1).padStart(2, '0')}`, closed: true, hours: [] })) },
      { stepMinutes: 0 },
      { durationMinutes: 100000 },
      { bufferMinutes: -5 },
      { extra: true },
    ]) {
      const answer = await put(version, { ...schedule, ...change })
      expect([400, 413], JSON.stringify(change).slice(0, 80)).toContain(answer.status)
    }
    expect((await get()).body.data).toMatchObject({ version, schedule })
  })

  it('offers the repeated hour once on the autumn DST day', async () => {
    // Seven months on (the last test: the sessions signed in in March have expired by then).
    clock = new Date('2026-10-20T08:00:00Z')
    const session = await alpin.signIn('marco@alpin.example')
    const { version, schedule } = (await get(session)).body.data
    expect((await put(version, { ...schedule, weeklyHours: [{ weekday: 0, start: '01:00', end: '04:00' }] }, session)).status).toBe(200)
    // 25 October: 02:00–03:00 happens twice, so the range lasts four hours; 02:00 is offered once.
    expect(await visitorTimes('2026-10-25')).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00'])
  })
})
