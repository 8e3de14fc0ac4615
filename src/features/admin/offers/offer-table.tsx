import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import type { OfferListItem } from '~/api/admin-offers.queries'
import type { Locale } from '~/lib/locale'
import { CompletenessList } from './completeness'
import { useOfferLabels } from './status-label'

/** The offers as a table (scrolls sideways on a phone): title (to the editor), kind, status, next dates, places sold, texts per language. */
export function OfferTable({ offers, lang, languages, timeZone }: { offers: OfferListItem[]; lang: Locale; languages: Locale[]; timeZone: string }) {
  const { t } = useLingui()
  const labels = useOfferLabels()
  const date = new Intl.DateTimeFormat(`${lang}-CH`, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const number = new Intl.NumberFormat(`${lang}-CH`)
  if (offers.length === 0) return <p>{t`No offers match.`}</p>
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls: the keyboard must reach it (axe scrollable-region-focusable)
    <div className="overflow-x-auto" role="region" aria-label={t`Offers`} tabIndex={0}>
      <table className="w-full min-w-[48rem] border-collapse text-left">
        <thead>
          <tr className="border-b-2 border-gray-400">
            <th scope="col" className="p-2">{t`Title`}</th>
            <th scope="col" className="p-2">{t`Kind`}</th>
            <th scope="col" className="p-2">{t`Status`}</th>
            <th scope="col" className="p-2">{t`Next dates`}</th>
            <th scope="col" className="p-2">{t`Places sold`}</th>
            <th scope="col" className="p-2">{t`Texts`}</th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => (
            <tr key={o.id} className="border-b border-gray-300 align-top">
              <th scope="row" className="p-2 font-medium">
                <Link to="/$lang/admin/offers/$offerId" params={{ lang, offerId: o.id }} className="underline">
                  {o.title || o.slug}
                </Link>
              </th>
              <td className="p-2">{labels.kind[o.kind]}</td>
              <td className="p-2">{labels.status[o.status]}</td>
              <td className="p-2">
                {o.nextDates.length ? (
                  <ul>
                    {o.nextDates.map((d) => (
                      <li key={d}>
                        <time dateTime={d}>{date.format(new Date(d))}</time>
                      </li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </td>
              <td className="p-2">{o.kind === 'activity' ? `${number.format(o.placesSold)} / ${number.format(o.capacity)}` : '—'}</td>
              <td className="p-2">
                <CompletenessList completeness={o.completeness} languages={languages} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
