import { Trans } from '@lingui/react/macro'
import type { components } from '~/api/schema.gen'
import type { Locale } from '~/lib/locale'
import { safeHrefOrUndefined } from '~/lib/safe-url'
import { ContactLinks } from '~/components/contact-links'

type S = components['schemas']

/**
 * Where the participants meet, where the offer takes place, and whom to ask. The meeting point is
 * the offer's own when it has one (the location is then named as the activity's), else the location
 * itself — the one the confirmations name (src/server/domain/offers/meeting-point.ts).
 */
export function ContactPanel({ offer, contact }: { offer: S['OfferDetail']; contact: S['ShopContact']; lang: Locale }) {
  const { location, meetingPoint } = offer
  const map =
    location.latitude !== undefined && location.longitude !== undefined
      ? safeHrefOrUndefined(`https://www.openstreetmap.org/?mlat=${location.latitude}&mlon=${location.longitude}#map=15/${location.latitude}/${location.longitude}`, { external: true })
      : undefined
  return (
    <section aria-labelledby="contact-panel" className="rounded-lg bg-surface p-4 text-on-surface ring-1 ring-black/10" data-testid="contact-panel">
      <h2 id="contact-panel" className="text-lg font-semibold">
        <Trans>Meeting point and contact</Trans>
      </h2>
      {meetingPoint ? (
        <>
          <p className="mt-2" data-testid="offer-meeting-point">
            <Trans>Meeting point: {meetingPoint}</Trans>
          </p>
          <p className="mt-3 text-sm font-medium">
            <Trans>Location of the activity:</Trans>
          </p>
        </>
      ) : null}
      <address className={meetingPoint ? 'not-italic' : 'mt-2 not-italic'}>
        {location.name}
        <br />
        {location.address.street} {location.address.streetNumber}
        <br />
        {location.address.postalCode} {location.address.city}
      </address>
      {map ? (
        <a className="mt-2 inline-block underline" href={map} rel="noopener noreferrer" target="_blank">
          <Trans>Show on the map</Trans>
        </a>
      ) : null}
      <p className="mt-4 font-medium">
        <Trans>Questions? We are happy to help.</Trans>
      </p>
      <ul className="mt-1 space-y-1">
            <ContactLinks contact={contact} />
      </ul>
    </section>
  )
}
