import { Trans, useLingui } from '@lingui/react/macro'
import type { ChangeRecord } from '~/api/admin-settings.queries'
import { formatDate } from '~/lib/dates'
import type { Locale } from '~/lib/locale'

const MAX_SHOWN = 8

function value(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—'
  if (Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === 'number')) return `rgb(${v.join(', ')})`
  return Array.isArray(v) ? v.join(', ') : String(v)
}

/** Who changed an item, when, and which fields (with the values before and after where they are short). */
export function HistoryList({ records, lang, timeZone }: { records: ChangeRecord[]; lang: Locale; timeZone: string }) {
  const { t } = useLingui()
  if (records.length === 0) {
    return (
      <p>
        <Trans>No changes recorded yet.</Trans>
      </p>
    )
  }
  return (
    <ol className="space-y-3" data-testid="history">
      {records.map((record) => {
        const who = record.actor?.name ?? t`the system`
        const when = formatDate(record.at, lang, timeZone, 'LLL')
        const more = record.changes.length - MAX_SHOWN
        return (
          <li key={record.id} className="rounded-md border border-gray-300 p-3">
            <p className="font-medium">
              <Trans>
                {when}, {who}
              </Trans>
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {record.changes.slice(0, MAX_SHOWN).map((c) => (
                <li key={c.field}>
                  <span className="font-mono">{c.field}</span>
                  {'before' in c || 'after' in c ? `: ${value(c.before)} → ${value(c.after)}` : null}
                </li>
              ))}
              {more > 0 ? (
                <li>
                  <Trans>and {more} more</Trans>
                </li>
              ) : null}
            </ul>
          </li>
        )
      })}
    </ol>
  )
}
