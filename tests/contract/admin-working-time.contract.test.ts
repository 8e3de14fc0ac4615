/**
 * Working time (openapi/admin.yaml, tag working-time; issue 18, point 4): a member's month sheet
 * from their assigned dates (duration plus the offer's preparation time, a DST night counted at its
 * real length) and manual entries; the entries' rules; who may read and write whose sheet; the
 * manager's approval (not their own), which locks the month's entries and notices later changes;
 * approval racing entries under the member's lock; the payroll CSV in the staff's language; the
 * private bookings a member guides (booking_item_guides rows inserted directly), counted with
 * the dates while their booking is planned.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingItemGuides, bookings, offers, sessionGuides, sessions, staff, staffEvents, workTimeEntries } from '../../src/server/db/schema'
import { useFastPasswordHashing } from '../../src/server/domain/staff/passwords'
import { createTestApp, HOSTED_DOMAIN, type TestApp } from '../support/app'
import { describeEachDatabase } from '../support/databases'
import { createOffer, createPrivateBooking } from '../support/factories'
import { signedInCast } from '../support/staff'

useFastPasswordHashing()

const ALPIN = `http://alpin.${HOSTED_DOMAIN}`

type Line = { kind: string; id: string; date: string; from: string; to: string; endDate: string; preparationMinutes: number; minutes: number; planned: boolean; note: string | null }

/** A wall-clock time in Zurich with its offset (summer +02:00 until 25 October 2026, then +01:00). */
const at = (iso: string) => new Date(iso)

