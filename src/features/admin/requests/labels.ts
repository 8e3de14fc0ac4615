import { useLingui } from '@lingui/react/macro'
import type { RequestStatus } from '~/api/admin-requests.queries'
import type { Locale } from '~/lib/locale'

/** The states of a request as the staff app names them. */
export function useRequestLabels() {
  const { t } = useLingui()
  const status: Record<RequestStatus, string> = {
    REQUESTED: t`Waiting for an answer`,
    ACCEPTED: t`Accepted`,
    DECLINED: t`Declined`,
    PAID: t`Accepted and paid`,
    CANCELLED: t({ message: 'Cancelled', context: 'booking status' }),
  }
  const language: Record<Locale, string> = { de: t`German`, en: t`English`, fr: t`French` }
  return { status, language }
}
