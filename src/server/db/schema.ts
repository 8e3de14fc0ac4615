import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  date,
  smallint,
  uniqueIndex,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import type { components } from '../../api/schema.gen'
import type { AvailabilityException, WeeklyHours } from './schedule'

export type ShopConfigBody = Omit<components['schemas']['ShopConfig'], 'id'>

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A shop (tenant). Its slug is the first label of `{slug}.{HOSTED_DOMAIN}`. */
export const shops = pgTable('shops', {
  id: text('id').primaryKey(),
  config: jsonb('config').$type<ShopConfigBody>().notNull(),
  /** Increases with every change of the configuration (optimistic concurrency in the staff app). */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Custom domains of a shop (lower case, no port). */
export const shopDomains = pgTable(
  'shop_domains',
  {
    domain: text('domain').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The shop's canonical host: links in e-mails, payment return URLs, canonical/hreflang. */
    primary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    index('shop_domains_shop_idx').on(t.shopId),
    uniqueIndex('shop_domains_one_primary_idx').on(t.shopId).where(sql`${t.primary}`),
  ],
)

/** Original images. Media ids are global; `shop_id` null marks a shared image ('default'). */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('media_shop_idx').on(t.shopId)],
)

/** A visitor's cart. The id carries at least 128 random bits. */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull().default('de'),
    createdAt: createdAt(),
  },
  (t) => [index('carts_shop_idx').on(t.shopId)],
)

/**
 * Stored answers of non-GET calls by Idempotency-Key, per shop. A row is 'pending' while its
 * first request runs; then it holds the answer that every repetition gets again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    shopId: text('shop_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull().default('pending'),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/** Process-independent secrets (e.g. the anti-forgery signing key), created on first use. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
})

type LocalizedText = components['schemas']['LocalizedText']

/** A private service's schedule as stored (the shop's time zone applies). */
export type ServiceScheduleBody = {
  weeklyHours: WeeklyHours[]
  exceptions: AvailabilityException[]
  durationMinutes: number
  bufferMinutes: number
  stepMinutes: number
}
/** An extra; `per: 'booking'` is charged once per booking however many participants of the offer's items choose it (absent: per participant). */
export type OfferExtraBody = { key: string; title: LocalizedText; price: number; per?: 'participant' | 'booking' }

/** An extra as a booking item was charged for it: the offer's extra then, and how many times. */
export type BookedExtraLine = OfferExtraBody & { quantity: number }

export type OfferLocation = {
  name: string
  street: string
  streetNumber: string
  postalCode: string
  city: string
  country: string
  latitude: number
  longitude: number
}

