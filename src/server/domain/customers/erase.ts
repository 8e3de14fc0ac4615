import { and, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { bookingItems, bookings, changeLog, customers, idempotencyKeys, outbox, payments } from '~/server/db/schema'
import { conflict, invalidField } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { customerEmailKey } from './link'
import { ERASED_NAME, erasedAddress, erasedEmail, erasedParticipant, erasedPerson, Redactor, scrubChange, scrubPayload } from './scrub'
import { customerRow, customerView, type Customer, type CustomerScope } from './view'

/** Bookings that no longer need their contact: the visitor will not come, or the booking is over. */
const CLOSED = ['CANCELLED', 'DECLINED'] as const

/**
 * Erases a customer's personal data (a data-protection request), in one transaction; see the
 * contract (`eraseCustomer`) for what goes and what stays. The decision on upcoming bookings: a
 * booking that is not cancelled or declined and whose date is still to come needs its contact to
 * be run (participants' names on the manifest, the e-mail to reach them): the erasure is refused
 * (409 `customer.upcoming_bookings`) until it is cancelled or over. Money records (payments,
 * refunds, totals, codes, statuses) stay so finance and reporting stay right; the bookings stay
 * linked to the erased customer, whose row keeps only the type and the dates.
 */
export async function eraseCustomer(db: Db, actor: StaffPrincipal, scope: CustomerScope, customerId: string, input: { confirm: string }): Promise<Customer> {
  return db.transaction(async (tx) => {
    const row = await customerRow(tx, actor.shopId, customerId, true)
    if (row.erasedAt) return customerView(tx, scope, row) // idempotent: erased already
    if (customerEmailKey(input.confirm ?? '') !== row.email) {
      throw invalidField('confirm', 'confirm.mismatch', 'Please type the customer’s e-mail address to confirm.')
    }
    const upcoming = await tx
      .selectDistinct({ code: bookings.code })
      .from(bookings)
      .innerJoin(bookingItems, eq(bookingItems.bookingId, bookings.id))
      .where(and(eq(bookings.shopId, actor.shopId), eq(bookings.customerId, row.id), notInArray(bookings.status, [...CLOSED]), gt(bookingItems.endsAt, scope.now)))
    if (upcoming.length) {
      const codes = upcoming.map((u) => u.code).sort()
      throw conflict('customer.upcoming_bookings', 'This customer has bookings still to come; their data are needed to run them. Cancel them first, or erase the data after their date.', {
        bookings: codes,
      })
    }

    const placeholder = erasedEmail(row.id)
    const theirs = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.shopId, actor.shopId), eq(bookings.customerId, row.id)))
      .for('update')
    const ids = theirs.map((b) => b.id)
    const codes = theirs.map((b) => b.code)
    const items = ids.length ? await tx.select().from(bookingItems).where(inArray(bookingItems.bookingId, ids)) : []

    // Every personal string known of them: the customer's and each booking's (and the participants').
    const redactor = new Redactor(
      [
        row.person.firstname,
        row.person.surname,
        row.company,
        ...theirs.flatMap((b) => [b.person.firstname, b.person.surname, b.customer.company]),
        ...items.flatMap((i) => i.participants.flatMap((p) => [p.firstname, p.surname])),
      ],
      [row.email, ...theirs.map((b) => b.person.email)],
      [row.phone, ...theirs.map((b) => b.person.phone)],
    )

    for (const b of theirs) {
      await tx
        .update(bookings)
        .set({
          person: erasedPerson(placeholder),
          address: erasedAddress(b.address),
          customer: { type: b.customer.type },
          message: null,
          reply: b.reply === null ? null : redactor.text(b.reply),
          version: sql`${bookings.version} + 1`,
        })
        .where(eq(bookings.id, b.id))
    }
    for (const item of items) {
      await tx
        .update(bookingItems)
        .set({ participants: item.participants.map(erasedParticipant) })
        .where(eq(bookingItems.id, item.id))
    }
    // Staff notes of payments recorded on site may name them.
    if (ids.length) {
      const noted = await tx.select({ id: payments.id, note: payments.note }).from(payments).where(and(inArray(payments.bookingId, ids), sql`${payments.note} is not null`))
      for (const p of noted) await tx.update(payments).set({ note: redactor.text(p.note!) }).where(eq(payments.id, p.id))
    }

    // Their e-mails: those about their bookings and any other addressed to them.
    const emails = [...new Set([row.email, ...theirs.map((b) => customerEmailKey(b.person.email))])]
    const mails = await tx
      .select({ id: outbox.id, payload: outbox.payload, status: outbox.status })
      .from(outbox)
      .where(
        and(
          eq(outbox.shopId, actor.shopId),
          or(...[...(codes.length ? [inArray(outbox.bookingCode, codes)] : []), inArray(sql`lower(${outbox.payload}->>'to')`, emails)]),
        ),
      )
      .for('update')
    for (const m of mails) {
      const toThem = typeof m.payload.to === 'string' && redactor.isEmail(m.payload.to)
      await tx
        .update(outbox)
        .set({
          payload: scrubPayload(m.payload, redactor, placeholder),
          // Not yet sent: it never will be (its recipient is gone).
          ...(m.status === 'pending' && toThem ? { status: 'failed' as const, lastError: 'The recipient’s personal data were erased.' } : {}),
        })
        .where(eq(outbox.id, m.id))
    }

    // Stored answers of repeated calls (kept a day for Idempotency-Key replays) hold the booking as
    // answered then, contact included: those naming their bookings or addresses go. A repetition
    // after this runs again and meets the erased booking (the checkout answers it as it is now).
    const mentions = [...codes, ...emails].map((text) => sql`strpos(lower(${idempotencyKeys.responseBody}), ${text.toLowerCase()}) > 0`)
    if (mentions.length) {
      await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.shopId, actor.shopId), eq(idempotencyKeys.state, 'done'), or(...mentions)))
    }

    // Their history and their bookings' history keep what changed and when, without the values.
    const entries = await tx
      .select({ id: changeLog.id, changes: changeLog.changes })
      .from(changeLog)
      .where(
        and(
          eq(changeLog.shopId, actor.shopId),
          or(
            and(eq(changeLog.subject, 'customer'), eq(changeLog.subjectId, row.id)),
            ...(ids.length ? [and(eq(changeLog.subject, 'booking'), inArray(changeLog.subjectId, [...ids, ...codes]))] : []),
          ),
        ),
      )
    for (const e of entries) {
      const scrubbed = e.changes.map((c) => (c.field === 'booking' ? c : scrubChange(c, redactor)))
      if (JSON.stringify(scrubbed) !== JSON.stringify(e.changes)) await tx.update(changeLog).set({ changes: scrubbed }).where(eq(changeLog.id, e.id))
    }

    const [saved] = await tx
      .update(customers)
      .set({
        email: placeholder,
        person: { firstname: ERASED_NAME, surname: ERASED_NAME },
        company: null,
        phone: null,
        address: null,
        note: null,
        erasedAt: scope.now,
        version: sql`${customers.version} + 1`,
        updatedAt: scope.now,
      })
      .where(eq(customers.id, row.id))
      .returning()
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'customer',
      subjectId: row.id,
      actorId: actor.staffId,
      action: 'erased',
      changes: [
        { field: 'bookings', after: theirs.length },
        { field: 'emails', after: mails.length },
      ],
      at: scope.now,
    })
    return customerView(tx, scope, saved!)
  })
}
