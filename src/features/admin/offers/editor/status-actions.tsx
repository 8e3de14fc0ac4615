import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { changeOfferStatus, deleteShopOffer, duplicateShopOffer, shopOfferQuery, type OfferView, type StatusAction } from '~/api/admin-offers.queries'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../../dialog'
import { fieldErrorsOf, useAdminFieldErrorText } from '../../field-errors'
import { Section } from '../../profile/section'
import { useOfferLabels } from '../status-label'

/**
 * Publish, unpublish, archive, duplicate and delete, each with the version the editor shows.
 * Publishing refused lists what is missing; delete asks first and is offered only without bookings.
 */
export function StatusActions({ api, lang, offer, dirty }: { api: AdminApi; lang: Locale; offer: OfferView; dirty: boolean }) {
  const { t } = useLingui()
  const labels = useOfferLabels()
  const errorText = useAdminFieldErrorText()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'offers'] })
  }
  const status = useMutation({
    mutationFn: (action: StatusAction) => changeOfferStatus(api, offer.id, action, offer.version),
    onSuccess: async (saved) => {
      queryClient.setQueryData(shopOfferQuery(api, offer.id).queryKey, saved)
      await refresh()
    },
  })
  const duplicate = useMutation({
    mutationFn: () => duplicateShopOffer(api, offer.id),
    onSuccess: async (copy) => {
      await refresh()
      await navigate({ to: '/$lang/admin/offers/$offerId', params: { lang, offerId: copy.id } })
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteShopOffer(api, offer.id),
    onSuccess: async () => {
      setConfirmDelete(false)
      await queryClient.invalidateQueries({ queryKey: ['admin', 'offers', 'list'] })
      await navigate({ to: '/$lang/admin/offers', params: { lang } })
    },
  })
  const missing = Object.values(fieldErrorsOf(status.error)).map((e) => errorText(e))
  const conflict = status.error instanceof ApiError && status.error.status === 409
  return (
    <Section id="offer-status" title={t`Status`}>
      <p>
        <Trans>Status:</Trans> <strong>{labels.status[offer.status]}</strong>
      </p>
      {dirty ? <p className="mt-1 text-sm">{t`Save your changes first: the status actions apply to the offer as last saved.`}</p> : null}
      <div className="mt-3 flex flex-wrap gap-3">
        {offer.status !== 'published' ? (
          <Button disabled={dirty || status.isPending} onClick={() => status.mutate('publish')}>
            {t`Publish`}
          </Button>
        ) : (
          <Button variant="outline" disabled={dirty || status.isPending} onClick={() => status.mutate('unpublish')}>
            {t`Unpublish`}
          </Button>
        )}
        {offer.status !== 'archived' ? (
          <Button variant="outline" disabled={dirty || status.isPending} onClick={() => status.mutate('archive')}>
            {t`Archive`}
          </Button>
        ) : null}
        <Button variant="outline" disabled={duplicate.isPending} onClick={() => duplicate.mutate()}>
          {t`Duplicate`}
        </Button>
        {!offer.hasBookings ? (
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            {t`Delete`}
          </Button>
        ) : null}
      </div>
      {offer.hasBookings ? <p className="mt-2 text-sm">{t`This offer has bookings: it can be archived, not deleted.`}</p> : null}
      <div role="alert" className="mt-3">
        {missing.length ? (
          <>
            <p className="font-medium text-error">{t`Not published yet. Missing:`}</p>
            <ul className="list-disc pl-5 text-error">
              {missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        ) : conflict ? (
          <p className="font-medium text-error">{t`Someone else changed this offer in the meantime. Reload the page to see the current version.`}</p>
        ) : status.isError ? (
          <SubmitError error={status.error} />
        ) : duplicate.isError ? (
          <SubmitError error={duplicate.error} />
        ) : null}
      </div>
      <Dialog open={confirmDelete} title={t`Delete this offer?`} onClose={() => setConfirmDelete(false)} testId="delete-offer-dialog">
        <p>{t`The offer, its variants and its dates are deleted for good. This cannot be undone.`}</p>
        {remove.isError ? <SubmitError error={remove.error} /> : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t`Delete for good`}
          </Button>
          <Button variant="outline" onClick={() => setConfirmDelete(false)}>
            {t`Keep the offer`}
          </Button>
        </div>
      </Dialog>
    </Section>
  )
}