/** An offer (the spec's "listing"): texts per locale, images, tags; variants are SKUs. */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    intro: jsonb('intro').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    location: jsonb('location').$type<OfferLocation>().notNull(),
    uponRequest: boolean('upon_request').notNull().default(false),
    related: jsonb('related').$type<string[]>().notNull(),
    /** Private services: weekly hours, exceptions, duration, buffer, step. */
    schedule: jsonb('schedule').$type<ServiceScheduleBody>(),
    /** Extras a participant may add: `{ key, title, price }` (minor units). */
    extras: jsonb('extras').$type<OfferExtraBody[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    /** Alternative text of each image (by media id) per locale. */
    imageAlts: jsonb('image_alts').$type<Record<string, LocalizedText>>().notNull().default({}),
    /** Where participants meet, per locale (shown with the location), if it is not the location itself. */
    meetingPoint: jsonb('meeting_point').$type<LocalizedText>(),
    /** Planning: one guide per this many participants (at least one guide); null: one guide whatever the size. */
    participantsPerGuide: integer('participants_per_guide'),
    /** Working time: minutes of preparation a guide spends on each date besides its duration. */
    preparationMinutes: integer('preparation_minutes').notNull().default(0),
    /** Only published offers are shown to visitors; an archived one keeps its bookings. */
    status: text('status', { enum: ['draft', 'published', 'archived'] }).notNull().default('published'),
    /** Increases with every change (optimistic concurrency in the staff app). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offers_shop_slug_idx').on(t.shopId, t.slug)],
)

/** A bookable variant of an offer; prices in minor units. */
export const skus = pgTable(
  'skus',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    type: text('type', { enum: ['activity', 'private-service-slot', 'private-service-participant'] }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    blockCount: integer('block_count').notNull().default(1),
    maxParticipants: integer('max_participants'),
    minQuantity: integer('min_quantity').notNull().default(0),
    maxQuantity: integer('max_quantity').notNull().default(20),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('skus_offer_idx').on(t.offerId)],
)

/** A dated occurrence of a group activity with a capacity (places). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    /** Places of confirmed bookings. */
    placesTaken: integer('places_taken').notNull().default(0),
    status: text('status', { enum: ['scheduled', 'cancelled'] }).notNull().default('scheduled'),
    /** Closed for booking by staff (it still takes place; its bookings stand). */
    closed: boolean('closed').notNull().default(false),
    /** Increases with every change (optimistic concurrency in the staff app). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_offer_start_idx').on(t.offerId, t.startsAt)],
)

/**
 * An item of a cart: a session or a private start time, a variant and a quantity. Its places are
 * held until `held_until`, fixed when the item is added (a change of quantity keeps it); an expired
 * hold simply stops counting (the item stays in the cart).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    skuId: text('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    places: integer('places').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /**
     * Who holds the places: a hash of the client address of the request that added the item or
     * last set its quantity (never the address itself); live holds per holder are limited.
     */
    holder: text('holder'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_items_cart_idx').on(t.cartId),
    index('cart_items_holder_idx').on(t.shopId, t.holder, t.heldUntil),
    index('cart_items_session_held_idx').on(t.sessionId, t.heldUntil),
    index('cart_items_offer_start_idx').on(t.offerId, t.startsAt),
  ],
)

export type ParticipantBody = { firstname: string; surname: string; forSelf?: boolean; extras: string[] }

/** A booking (order) or request made from a cart; the cart id is the visitor's secret to it. */
export const bookings = pgTable(
  'bookings',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id),
    mode: text('mode', { enum: ['order', 'request'] }).notNull(),
    status: text('status', { enum: ['CONFIRMED', 'REQUESTED', 'ACCEPTED', 'DECLINED', 'PAID', 'CANCELLED'] }).notNull(),
    locale: text('locale').notNull(),
    customer: jsonb('customer').$type<{ type: 'PRIVATE' | 'COMPANY'; company?: string }>().notNull(),
    person: jsonb('person').$type<{ firstname: string; surname: string; email: string; phone: string }>().notNull(),
    address: jsonb('address').$type<{ street: string; streetNumber: string; postalCode: string; city: string; country: string }>().notNull(),
    paymentMethod: text('payment_method', { enum: ['PAY_NOW', 'PAY_LATER', 'PAY_ON_SITE', 'PAY_LATER_OR_ON_SITE'] }).notNull(),
    totalAmount: integer('total_amount').notNull(),
    openAmount: integer('open_amount').notNull(),
    currency: text('currency').notNull(),
    message: text('message'),
    /** Requests: whether the operator has seen it, the reply and when. */
    seen: boolean('seen').notNull().default(false),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Bookings that must be paid online: cancelled when still unpaid after this moment. */
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
    /** When and why it was cancelled: the payment deadline passed, or the staff cancelled it. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: ['payment_deadline', 'staff', 'visitor'] }),
    /** The CRM customer it belongs to (merged by e-mail); null once erased or before it was derived. */
    customerId: text('customer_id'),
    /** Where the visitor booked: the shop itself or an embedded widget (and the host page: site and path). */
    channel: text('channel', { enum: ['shop', 'embed'] }).notNull().default('shop'),
    channelHost: text('channel_host'),
    /** Increases with every staff change (optimistic concurrency of the staff's edits). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    // Not declared here: `search_name`, the folded name the bookings list searches, a column
    // generated by the database (migration 0012), read only by that list's SQL.
  },
  (t) => [
    uniqueIndex('bookings_shop_code_idx').on(t.shopId, t.code),
    uniqueIndex('bookings_cart_idx').on(t.cartId),
    index('bookings_payment_deadline_idx').on(t.paymentDeadline).where(sql`payment_deadline is not null`),
    index('bookings_shop_created_idx').on(t.shopId, t.createdAt),
    index('bookings_shop_status_idx').on(t.shopId, t.status, t.createdAt),
    index('bookings_shop_customer_idx').on(t.shopId, t.customerId),
  ],
)

export const bookingItems = pgTable(
  'booking_items',
  {
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id),
    skuId: text('sku_id')
      .notNull()
      .references(() => skus.id),
    sessionId: text('session_id').references(() => sessions.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull(),
    places: integer('places').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    extrasAmount: integer('extras_amount').notNull().default(0),
    /**
     * The extras as they were charged (title, price, how many times): what the confirmation
     * shows, whatever the offer's extras become. Null for items booked before it was kept.
     */
    extrasLines: jsonb('extras_lines').$type<BookedExtraLine[]>(),
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull(),
    participants: jsonb('participants').$type<ParticipantBody[]>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('booking_items_booking_idx').on(t.bookingId),
    index('booking_items_offer_start_idx').on(t.offerId, t.startsAt),
    index('booking_items_session_idx').on(t.sessionId),
    index('booking_items_shop_start_idx').on(t.shopId, t.startsAt),
  ],
)

