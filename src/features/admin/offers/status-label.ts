import { useLingui } from '@lingui/react/macro'
import type { OfferKind, OfferStatus } from '~/api/admin-offers.queries'

export function useOfferLabels() {
  const { t } = useLingui()
  const status: Record<OfferStatus, string> = { draft: t`Draft`, published: t`Published`, archived: t`Archived` }
  const kind: Record<OfferKind, string> = { activity: t`Group activity`, private: t`Private service` }
  return { status, kind }
}