describeEachDatabase('working time (openapi/admin.yaml, tag working-time)', (factory) => {
  let app: TestApp
  // Wednesday 28 October 2026, 10:00 in Zurich (winter time).
  const clock = new Date('2026-10-28T09:00:00Z')
  let alpin: Awaited<ReturnType<typeof signedInCast>>['alpin']
  let atelier: Awaited<ReturnType<typeof signedInCast>>['atelier']
  let owner: string
  let manager: string
  let guide: string
  let atelierOwner: string
  const ids = {} as Record<'anna' | 'marco' | 'zora', string>
  const s = {} as Record<'morning' | 'night' | 'planned' | 'cancelled' | 'november' | 'marcos' | 'later', string>

  beforeAll(async () => {
    app = await createTestApp(factory, { now: () => clock })
    ;({ alpin, atelier, owner, manager, guide, atelierOwner } = await signedInCast(app))
    const db = app.database.db
    const rows = await db.select({ id: staff.id, email: staff.email }).from(staff)
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.id]))
    Object.assign(ids, { anna: byEmail['anna@alpin.example'], marco: byEmail['marco@alpin.example'], zora: byEmail['zora@alpin.example'] })
    const canyon = await createOffer(db, {
      slug: 'wt-canyon',
      title: 'Canyoning',
      sessions: [
        { startsAt: at('2026-10-05T09:00:00+02:00'), capacity: 10, minutes: 180 }, // 180 + 30 preparation
        { startsAt: at('2026-10-24T23:00:00+02:00'), capacity: 10, minutes: 240 }, // the night the clocks go back: 23:00 → 02:00 (winter time)
        { startsAt: at('2026-10-30T09:00:00+01:00'), capacity: 10, minutes: 120 }, // not over yet
        { startsAt: at('2026-10-10T09:00:00+02:00'), capacity: 10, minutes: 120 }, // cancelled below
        { startsAt: at('2026-11-02T09:00:00+01:00'), capacity: 10, minutes: 120 }, // next month
        { startsAt: at('2026-10-12T09:00:00+02:00'), capacity: 10, minutes: 120 }, // Marco's
        { startsAt: at('2026-10-14T14:00:00+02:00'), capacity: 10, minutes: 60 }, // assigned after the approval
      ],
    })
    await db.update(offers).set({ preparationMinutes: 30 }).where(eq(offers.id, canyon.offerId))
    ;[s.morning, s.night, s.planned, s.cancelled, s.november, s.marcos, s.later] = canyon.sessions.map((x) => x.id) as string[] as [string, string, string, string, string, string, string]
    await db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.id, s.cancelled))
    await db.insert(sessionGuides).values(
      [s.morning, s.night, s.planned, s.cancelled, s.november].map((sessionId) => ({ sessionId, staffId: ids.zora, shopId: 'alpin', assignedBy: ids.anna })),
    )
    await db.insert(sessionGuides).values({ sessionId: s.marcos, staffId: ids.marco, shopId: 'alpin', assignedBy: ids.anna })
  })
  afterAll(() => app?.close())

  const sheet = (session: string, month: string, staffId?: string, locale = 'en') =>
    alpin.call('GET', `/working-time?month=${month}${staffId ? `&staffId=${staffId}` : ''}`, { session, locale })
  const addEntry = (session: string, body: Record<string, unknown>) => alpin.call('POST', '/working-time/entries', { session, body })
  const approve = (session: string, body: Record<string, unknown>) => alpin.call('POST', '/working-time/approvals', { session, body })
  const withdraw = (session: string, staffId: string, month: string) => alpin.call('DELETE', `/working-time/approvals/${staffId}/${month}`, { session })

  describe('the month sheet', () => {
    it('counts the member’s scheduled dates of the month with the preparation time, by the real clock across the DST night', async () => {
      const answer = await sheet(guide, '2026-10')
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const data = answer.body.data
      expect(data.member).toEqual({ id: ids.zora, name: 'Zora Zimmermann', role: 'guide' })
      expect(data.timeZone).toBe('Europe/Zurich')
      expect(data.lines.map((l: Line) => [l.kind, l.id, l.date, l.from, l.to, l.endDate, l.preparationMinutes, l.minutes, l.planned])).toEqual([
        ['session', s.morning, '2026-10-05', '09:00', '12:00', '2026-10-05', 30, 210, false],
        // 23:00 summer time to 02:00 winter time: four real hours, not three.
        ['session', s.night, '2026-10-24', '23:00', '02:00', '2026-10-25', 30, 270, false],
        ['session', s.planned, '2026-10-30', '09:00', '11:00', '2026-10-30', 30, 150, true],
      ])
      expect(data.lines[0].title).toBe('Canyoning')
      expect(data.totals).toEqual({ sessionMinutes: 630, entryMinutes: 0, totalMinutes: 630, plannedMinutes: 150 })
      expect([data.approval, data.editable, data.canApprove, data.truncated]).toEqual([null, true, false, false])
      expect(data.members).toEqual([{ id: ids.zora, name: 'Zora Zimmermann', role: 'guide' }])
      expect(data.fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/)
      // The offer's title in the caller's language.
      expect((await sheet(guide, '2026-10', undefined, 'de')).body.data.lines[0].title).toBe('Canyoning (de)')
    })

    it('is the caller’s own without staffId; managers read anyone’s of the shop, a guide nobody else’s (403), another shop’s member is 404', async () => {
      const asManager = await sheet(manager, '2026-10', ids.zora)
      expect(asManager.status).toBe(200)
      expect(asManager.body.data.canApprove).toBe(true)
      expect(asManager.body.data.members.map((m: { name: string }) => m.name)).toEqual(['Anna Keller', 'Marco Rossi', 'Zora Zimmermann'])
      expect((await sheet(manager, '2026-10')).body.data.lines.map((l: Line) => l.id)).toEqual([s.marcos])
      const forbidden = await sheet(guide, '2026-10', ids.marco)
      expect([forbidden.status, forbidden.body.data.code]).toEqual([403, 'auth.forbidden'])
      const foreign = await atelier.call('GET', `/working-time?month=2026-10&staffId=${ids.zora}`, { session: atelierOwner })
      expect([foreign.status, foreign.body.data.code]).toEqual([404, 'staff.not_found'])
      expect((await alpin.call('GET', '/working-time?month=2026-10')).status).toBe(401)
    })

    it('takes a real month (400 invalid_month)', async () => {
      for (const month of ['2026-13', '2026-1', '1999-12', '2101-01', 'October', '26-10']) {
        const answer = await sheet(guide, month)
        expect([answer.status, answer.body.data.errors?.month?.code], month).toEqual([400, 'invalid_month'])
      }
    })
  })

  describe('manual entries', () => {
    it('adds the member’s own entry, counted without the break and recorded in their history', async () => {
      const added = await addEntry(guide, { date: '2026-10-07', from: '08:00', to: '12:30', breakMinutes: 30, note: '  Office  ' })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      const line = added.body.data.lines.find((l: Line) => l.kind === 'entry')
      expect(line).toMatchObject({ date: '2026-10-07', from: '08:00', to: '12:30', endDate: '2026-10-07', breakMinutes: 30, minutes: 240, note: 'Office', title: null, planned: false })
      expect(added.body.data.totals).toMatchObject({ entryMinutes: 240, totalMinutes: 870 })
      const events = await app.database.db.select().from(staffEvents).where(and(eq(staffEvents.staffId, ids.zora), eq(staffEvents.action, 'work_time_entry_added')))
      expect(events.map((e) => [e.actorId, e.details])).toEqual([[ids.zora, { entryId: line.id, date: '2026-10-07', from: '08:00', to: '12:30', breakMinutes: 30 }]])
    })

    it('counts an entry across the night the clocks go back at its real length, and one until 24:00', async () => {
      const night = await addEntry(guide, { date: '2026-10-25', from: '01:00', to: '04:00' })
      expect(night.status, JSON.stringify(night.body)).toBe(200)
      expect(night.body.data.lines.find((l: Line) => l.kind === 'entry' && l.date === '2026-10-25').minutes).toBe(240)
      const late = await addEntry(guide, { date: '2026-10-20', from: '22:00', to: '24:00', note: '=SUM(A1:A9)' })
      expect(late.status, JSON.stringify(late.body)).toBe(200)
      expect(late.body.data.lines.find((l: Line) => l.date === '2026-10-20').minutes).toBe(120)
    })

    it('refuses bad entries with a field error per field and stores nothing', async () => {
      const before = (await app.database.db.select().from(workTimeEntries)).length
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ date: '2026-10-31', from: '10:00', to: '09:00' }, { to: 'range.reversed' }],
        [{ date: '2026-10-31', from: '10:00', to: '10:00' }, { to: 'range.reversed' }],
        [{ date: '2026-10-31', from: '25:00', to: '24:30' }, { from: 'invalid_time', to: 'invalid_time' }],
        [{ date: '2026-02-30', from: '09:00', to: '10:00' }, { date: 'invalid_date' }],
        [{ date: '2020-01-01', from: '09:00', to: '10:00' }, { date: 'work_time.date_out_of_range' }],
        [{ date: '2026-10-31', from: '09:00', to: '10:00', breakMinutes: 60 }, { breakMinutes: 'work_time.break_too_long' }],
        [{ date: '2026-10-31', from: '09:00', to: '10:00', note: '<b>x</b>' }, { note: 'plain_text' }],
        [{ date: '2026-10-07', from: '12:00', to: '13:00' }, { from: 'work_time.overlap' }],
      ]
      for (const [body, expected] of cases) {
        const answer = await addEntry(guide, body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(Object.fromEntries(Object.entries(answer.body.data.errors as Record<string, { code: string }>).map(([k, v]: [string, { code: string }]) => [k, v.code])), JSON.stringify(body)).toEqual(expected)
      }
      const overlap = await addEntry(guide, { date: '2026-10-07', from: '12:00', to: '13:00' })
      expect(overlap.body.data.errors.from.params).toEqual({ from: '08:00', to: '12:30' })
      // Touching ends are fine.
      expect((await addEntry(guide, { date: '2026-10-07', from: '12:30', to: '13:00' })).status).toBe(200)
      expect((await app.database.db.select().from(workTimeEntries)).length).toBe(before + 1)
    })

    it('lets a guide change and remove only their own entries (another’s is 404); managers anyone’s of their shop', async () => {
      const marcos = await addEntry(manager, { date: '2026-10-08', from: '09:00', to: '10:00' })
      const marcoEntry = marcos.body.data.lines.find((l: Line) => l.kind === 'entry').id
      const forOther = await addEntry(guide, { staffId: ids.marco, date: '2026-10-08', from: '11:00', to: '12:00' })
      expect([forOther.status, forOther.body.data.code]).toEqual([403, 'auth.forbidden'])
      const change = await alpin.call('PUT', `/working-time/entries/${marcoEntry}`, { session: guide, body: { date: '2026-10-08', from: '09:00', to: '11:00' } })
      expect([change.status, change.body.data.code]).toEqual([404, 'work_time.entry_not_found'])
      const remove = await alpin.call('DELETE', `/working-time/entries/${marcoEntry}`, { session: guide })
      expect([remove.status, remove.body.data.code]).toEqual([404, 'work_time.entry_not_found'])
      const foreign = await atelier.call('DELETE', `/working-time/entries/${marcoEntry}`, { session: atelierOwner })
      expect([foreign.status, foreign.body.data.code]).toEqual([404, 'work_time.entry_not_found'])
      // A manager enters work for a guide, changes it and removes it.
      const forZora = await addEntry(manager, { staffId: ids.zora, date: '2026-10-09', from: '13:00', to: '15:00', note: 'Maintenance' })
      expect(forZora.status).toBe(200)
      expect(forZora.body.data.member.id).toBe(ids.zora)
      const entryId = forZora.body.data.lines.find((l: Line) => l.note === 'Maintenance').id
      const changed = await alpin.call('PUT', `/working-time/entries/${entryId}`, { session: manager, body: { date: '2026-10-09', from: '13:00', to: '16:00', note: 'Maintenance' } })
      expect(changed.body.data.lines.find((l: Line) => l.id === entryId).minutes).toBe(180)
      const removed = await alpin.call('DELETE', `/working-time/entries/${entryId}`, { session: manager })
      expect(removed.status).toBe(200)
      expect(removed.body.data.lines.some((l: Line) => l.id === entryId)).toBe(false)
      const actions = (await app.database.db.select().from(staffEvents).where(eq(staffEvents.staffId, ids.zora))).map((e) => e.action)
      expect(actions).toEqual(expect.arrayContaining(['work_time_entry_changed', 'work_time_entry_removed']))
      expect((await alpin.call('DELETE', `/working-time/entries/${entryId}`, { session: manager })).status).toBe(404)
    })
  })

  describe('approval', () => {
    it('is for managers and owners, a manager never their own sheet; a month not begun cannot be approved', async () => {
      const current = (await sheet(manager, '2026-10', ids.zora)).body.data
      const byGuide = await approve(guide, { staffId: ids.zora, month: '2026-10', fingerprint: current.fingerprint })
      expect([byGuide.status, byGuide.body.data.code]).toEqual([403, 'auth.forbidden'])
      const marcosOwn = (await sheet(manager, '2026-10')).body.data
      expect(marcosOwn.canApprove).toBe(false)
      const own = await approve(manager, { staffId: ids.marco, month: '2026-10', fingerprint: marcosOwn.fingerprint })
      expect([own.status, own.body.data.code]).toEqual([403, 'auth.forbidden'])
      const future = (await sheet(manager, '2026-12', ids.zora)).body.data
      const early = await approve(manager, { staffId: ids.zora, month: '2026-12', fingerprint: future.fingerprint })
      expect([early.status, early.body.data.code]).toEqual([409, 'work_time.month_not_started'])
      const foreign = await atelier.call('POST', '/working-time/approvals', { session: atelierOwner, body: { staffId: ids.zora, month: '2026-10', fingerprint: current.fingerprint } })
      expect([foreign.status, foreign.body.data.code]).toEqual([404, 'staff.not_found'])
      // The owner approves the manager's sheet, and may approve their own.
      expect((await approve(owner, { staffId: ids.marco, month: '2026-10', fingerprint: marcosOwn.fingerprint })).body.data.approval).toMatchObject({ approvedBy: 'Anna Keller', current: true })
      const annas = (await sheet(owner, '2026-10')).body.data
      expect((await approve(owner, { staffId: ids.anna, month: '2026-10', fingerprint: annas.fingerprint })).status).toBe(200)
    })

    it('approves the sheet the manager saw (409 work_time.changed otherwise), then locks its entries until withdrawn', async () => {
      const seen = (await sheet(manager, '2026-10', ids.zora)).body.data
      const stale = await approve(manager, { staffId: ids.zora, month: '2026-10', fingerprint: 'A'.repeat(43) })
      expect([stale.status, stale.body.data.code, stale.body.data.fingerprint]).toEqual([409, 'work_time.changed', seen.fingerprint])
      const approved = await approve(manager, { staffId: ids.zora, month: '2026-10', fingerprint: seen.fingerprint })
      expect(approved.status, JSON.stringify(approved.body)).toBe(200)
      expect(approved.body.data.approval).toEqual({ approvedAt: clock.toISOString(), approvedBy: 'Marco Rossi', minutes: seen.totals.totalMinutes, current: true })
      expect(approved.body.data.editable).toBe(false)
      // Approving again changes nothing.
      expect((await approve(manager, { staffId: ids.zora, month: '2026-10', fingerprint: seen.fingerprint })).body.data.approval.current).toBe(true)

      const entryId = seen.lines.find((l: Line) => l.kind === 'entry').id
      const blocked = [
        await addEntry(guide, { date: '2026-10-29', from: '09:00', to: '10:00' }),
        await addEntry(manager, { staffId: ids.zora, date: '2026-10-29', from: '09:00', to: '10:00' }),
        await alpin.call('PUT', `/working-time/entries/${entryId}`, { session: guide, body: { date: '2026-11-03', from: '09:00', to: '10:00' } }),
        await alpin.call('DELETE', `/working-time/entries/${entryId}`, { session: manager }),
      ]
      expect(blocked.map((b) => [b.status, b.body.data.code])).toEqual(Array(4).fill([409, 'work_time.approved']))
      // Another month stays open; an entry cannot be moved into the approved month either.
      const november = await addEntry(guide, { date: '2026-11-03', from: '09:00', to: '10:00' })
      expect(november.status).toBe(200)
      const novemberEntry = november.body.data.lines.find((l: Line) => l.kind === 'entry').id
      const into = await alpin.call('PUT', `/working-time/entries/${novemberEntry}`, { session: guide, body: { date: '2026-10-29', from: '09:00', to: '10:00' } })
      expect([into.status, into.body.data.code]).toEqual([409, 'work_time.approved'])

      // A date assigned afterwards: the sheet tells the approval is no longer current.
      await app.database.db.insert(sessionGuides).values({ sessionId: s.later, staffId: ids.zora, shopId: 'alpin', assignedBy: ids.anna })
      const after = (await sheet(guide, '2026-10')).body.data
      expect(after.approval).toMatchObject({ minutes: seen.totals.totalMinutes, current: false })
      expect(after.totals.totalMinutes).toBe(seen.totals.totalMinutes + 90)

      const mine = await withdraw(manager, ids.marco, '2026-10')
      expect([mine.status, mine.body.data.code]).toEqual([403, 'auth.forbidden'])
      const withdrawn = await withdraw(manager, ids.zora, '2026-10')
      expect(withdrawn.status).toBe(200)
      expect([withdrawn.body.data.approval, withdrawn.body.data.editable]).toEqual([null, true])
      const again = await withdraw(manager, ids.zora, '2026-10')
      expect([again.status, again.body.data.code]).toEqual([404, 'work_time.not_approved'])
      const actions = (await app.database.db.select().from(staffEvents).where(eq(staffEvents.staffId, ids.zora))).map((e) => e.action)
      expect(actions.filter((a) => a === 'work_time_approved')).toHaveLength(1)
      expect(actions).toContain('work_time_approval_withdrawn')
    })

    it('never approves lines it has not seen: entries racing an approval are either in the approved sheet or refused', async () => {
      const seen = (await sheet(manager, '2026-10', ids.zora)).body.data
      const calls = [
        approve(manager, { staffId: ids.zora, month: '2026-10', fingerprint: seen.fingerprint }),
        ...Array.from({ length: 6 }, (_, i) => addEntry(guide, { date: '2026-10-16', from: `${String(8 + i).padStart(2, '0')}:00`, to: `${String(8 + i).padStart(2, '0')}:30` })),
      ]
      const [first, ...entries] = await Promise.all(calls)
      const approval = first!
      for (const e of entries) expect([200, 409]).toContain(e.status)
      const after = (await sheet(manager, '2026-10', ids.zora)).body.data
      const added = after.lines.filter((l: Line) => l.date === '2026-10-16').length
      if (approval.status === 200) {
        // Approved first: every entry after it was refused, and the approval is of the sheet as it is.
        expect(after.approval.current).toBe(true)
        expect(added).toBe(0)
        expect(entries.every((e) => e.body.data.code === 'work_time.approved')).toBe(true)
      } else {
        expect(approval.body.data.code).toBe('work_time.changed')
        expect(after.approval).toBe(null)
        expect(added).toBe(entries.filter((e) => e.status === 200).length)
      }
      if (after.approval) await withdraw(manager, ids.zora, '2026-10')
    })
  })

  describe('payroll export', () => {
    const exportCsv = (query: string, locale = 'en', session = manager) =>
      app.call(`${ALPIN}/api/admin/v1/working-time/export?${query}`, { headers: { cookie: `staff-session=${session}`, 'x-flowin-locale': locale } })
    const rowsOf = async (response: Response) => {
      const bytes = Buffer.from(await response.arrayBuffer())
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const text = bytes.subarray(3).toString('utf8')
      expect(text.endsWith('\r\n')).toBe(true)
      return text.slice(0, -2).split('\r\n')
    }

    it('writes one row per member who worked or was approved that month, with minutes, hours and the approval state', async () => {
      const zora = (await sheet(manager, '2026-10', ids.zora)).body.data
      expect((await approve(manager, { staffId: ids.zora, month: '2026-10', fingerprint: zora.fingerprint })).status).toBe(200)
      const marco = (await sheet(manager, '2026-10')).body.data
      const response = await exportCsv('month=2026-10')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present')
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="working-time-2026-10.csv"')
      const hours = (minutes: number) => (Math.round((minutes * 100) / 60) / 100).toFixed(2)
      const t = (x: { totals: { sessionMinutes: number; entryMinutes: number; totalMinutes: number; plannedMinutes: number } }) => x.totals
      expect(await rowsOf(response)).toEqual([
        'Name,E-mail,Role,Month,Minutes on dates and private bookings,Minutes of other work,Minutes in total,Hours in total,Of which planned (minutes),Approval,Approved by,Approved at',
        'Anna Keller,anna@alpin.example,Owner,2026-10,0,0,0,0.00,0,approved,Anna Keller,2026-10-28 10:00',
        `Marco Rossi,marco@alpin.example,Manager,2026-10,${t(marco).sessionMinutes},${t(marco).entryMinutes},${t(marco).totalMinutes},${hours(t(marco).totalMinutes)},0,approved,Anna Keller,2026-10-28 10:00`,
        `Zora Zimmermann,zora@alpin.example,Guide,2026-10,${t(zora).sessionMinutes},${t(zora).entryMinutes},${t(zora).totalMinutes},${hours(t(zora).totalMinutes)},${t(zora).plannedMinutes},approved,Marco Rossi,2026-10-28 10:00`,
      ])
      expect(t(zora).sessionMinutes).toBe(720)
    })

    it('writes a row per line with the layout "lines", formulas neutralised; German words for a German member', async () => {
      const response = await exportCsv('month=2026-10&layout=lines', 'de')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[A-Za-z-]+-2026-10-lines\.csv"$/)
      const rows = await rowsOf(response)
      const zoraRows = rows.filter((r) => r.startsWith('Zora Zimmermann,'))
      expect(zoraRows[0]).toBe('Zora Zimmermann,zora@alpin.example,2026-10-05,Geführter Termin,Canyoning (de),09:00,12:00,0,30,210,3.50,Nein')
      expect(zoraRows).toContain('Zora Zimmermann,zora@alpin.example,2026-10-24,Geführter Termin,Canyoning (de),23:00,2026-10-25 02:00,0,30,270,4.50,Nein')
      expect(zoraRows).toContain("Zora Zimmermann,zora@alpin.example,2026-10-20,Andere Arbeit,'=SUM(A1:A9),22:00,24:00,0,0,120,2.00,Nein")
      expect(rows.some((r) => r.includes('2026-11-'))).toBe(false)
    })

    it('is for managers and owners only, takes a real month, and never shows another shop’s members', async () => {
      expect((await exportCsv('month=2026-10', 'en', guide)).status).toBe(403)
      expect((await exportCsv('month=2026-13')).status).toBe(400)
      const foreign = await app.call(`http://atelier.${HOSTED_DOMAIN}/api/admin/v1/working-time/export?month=2026-10`, { headers: { cookie: `staff-session=${atelierOwner}` } })
      expect(foreign.status).toBe(200)
      expect(await rowsOf(foreign)).toHaveLength(1)
    })
  })

  describe('private bookings the member guides', () => {
    it('counts a planned private booking with the preparation time, not a cancelled one nor another member’s; one declined later leaves the sheet and changes its fingerprint', async () => {
      const db = app.database.db
      const guiding = await createOffer(db, { slug: 'wt-private', title: 'Private guide', skus: [{ key: 'half-day', type: 'private-service-slot', durationMinutes: 180 }] })
      await db.update(offers).set({ preparationMinutes: 15 }).where(eq(offers.id, guiding.offerId))
      const planned = await createPrivateBooking(db, { offer: guiding, code: 'WTP1-0001', startsAt: at('2026-09-12T09:00:00+02:00'), minutes: 180, quantity: 1 })
      const requested = await createPrivateBooking(db, { offer: guiding, code: 'WTP2-0001', status: 'REQUESTED', startsAt: at('2026-09-13T14:00:00+02:00'), minutes: 60, quantity: 1 })
      const cancelled = await createPrivateBooking(db, { offer: guiding, code: 'WTP3-0001', status: 'CANCELLED', startsAt: at('2026-09-14T09:00:00+02:00'), minutes: 180, quantity: 1 })
      const marcos = await createPrivateBooking(db, { offer: guiding, code: 'WTP4-0001', startsAt: at('2026-09-15T09:00:00+02:00'), minutes: 180, quantity: 1 })
      await db.insert(bookingItemGuides).values([
        ...[planned, requested, cancelled].map((b) => ({ itemId: b.itemId, staffId: ids.zora, shopId: 'alpin', assignedBy: ids.anna })),
        { itemId: marcos.itemId, staffId: ids.marco, shopId: 'alpin', assignedBy: ids.anna },
      ])

      const answer = await sheet(guide, '2026-09')
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const data = answer.body.data
      expect(data.lines.map((l: Line & { title: string }) => [l.kind, l.id, l.date, l.from, l.to, l.endDate, l.preparationMinutes, l.minutes, l.planned, l.title])).toEqual([
        ['booking', planned.itemId, '2026-09-12', '09:00', '12:00', '2026-09-12', 15, 195, false, 'Private guide – half-day'],
        ['booking', requested.itemId, '2026-09-13', '14:00', '15:00', '2026-09-13', 15, 75, false, 'Private guide – half-day'],
      ])
      // Counted with the guided dates.
      expect(data.totals).toEqual({ sessionMinutes: 270, entryMinutes: 0, totalMinutes: 270, plannedMinutes: 0 })
      expect((await sheet(guide, '2026-09', undefined, 'de')).body.data.lines[0].title).toBe('Private guide (de) – half-day (de)')
      expect((await sheet(manager, '2026-09')).body.data.lines.map((l: Line) => [l.kind, l.id])).toEqual([['booking', marcos.itemId]])

      // The payroll lines name the kind in the caller's language.
      const csv = await app.call(`${ALPIN}/api/admin/v1/working-time/export?month=2026-09&layout=lines`, { headers: { cookie: `staff-session=${manager}`, 'x-flowin-locale': 'en' } })
      expect(csv.status).toBe(200)
      const rows = (await csv.text()).split('\r\n')
      expect(rows).toContain('Zora Zimmermann,zora@alpin.example,2026-09-12,Private booking,Private guide – half-day,09:00,12:00,0,15,195,3.25,No')
      expect(rows.filter((r) => r.includes('WTP') || r.includes('2026-09-14'))).toEqual([])

      // The request is declined: no longer counted, and the fingerprint tells an approval so.
      await db.update(bookings).set({ status: 'DECLINED' }).where(eq(bookings.code, 'WTP2-0001'))
      const after = (await sheet(guide, '2026-09')).body.data
      expect(after.lines.map((l: Line) => l.id)).toEqual([planned.itemId])
      expect(after.totals.sessionMinutes).toBe(195)
      expect(after.fingerprint).not.toBe(data.fingerprint)
    })
  })
})