/** Outgoing e-mail, sent in the background. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    kind: text('kind').notNull(),
    /** The booking the e-mail is about (its code), for the booking's "e-mails sent". */
    bookingCode: text('booking_code'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_booking_idx').on(t.shopId, t.bookingCode)],
)

/**
 * A payment link of a booking: the token (256 random bits) is the visitor's secret to
 * pay the open amount, until it expires.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    token: text('token').primaryKey(),
    shopId: text('shop_id').notNull(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_links_booking_idx').on(t.bookingId)],
)

/**
 * One attempt to pay (part of) a booking at a provider. Its status, and the booking's open
 * amount, change only from a verified provider event (webhook), never from a redirect.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the session or transaction; set once the provider answered. */
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'cancelled'] }).notNull().default('pending'),
    /** A success that arrived after its booking was cancelled: the money is to be paid back. */
    refundDue: boolean('refund_due').notNull().default(false),
    /** Where it started: the checkout (cart), a payment link, or the staff recording money received on site. */
    source: text('source', { enum: ['checkout', 'link', 'staff'] }).notNull(),
    /** How it was paid when known (on site: `cash`, `card`, `transfer`, `other`; online: the provider's method). */
    method: text('method'),
    /** The staff member who recorded it (on-site payments). */
    recordedBy: text('recorded_by'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_shop_created_idx').on(t.shopId, t.createdAt),
  ],
)

/** Provider events already applied: a duplicate delivery finds its id here and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
)

/** The built-in sandbox provider's own sessions (it stands in for an external provider). */
export const sandboxSessions = pgTable('sandbox_sessions', {
  ref: text('ref').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  locale: text('locale').notNull(),
  returnUrl: text('return_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  status: text('status', { enum: ['open', 'succeeded', 'failed', 'cancelled'] }).notNull().default('open'),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
})

/** Bearer tokens of a shop's operators (stored as SHA-256; the token is shown once). */
export const operatorTokens = pgTable(
  'operator_tokens',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_tokens_hash_idx').on(t.tokenHash), index('operator_tokens_shop_idx').on(t.shopId)],
)

/** A shop's staff member (owner ⊃ manager ⊃ guide). E-mail lower case, unique per shop; no password until an invitation is used. */
export const staff = pgTable(
  'staff',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** E.164 (`+41799000000`). */
    phone: text('phone'),
    locale: text('locale', { enum: ['de', 'en', 'fr'] }).notNull(),
    role: text('role', { enum: ['owner', 'manager', 'guide'] }).notNull(),
    active: boolean('active').notNull().default(true),
    /** `scrypt$N$r$p$salt$hash` (base64url); null until the invitation is used. */
    passwordHash: text('password_hash'),
    /** Increases with every change (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** E-mail the member about each new booking / each new request (switchable in the profile). */
    notifyBookings: boolean('notify_bookings').notNull().default(true),
    notifyRequests: boolean('notify_requests').notNull().default(true),
    /** The schedule feed's generation: 0 none; renewing it increases it and the old address answers 404. */
    calendarFeedGeneration: integer('calendar_feed_generation').notNull().default(0),
  },
  (t) => [uniqueIndex('staff_shop_email_idx').on(t.shopId, t.email)],
)

