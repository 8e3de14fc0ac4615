import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { downloadPaymentsCsv, type PaymentsExportQuery } from '~/api/admin-finance.queries'
import type { AdminApi } from '~/api/admin-client'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'

/**
 * Downloads the payments of the range and filters shown as a CSV file (in the member's
 * language: the call carries X-FLOWIN-LOCALE), saved under the name the server gives it.
 */
export function CsvDownload({ api, query }: { api: AdminApi; query: PaymentsExportQuery }) {
  const { t } = useLingui()
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'too_many' | 'failed'>('idle')
  const download = async () => {
    setState('busy')
    try {
      const { blob, fileName } = await downloadPaymentsCsv(api, query)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
      setState('done')
    } catch (error) {
      const tooMany = error instanceof ApiError && JSON.stringify(error.body.data?.errors ?? {}).includes('export.too_many_rows')
      setState(tooMany ? 'too_many' : 'failed')
    }
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="outline" onClick={() => void download()} aria-disabled={state === 'busy' || undefined} disabled={state === 'busy'}>
        {state === 'busy' ? t`Preparing the file…` : t`Download CSV`}
      </Button>
      <p role="status" aria-live="polite" className="text-sm">
        {state === 'done' ? <Trans>The file has been downloaded.</Trans> : null}
        {state === 'too_many' ? <span className="font-medium text-error">{t`Too many payments for one file: choose a shorter period.`}</span> : null}
        {state === 'failed' ? <span className="font-medium text-error">{t`The file could not be made. Please try again.`}</span> : null}
      </p>
    </div>
  )
}
