import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { NewSessionsAnswer } from '~/api/admin-sessions.queries'
import type { Locale } from '~/lib/locale'
import { shortDay } from './format'

const SHOWN = 30

/** What a series will make, as the server previewed it: how many dates, which, and which are left out and why. */
export function DatesPreview(props: { preview: NewSessionsAnswer | undefined; pending: boolean; error?: string; lang: Locale }) {
  const { t } = useLingui()
  const { preview } = props
  const reasons = {
    exists: t`there is a date at this time already`,
    no_such_time: t`the clock skips this time (summer time)`,
    past: t`in the past`,
  }
  const count = preview?.dates.length ?? 0
  const more = count - SHOWN
  return (
    <section aria-labelledby="dates-preview-title" className="rounded-md border border-gray-300 p-3" data-testid="dates-preview">
      <h3 id="dates-preview-title" className="font-medium">
        <Trans>Preview</Trans>
      </h3>
      <div role="status" className="mt-1">
        {props.error ? (
          <p className="font-medium text-error">{props.error}</p>
        ) : !preview ? (
          <p>{props.pending ? <Trans>Working out the dates…</Trans> : <Trans>Fill in the fields to see the dates.</Trans>}</p>
        ) : (
          <p className="font-medium">
            <Plural value={count} _0="No new date will be added." one="# new date will be added." other="# new dates will be added." />
          </p>
        )}
      </div>
      {preview && count ? (
        <ul className="mt-2 text-sm sm:columns-2" aria-label={t`Dates to add`}>
          {preview.dates.slice(0, SHOWN).map((d) => (
            <li key={d.startsAt}>
              {shortDay(d.date, props.lang)}, {d.time}
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Trans>and {more} more</Trans>
            </li>
          ) : null}
        </ul>
      ) : null}
      {preview?.skipped.length ? (
        <>
          <h4 className="mt-2 text-sm font-medium">
            <Trans>Left out</Trans>
          </h4>
          <ul className="text-sm">
            {preview.skipped.slice(0, SHOWN).map((s) => (
              <li key={`${s.date} ${s.time}`}>
                {shortDay(s.date, props.lang)}, {s.time}: {reasons[s.reason]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