/** Server-side staff sessions; the cookie's secret is stored as SHA-256 only. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 (hex) of the cookie's 256-bit secret. */
    idHash: text('id_hash').primaryKey(),
    /** A public handle (listing, ending one session); not the secret. */
    handle: text('handle').notNull(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, whatever the use. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), uniqueIndex('staff_sessions_handle_idx').on(t.handle)],
)

/** Single-use links (invitation, password reset), stored as SHA-256 of the token. */
export const staffLinks = pgTable(
  'staff_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invitation', 'reset'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_links_staff_idx').on(t.staffId)],
)

/** A pending change of a staff member's e-mail or phone, confirmed by a 6-digit code sent to the new address. */
export const staffContactChanges = pgTable(
  'staff_contact_changes',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    /** SHA-256 of `{staffId}|{channel}|{code}`. */
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.channel] })],
)

/** Failed sign-ins per shop and key (`account:{email}` or `address:{ip}`), in a sliding window. */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.key] })],
)

/** What happened to a staff member, by whom (null: the system or the member signing in). */
export const staffEvents = pgTable(
  'staff_events',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_events_staff_idx').on(t.staffId, t.at)],
)

/**
 * What staff changed, on the item they changed (DESIGN.md §11: who, when, what): the shop's
 * settings, an offer, a session. `changes` lists the fields changed (dotted paths) with their
 * value before and after where it is small; `actorId` is null for the system.
 */
export const changeLog = pgTable(
  'change_log',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    subject: text('subject', { enum: ['settings', 'offer', 'session', 'booking', 'customer'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    actorId: text('actor_id').references(() => staff.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<ChangeLogEntry[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The order of recording (two changes may share an instant). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
  },
  (t) => [index('change_log_subject_idx').on(t.shopId, t.subject, t.subjectId, t.seq)],
)

/** One changed field of a change-log row; `before`/`after` are left out when large (texts, images). */
export type ChangeLogEntry = { field: string; before?: unknown; after?: unknown }

/**
 * Money paid back for a payment, through the provider that took it (or recorded by the staff for
 * money received on site). Created `pending` in the transaction that decides it; the provider's
 * signed refund event makes it `succeeded` or `failed`, exactly once (payment_events).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the refund, once it answered. */
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    /** Why: the staff cancelled the booking or its date, the visitor cancelled, a late payment. */
    reason: text('reason', { enum: ['staff_cancel', 'session_cancelled', 'visitor_cancel', 'late_payment', 'move'] }).notNull(),
    actorId: text('actor_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_provider_ref_idx').on(t.provider, t.providerRef),
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_shop_created_idx').on(t.shopId, t.createdAt),
  ],
)

/**
 * A CRM customer: the people who booked, merged by e-mail (lower case, unique per shop). Created
 * or updated with each booking; the staff edit it; erasing it anonymises its bookings and e-mails.
 */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Lower case; for an erased customer a placeholder unique to it. */
    email: text('email').notNull(),
    type: text('type', { enum: ['PRIVATE', 'COMPANY'] }).notNull().default('PRIVATE'),
    company: text('company'),
    person: jsonb('person').$type<{ firstname: string; surname: string }>().notNull(),
    address: jsonb('address').$type<{ street: string; streetNumber: string; postalCode: string; city: string; country: string }>(),
    phone: text('phone'),
    note: text('note'),
    version: integer('version').notNull().default(1),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_shop_email_idx').on(t.shopId, t.email)],
)

/**
 * A visitor's link to manage their booking (cancel or move it within the shop's policy): the
 * token (256 random bits) is stored hashed, one per booking; a new one replaces the old.
 */
export const bookingManageLinks = pgTable(
  'booking_manage_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('booking_manage_links_booking_idx').on(t.bookingId)],
)

/**
 * The guides assigned to a session (group activities' dates): a guide sees the manifests and the
 * dashboard entries of these sessions only. Planning (issue 18) assigns them; deleting the
 * session or the member removes the assignment.
 */
export const sessionGuides = pgTable(
  'session_guides',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    assignedBy: text('assigned_by'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the guide was assigned although they had said UNAVAILABLE (null otherwise). */
    overrideReason: text('override_reason'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.staffId] }), index('session_guides_staff_idx').on(t.staffId, t.shopId)],
)

