import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { createShopOffer, type OfferKind } from '~/api/admin-offers.queries'
import type { AdminApi } from '~/api/admin-client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../dialog'
import { fieldErrorsOf } from '../field-errors'
import { FormField } from '../form-field'
import { useOfferLabels } from './status-label'

/** "New offer": its kind and a title (in the member's language) make a draft, then the editor opens. */
export function NewOfferDialog({ api, lang, open, onClose }: { api: AdminApi; lang: Locale; open: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const labels = useOfferLabels()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<OfferKind>('activity')
  const [title, setTitle] = useState('')
  const create = useMutation({
    mutationFn: () => createShopOffer(api, { kind, title: { [lang]: title } }),
    onSuccess: async (offer) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'offers', 'list'] })
      await navigate({ to: '/$lang/admin/offers/$offerId', params: { lang, offerId: offer.id } })
    },
  })
  const errors = fieldErrorsOf(create.error)
  return (
    <Dialog open={open} title={t`New offer`} onClose={onClose} testId="new-offer-dialog">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          create.mutate()
        }}
      >
        <fieldset>
          <legend className="font-medium">{t`Kind of offer`}</legend>
          {(['activity', 'private'] as const).map((k) => (
            <label key={k} className="mt-2 flex min-h-11 items-center gap-2">
              <input type="radio" name="new-offer-kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="h-5 w-5" />
              {labels.kind[k]}
            </label>
          ))}
          <p className="mt-1 text-sm">{t`The kind cannot be changed later: group activities have dates, private services opening hours.`}</p>
        </fieldset>
        <FormField id="new-offer-title" label={t`Title`} value={title} required error={errors[`title.${lang}`] ?? errors['title.de']} onChange={setTitle} />
        {create.isError && !Object.keys(errors).length ? <SubmitError error={create.error} /> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Trans>Creating…</Trans> : <Trans>Create draft</Trans>}
          </Button>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
