/**
 * Staff availability (openapi/admin.yaml, tag availability): the dates' entries over the weekly
 * pattern, a date's whole day over its halves, who may read and change whose, the checks of the
 * input, and the member's history — on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { staffAvailability, staffEvents } from '../../src/server/db/schema'
import { halfDayOf, loadAvailability, sessionAvailability } from '../../src/server/domain/planning/rules'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { insertStaff, signedInCast, type StaffAnswer } from '../support/staff'

useFastPasswordHashing()

type Half = { availability: string | null; note: string | null; source: string | null }
type Day = { date: string; weekday: number; am: Half; pm: Half }

describeEachDatabase('staff availability (openapi/admin.yaml, tag availability)', (factory) => {
  let app: TestApp
  // Friday 20 March 2026 in Zurich.
  const clock = new Date('2026-03-20T08:00:00Z')
  let cast: Awaited<ReturnType<typeof signedInCast>>
  let ids: Record<string, string>
  let atelierGuide: string

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    cast = await signedInCast(app)
    ids = await insertStaff(app, [
      { shopId: 'alpin', email: 'left@alpin.example', name: 'Alois Left', role: 'guide', active: false },
      { shopId: 'atelier', email: 'paul@atelier.example', name: 'Paul Martin', role: 'guide', locale: 'fr' },
    ])
    atelierGuide = ids['paul@atelier.example']!
    const me = await cast.alpin.call('GET', '/me', { session: cast.guide })
    ids.zora = me.body.data.member.id
    ids.marco = (await cast.alpin.call('GET', '/me', { session: cast.manager })).body.data.member.id
  })
  afterAll(() => app?.close())

  const get = (session: string, query: string) => cast.alpin.call('GET', `/availability?${query}`, { session })
  const set = (session: string, body: Record<string, unknown>) => cast.alpin.call('POST', '/availability', { session, body })
  const weekly = (session: string, body: Record<string, unknown>) => cast.alpin.call('PUT', '/availability/weekly', { session, body })
  const ok = (answer: StaffAnswer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.data
  }
  const fieldErrors = (answer: StaffAnswer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.data.code).toBe('validation')
    return answer.body.data.errors
  }
  const dayOf = (data: { days: Day[] }, date: string) => data.days.find((d) => d.date === date)!
  const short = (d: Day) => [d.am.availability, d.am.source, d.pm.availability, d.pm.source]

  it("answers the member's own availability by default: every day of the range, not stated without entries", async () => {
    const data = ok(await get(cast.guide, 'from=2026-03-30&to=2026-04-05'))
    expect(data.member).toEqual({ id: ids.zora, name: 'Zora Zimmermann', role: 'guide' })
    expect(data.members).toEqual([{ id: ids.zora, name: 'Zora Zimmermann', role: 'guide' }])
    expect(data.days.map((d: Day) => [d.date, d.weekday])).toEqual([
      ['2026-03-30', 1],
      ['2026-03-31', 2],
      ['2026-04-01', 3],
      ['2026-04-02', 4],
      ['2026-04-03', 5],
      ['2026-04-04', 6],
      ['2026-04-05', 0],
    ])
    expect(data.days.every((d: Day) => d.am.availability === null && d.pm.source === null)).toBe(true)
    expect([data.weekly, data.entries]).toEqual([[], []])
  })

  it('resolves a half-day: the date’s half, the date’s day, the weekday’s half, the weekday’s day, else not stated', async () => {
    // Mondays: available all day, maybe in the afternoon; Tuesdays: unavailable in the morning.
    const saved = ok(
      await weekly(cast.guide, {
        entries: [
          { weekday: 2, part: 'AM', availability: 'UNAVAILABLE', note: '  School run ' },
          { weekday: 1, part: 'PM', availability: 'MAYBE' },
          { weekday: 1, part: 'DAY', availability: 'AVAILABLE', note: '' },
        ],
      }),
    )
    expect(saved).toEqual({
      staffId: ids.zora,
      weekly: [
        { weekday: 1, part: 'DAY', availability: 'AVAILABLE', note: null },
        { weekday: 1, part: 'PM', availability: 'MAYBE', note: null },
        { weekday: 2, part: 'AM', availability: 'UNAVAILABLE', note: 'School run' },
      ],
    })
    // Monday 6 April: the whole day unavailable; Monday 13 April: only the morning maybe.
    expect(ok(await set(cast.guide, { dates: ['2026-04-06'], part: 'DAY', availability: 'UNAVAILABLE', note: 'Easter Monday' }))).toEqual({ staffId: ids.zora, dates: 1, changed: 1 })
    ok(await set(cast.guide, { dates: ['2026-04-13'], part: 'AM', availability: 'MAYBE' }))
    const data = ok(await get(cast.guide, 'from=2026-04-05&to=2026-04-14'))
    expect(short(dayOf(data, '2026-04-05'))).toEqual([null, null, null, null]) // Sunday
    expect(short(dayOf(data, '2026-04-06'))).toEqual(['UNAVAILABLE', 'date', 'UNAVAILABLE', 'date'])
    expect(dayOf(data, '2026-04-06').am.note).toBe('Easter Monday')
    expect(short(dayOf(data, '2026-04-07'))).toEqual(['UNAVAILABLE', 'weekly', null, null])
    expect(dayOf(data, '2026-04-07').am.note).toBe('School run')
    expect(short(dayOf(data, '2026-04-13'))).toEqual(['MAYBE', 'date', 'MAYBE', 'weekly'])
    expect(short(dayOf(data, '2026-04-14'))).toEqual(['UNAVAILABLE', 'weekly', null, null])
    expect(data.weekly).toHaveLength(3)
    expect(data.entries).toEqual([
      { date: '2026-04-06', part: 'DAY', availability: 'UNAVAILABLE', note: 'Easter Monday' },
      { date: '2026-04-13', part: 'AM', availability: 'MAYBE', note: null },
    ])
  })

  it('lets DAY replace a date’s halves, clearing DAY clear all three, and a half live beside DAY', async () => {
    const dates = ['2026-05-04', '2026-05-05']
    ok(await set(cast.guide, { dates, part: 'AM', availability: 'AVAILABLE' }))
    ok(await set(cast.guide, { dates, part: 'PM', availability: 'MAYBE' }))
    const read = async () => ok(await get(cast.guide, 'from=2026-05-04&to=2026-05-05'))
    expect((await read()).entries).toHaveLength(4)

    expect(ok(await set(cast.guide, { dates, part: 'DAY', availability: 'UNAVAILABLE' }))).toMatchObject({ dates: 2, changed: 2 })
    let data = await read()
    expect(data.entries.map((e: { part: string }) => e.part)).toEqual(['DAY', 'DAY'])
    expect(short(dayOf(data, '2026-05-04'))).toEqual(['UNAVAILABLE', 'date', 'UNAVAILABLE', 'date'])

    // The morning of the 5th only: the DAY entry still says the afternoon.
    ok(await set(cast.guide, { dates: ['2026-05-05'], part: 'AM', availability: 'AVAILABLE', note: 'from 8' }))
    data = await read()
    expect(short(dayOf(data, '2026-05-05'))).toEqual(['AVAILABLE', 'date', 'UNAVAILABLE', 'date'])
    // Clearing the morning falls back to the date's DAY entry.
    ok(await set(cast.guide, { dates: ['2026-05-05'], part: 'AM', availability: null }))
    expect(short(dayOf(await read(), '2026-05-05'))).toEqual(['UNAVAILABLE', 'date', 'UNAVAILABLE', 'date'])

    // Clearing DAY removes every entry of the dates: Monday's and Tuesday's weekly pattern again.
    ok(await set(cast.guide, { dates: ['2026-05-05'], part: 'AM', availability: 'MAYBE' }))
    expect(ok(await set(cast.guide, { dates, part: 'DAY', availability: null, note: 'ignored' }))).toMatchObject({ changed: 2 })
    data = await read()
    expect(data.entries).toEqual([])
    expect(short(dayOf(data, '2026-05-04'))).toEqual(['AVAILABLE', 'weekly', 'MAYBE', 'weekly'])
    expect(short(dayOf(data, '2026-05-05'))).toEqual(['UNAVAILABLE', 'weekly', null, null])
  })

  it('counts only the dates that changed, and records changes in the member’s history', async () => {
    const dates = ['2026-06-01', '2026-06-02', '2026-06-03']
    expect(ok(await set(cast.guide, { dates: ['2026-06-02'], part: 'DAY', availability: 'MAYBE', note: 'maybe' }))).toMatchObject({ changed: 1 })
    expect(ok(await set(cast.guide, { dates, part: 'DAY', availability: 'MAYBE', note: 'maybe' }))).toEqual({ staffId: ids.zora, dates: 3, changed: 2 })
    expect(ok(await set(cast.guide, { dates, part: 'DAY', availability: 'MAYBE', note: 'maybe' }))).toMatchObject({ changed: 0 })
    // Another note is a change.
    expect(ok(await set(cast.guide, { dates, part: 'DAY', availability: 'MAYBE', note: 'perhaps' }))).toMatchObject({ changed: 3 })
    const rows = await app.database.db.select().from(staffAvailability).where(and(eq(staffAvailability.staffId, ids.zora!), eq(staffAvailability.day, '2026-06-01')))
    expect(rows).toMatchObject([{ shopId: 'alpin', part: 'DAY', availability: 'MAYBE', note: 'perhaps', updatedBy: ids.zora }])

    const events = await app.database.db.select().from(staffEvents).where(and(eq(staffEvents.staffId, ids.zora!), eq(staffEvents.action, 'availability_changed')))
    const june = events.filter((e) => e.details.from === '2026-06-01' || e.details.from === '2026-06-02')
    // The write that changed nothing is not recorded.
    expect(june.map((e) => e.details.dates).sort()).toEqual([1, 2, 3])
    expect(june.every((e) => e.actorId === ids.zora && e.details.part === 'DAY')).toBe(true)
    const weeklyEvents = await app.database.db.select().from(staffEvents).where(and(eq(staffEvents.staffId, ids.zora!), eq(staffEvents.action, 'weekly_availability_changed')))
    expect(weeklyEvents).toHaveLength(1)
  })

  it('lets a guide read and change only their own availability (403 for anyone else, whether or not they exist)', async () => {
    expect(ok(await get(cast.guide, `from=2026-04-01&to=2026-04-02&staffId=${ids.zora}`)).member.id).toBe(ids.zora)
    for (const other of [ids.marco!, atelierGuide]) {
      const read = await get(cast.guide, `from=2026-04-01&to=2026-04-02&staffId=${other}`)
      expect([read.status, read.body.data.code]).toEqual([403, 'auth.forbidden'])
      const write = await set(cast.guide, { staffId: other, dates: ['2026-04-01'], part: 'DAY', availability: 'AVAILABLE' })
      expect([write.status, write.body.data.code]).toEqual([403, 'auth.forbidden'])
      const pattern = await weekly(cast.guide, { staffId: other, entries: [] })
      expect([pattern.status, pattern.body.data.code]).toEqual([403, 'auth.forbidden'])
    }
    const rows = await app.database.db.select().from(staffAvailability).where(eq(staffAvailability.staffId, ids.marco!))
    expect(rows).toEqual([])
  })

  it("lets managers and owners read and change any member of their shop, and lists the shop's active members", async () => {
    const data = ok(await get(cast.manager, `from=2026-04-06&to=2026-04-06&staffId=${ids.zora}`))
    expect(data.member.name).toBe('Zora Zimmermann')
    expect(short(dayOf(data, '2026-04-06'))).toEqual(['UNAVAILABLE', 'date', 'UNAVAILABLE', 'date'])
    // By name; the deactivated member and the other shop's staff are not listed.
    expect(data.members.map((m: { name: string }) => m.name)).toEqual(['Anna Keller', 'Marco Rossi', 'Zora Zimmermann'])
    expect(ok(await get(cast.manager, 'from=2026-04-06&to=2026-04-06')).member.name).toBe('Marco Rossi')

    expect(ok(await set(cast.manager, { staffId: ids.zora, dates: ['2026-07-01'], part: 'PM', availability: 'AVAILABLE', note: 'Asked by phone' }))).toMatchObject({ staffId: ids.zora, changed: 1 })
    const [row] = await app.database.db.select().from(staffAvailability).where(and(eq(staffAvailability.staffId, ids.zora!), eq(staffAvailability.day, '2026-07-01')))
    expect(row).toMatchObject({ part: 'PM', availability: 'AVAILABLE', updatedBy: ids.marco })
    expect(ok(await weekly(cast.owner, { staffId: ids.marco, entries: [{ weekday: 6, part: 'DAY', availability: 'UNAVAILABLE' }] })).staffId).toBe(ids.marco)
    expect(short(dayOf(ok(await get(cast.owner, `from=2026-04-04&to=2026-04-04&staffId=${ids.marco}`)), '2026-04-04'))).toEqual(['UNAVAILABLE', 'weekly', 'UNAVAILABLE', 'weekly'])
    // A deactivated member of the shop can still be read.
    expect(ok(await get(cast.owner, `from=2026-04-04&to=2026-04-04&staffId=${ids['left@alpin.example']}`)).member.name).toBe('Alois Left')
  })

  it("answers another shop's member exactly like an unknown one (404 staff.not_found) and writes nothing", async () => {
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA'
    for (const staffId of [atelierGuide, unknown]) {
      const read = await get(cast.owner, `from=2026-04-01&to=2026-04-02&staffId=${staffId}`)
      expect([read.status, read.body.data.code]).toEqual([404, 'staff.not_found'])
      const write = await set(cast.owner, { staffId, dates: ['2026-04-01'], part: 'DAY', availability: 'AVAILABLE' })
      expect([write.status, write.body.data.code]).toEqual([404, 'staff.not_found'])
      const pattern = await weekly(cast.manager, { staffId, entries: [{ weekday: 1, part: 'DAY', availability: 'AVAILABLE' }] })
      expect([pattern.status, pattern.body.data.code]).toEqual([404, 'staff.not_found'])
    }
    expect(await app.database.db.select().from(staffAvailability).where(eq(staffAvailability.staffId, atelierGuide))).toEqual([])
    // Atelier's own owner reaches their guide.
    const own = await cast.atelier.call('GET', `/availability?from=2026-04-01&to=2026-04-02&staffId=${atelierGuide}`, { session: cast.atelierOwner })
    expect(own.status).toBe(200)
  })

  it('refuses a range that is reversed, longer than 62 days or not a date', async () => {
    expect(ok(await get(cast.guide, 'from=2026-04-01&to=2026-06-01')).days).toHaveLength(62)
    expect(fieldErrors(await get(cast.guide, 'from=2026-04-01&to=2026-06-02'))).toEqual({ to: { code: 'range.too_long', params: { maximum: 62 } } })
    expect(fieldErrors(await get(cast.guide, 'from=2026-04-02&to=2026-04-01'))).toEqual({ to: { code: 'range.reversed' } })
    expect(Object.keys(fieldErrors(await get(cast.guide, 'from=2026-02-30&to=2026-03-01')))).toEqual(['from'])
    expect(Object.keys(fieldErrors(await get(cast.guide, 'from=2026-03-01')))).toEqual(['to'])
  })

  it('checks the dates, the values and the note of a write, and writes nothing then', async () => {
    const write = (body: Record<string, unknown>) => set(cast.guide, { part: 'DAY', availability: 'AVAILABLE', dates: ['2026-08-01'], ...body })
    expect(fieldErrors(await write({ dates: [] }))).toEqual({ dates: { code: 'too_small', params: { type: 'array', minimum: 1 } } })
    expect(fieldErrors(await write({ dates: Array.from({ length: 367 }, () => '2026-08-01') }))).toEqual({ dates: { code: 'too_big', params: { type: 'array', maximum: 366 } } })
    expect(fieldErrors(await write({ dates: ['2026-08-01', '2026-08-02', '2026-08-01'] }))).toEqual({ 'dates.2': { code: 'availability.duplicate_date' } })
    expect(fieldErrors(await write({ dates: ['2026-08-01', '2026-13-01'] }))).toMatchObject({ 'dates.1': { code: 'invalid_date' } })
    // Within two years of today (20 March 2026) either way.
    ok(await write({ dates: ['2028-03-20', '2024-03-20'], note: 'edges' }))
    expect(fieldErrors(await write({ dates: ['2028-03-21', '2024-03-19'] }))).toEqual({
      'dates.0': { code: 'availability.date_out_of_range', params: { min: '2024-03-20', max: '2028-03-20' } },
      'dates.1': { code: 'availability.date_out_of_range', params: { min: '2024-03-20', max: '2028-03-20' } },
    })
    expect(fieldErrors(await write({ part: 'EVENING' }))).toEqual({ part: { code: 'invalid_value', params: {} } })
    expect(fieldErrors(await write({ availability: 'YES' }))).toEqual({ availability: { code: 'invalid_value', params: {} } })
    expect(fieldErrors(await write({ availability: undefined }))).toEqual({ availability: { code: 'invalid_value', params: {} } })
    expect(fieldErrors(await write({ note: 'x'.repeat(501) }))).toEqual({ note: { code: 'too_big', params: { type: 'string', maximum: 500 } } })
    expect(fieldErrors(await write({ note: 'line\nbreak' }))).toEqual({ note: { code: 'control_characters', params: { multiline: false } } })
    expect(fieldErrors(await write({ note: 'lone \ud800 surrogate' }))).toEqual({ note: { code: 'control_characters', params: { multiline: false } } })
    expect(fieldErrors(await write({ staffId: 'not an id' }))).toMatchObject({ staffId: { code: 'invalid_format' } })
    expect(fieldErrors(await write({ extra: 1 }))).toMatchObject({ _: { code: 'unrecognized_keys' } })
    expect(await app.database.db.select().from(staffAvailability).where(eq(staffAvailability.day, '2026-08-01'))).toEqual([])
  })

  it('checks the weekly pattern: at most 21 entries, weekdays 0–6, no weekday and part twice, a one-line note', async () => {
    const put = (entries: unknown[]) => weekly(cast.guide, { entries })
    const all = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => ['DAY', 'AM', 'PM'].map((part) => ({ weekday, part, availability: 'AVAILABLE' })))
    expect(ok(await put(all)).weekly).toHaveLength(21)
    expect(fieldErrors(await put([...all, all[0]]))).toEqual({ entries: { code: 'too_big', params: { type: 'array', maximum: 21 } } })
    expect(fieldErrors(await put([{ weekday: 7, part: 'DAY', availability: 'MAYBE' }]))).toEqual({ 'entries.0.weekday': { code: 'too_big', params: { type: 'number', maximum: 6 } } })
    expect(fieldErrors(await put([{ weekday: 3, part: 'AM', availability: null }]))).toMatchObject({ 'entries.0.availability': { code: 'invalid_value' } })
    expect(
      fieldErrors(
        await put([
          { weekday: 3, part: 'AM', availability: 'MAYBE' },
          { weekday: 3, part: 'PM', availability: 'MAYBE', note: 'tab\there' },
          { weekday: 3, part: 'AM', availability: 'AVAILABLE' },
        ]),
      ),
    ).toEqual({ 'entries.1.note': { code: 'control_characters', params: { multiline: false } }, 'entries.2': { code: 'availability.duplicate_entry' } })
    // The pattern is replaced as a whole: an empty list clears it.
    expect(ok(await put([])).weekly).toEqual([])
    expect(ok(await get(cast.guide, 'from=2026-04-07&to=2026-04-07')).weekly).toEqual([])
  })

  it('loads the resolved availability of several members for the planning board (one shop only)', async () => {
    await app.database.db.insert(staffAvailability).values({ staffId: atelierGuide, shopId: 'atelier', day: '2026-04-06', part: 'DAY', availability: 'AVAILABLE' })
    ok(await set(cast.guide, { dates: ['2026-04-07'], part: 'PM', availability: 'MAYBE' }))
    const loaded = await loadAvailability(app.database.db, 'alpin', [ids.zora!, ids.marco!, atelierGuide, ids.zora!], '2026-04-05', '2026-04-07')
    expect([...loaded.keys()]).toEqual([ids.zora, ids.marco, atelierGuide])
    expect([...loaded.get(ids.zora!)!.keys()]).toEqual(['2026-04-05', '2026-04-06', '2026-04-07'])
    expect(halfDayOf(loaded, ids.zora!, '2026-04-06', 'PM')).toEqual({ availability: 'UNAVAILABLE', note: 'Easter Monday', source: 'date' })
    // Marco's Saturdays (weekly) are outside; atelier's entry is not alpin's.
    expect(halfDayOf(loaded, ids.marco!, '2026-04-06', 'AM').availability).toBeNull()
    expect(halfDayOf(loaded, atelierGuide, '2026-04-06', 'AM').availability).toBeNull()
    // Tuesday 7 April (the weekly pattern was cleared above): the morning not stated, the afternoon maybe.
    const at = (iso: string) => new Date(iso)
    expect(sessionAvailability(loaded, ids.zora!, at('2026-04-07T07:00:00Z'), at('2026-04-07T09:00:00Z'), 'Europe/Zurich')).toBeNull() // 09:00–11:00
    expect(sessionAvailability(loaded, ids.zora!, at('2026-04-07T07:00:00Z'), at('2026-04-07T11:00:00Z'), 'Europe/Zurich')).toBe('MAYBE') // 09:00–13:00
    expect(sessionAvailability(loaded, ids.zora!, at('2026-04-06T07:00:00Z'), at('2026-04-07T11:00:00Z'), 'Europe/Zurich')).toBe('UNAVAILABLE')
    expect(await loadAvailability(app.database.db, 'alpin', [], '2026-04-05', '2026-04-07')).toEqual(new Map())
  })

  it('refuses the signed-out (401) and writes without the anti-forgery pair (419)', async () => {
    expect((await cast.alpin.call('GET', '/availability?from=2026-04-01&to=2026-04-02')).status).toBe(401)
    const response = await app.call(`http://alpin.shop.test/api/admin/v1/availability`, {
      method: 'POST',
      headers: { cookie: `staff-session=${cast.guide}`, 'idempotency-key': crypto.randomUUID(), 'content-type': 'application/json' },
      body: JSON.stringify({ dates: ['2026-04-01'], part: 'DAY', availability: 'AVAILABLE' }),
    })
    expect(response.status).toBe(419)
  })
})