export const AVAILABILITY = ['AVAILABLE', 'MAYBE', 'UNAVAILABLE'] as const
export const DAY_PARTS = ['DAY', 'AM', 'PM'] as const

/**
 * A staff member's availability on one date, for the whole DAY, the morning (AM) or the afternoon
 * (PM). A half-day's own entry wins over the DAY entry, which wins over the weekly pattern.
 */
export const staffAvailability = pgTable(
  'staff_availability',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    part: text('part', { enum: DAY_PARTS }).notNull(),
    availability: text('availability', { enum: AVAILABILITY }).notNull(),
    note: text('note'),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.day, t.part] }), index('staff_availability_shop_day_idx').on(t.shopId, t.day)],
)

/** A staff member's weekly default availability (weekday 0-6, Sunday first), overridden by dates. */
export const staffWeeklyAvailability = pgTable(
  'staff_weekly_availability',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    weekday: smallint('weekday').notNull(),
    part: text('part', { enum: DAY_PARTS }).notNull(),
    availability: text('availability', { enum: AVAILABILITY }).notNull(),
    note: text('note'),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.weekday, t.part] })],
)

/**
 * Working time (issue 18, point 4): a member's manual entries for work that is not a guided date
 * (office, maintenance, training): a day in the shop's time zone, from–to as wall times
 * (`to` may be `24:00`), a break in minutes and a note. Assigned dates count on their own; these
 * rows hold only what the dates do not.
 */
export const workTimeEntries = pgTable(
  'work_time_entries',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_time_entries_staff_day_idx').on(t.shopId, t.staffId, t.day)],
)

/**
 * A manager's approval of a member's month sheet: the total and the fingerprint of the lines
 * approved, so the sheet can tell when it changed afterwards. While it exists, the month's
 * manual entries cannot be changed (the approval is withdrawn first).
 */
export const workTimeApprovals = pgTable(
  'work_time_approvals',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    month: text('month').notNull(),
    minutes: integer('minutes').notNull(),
    fingerprint: text('fingerprint').notNull(),
    approvedBy: text('approved_by'),
    approvedByName: text('approved_by_name').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.month] }), index('work_time_approvals_shop_month_idx').on(t.shopId, t.month)],
)

/**
 * The guides assigned to a booked private-service start (a booking item without a session of its
 * own; planning, issue 18). One guide leads a private booking; overlaps with the member's dates
 * and other private bookings are refused under the member's lock, as for `session_guides`.
 */
export const bookingItemGuides = pgTable(
  'booking_item_guides',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => bookingItems.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    assignedBy: text('assigned_by'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the guide was assigned although they had said UNAVAILABLE (null otherwise). */
    overrideReason: text('override_reason'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.staffId] }), index('booking_item_guides_staff_idx').on(t.staffId, t.shopId)],
)
