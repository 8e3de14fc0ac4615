/**
 * One request in the staff app: read (no side effect), marked seen or unseen, answered. The
 * answer is the operator API's (`answerRequest` of ../operator): one module takes the places,
 * creates the payment link and e-mails the visitor, whoever answers.
 */
import { eq } from 'drizzle-orm'
import { bookings } from '~/server/db/schema'
import { unstorableText } from '~/server/domain/text'
import { invalidField } from '~/server/domain/errors'
import { recordChange } from '~/server/domain/history/change-log'
import { answerRequest, requestAvailability, requestRow } from '~/server/domain/operator'
import type { StaffPrincipal } from '~/server/domain/staff/sessions'
import { toStaffRequest, type RequestScope, type StaffRequest } from './view'

/** One request of the shop; for an open one, whether its places are still free. Changes nothing. */
export async function getStaffRequest(scope: RequestScope, code: string): Promise<StaffRequest> {
  const row = await requestRow(scope.db, scope.shop.id, code)
  const unavailable = row.status === 'REQUESTED' ? await requestAvailability(scope, row) : undefined
  return toStaffRequest(scope, row, unavailable)
}

/** Marks a request seen (the page, once opened) or unseen again; recorded when it changes anything. */
export async function markRequestSeen(scope: RequestScope, actor: StaffPrincipal, code: string, seen: boolean): Promise<StaffRequest> {
  const found = await requestRow(scope.db, actor.shopId, code)
  await scope.db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('update')
    if (row!.seen === seen) return
    await tx.update(bookings).set({ seen }).where(eq(bookings.id, row!.id))
    await recordChange(tx, {
      shopId: actor.shopId,
      subject: 'booking',
      subjectId: row!.id,
      actorId: actor.staffId,
      action: seen ? 'seen' : 'unseen',
      before: { seen: row!.seen },
      after: { seen },
      at: scope.now,
    })
  })
  return getStaffRequest(scope, code)
}

/** Whether a reply cannot be sent: control characters (line breaks are fine, as in the checkout's message) or a lone surrogate. */
export const replyProblem = (reply: string) => unstorableText(reply, true)

/**
 * Accepts (takes the places, e-mails the payment link built from the shop's own `origin`) or
 * declines (e-mails the reply) a request: exactly once, whoever answers at the same time.
 */
export async function answerStaffRequest(
  scope: RequestScope & { origin: string },
  actor: StaffPrincipal,
  code: string,
  answer: { decision: 'accept' | 'decline'; reply?: string },
): Promise<StaffRequest> {
  await requestRow(scope.db, actor.shopId, code)
  if (answer.reply !== undefined && replyProblem(answer.reply)) {
    throw invalidField('reply', 'control_characters', 'The reply contains characters that cannot be sent.', { multiline: true })
  }
  await answerRequest(scope, code, answer, { origin: scope.origin, actorId: actor.staffId })
  return getStaffRequest(scope, code)
}

