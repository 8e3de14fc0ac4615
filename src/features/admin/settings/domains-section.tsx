import { useState } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { addShopDomain, removeShopDomain, shopDomainsQuery, updateShopDomain, type ShopDomains } from '~/api/admin-settings.queries'
import { ApiError } from '~/api/client'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import { Dialog } from '../dialog'
import { fieldErrorsOf } from '../field-errors'
import { FormField } from '../form-field'
import { Section } from '../profile/section'

/**
 * The addresses the shop answers on: its hosted address, and domains of its own (whose DNS points
 * here); the primary one is the address of its links (e-mails, payment pages). Each change applies
 * at once (no Save), removing after a confirmation.
 */
export function DomainsSection({ api }: { api: AdminApi }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(shopDomainsQuery(api))
  const [domain, setDomain] = useState('')
  const [removing, setRemoving] = useState<string | null>(null)
  const show = (next: ShopDomains) => {
    queryClient.setQueryData(shopDomainsQuery(api).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: ['admin', 'settings', 'history'] })
  }
  const add = useMutation({ mutationFn: () => addShopDomain(api, { domain }), onSuccess: (next) => (show(next), setDomain('')) })
  const change = useMutation({
    mutationFn: (input: { domain: string; primary?: boolean; remove?: boolean }) => (input.remove ? removeShopDomain(api, input.domain) : updateShopDomain(api, input.domain, input.primary ?? false)),
    onSuccess: (next) => (show(next), setRemoving(null)),
  })
  const addError = fieldErrorsOf(add.error).domain
  const taken = add.error instanceof ApiError && add.error.code === 'domain.taken'
  const primary = data.domains.find((d) => d.primary)?.domain ?? data.hostedAddress
  return (
    <Section id="settings-domains" title={t`Addresses of the shop`}>
      <p>
        <Trans>
          Links in e-mails and payment pages use: <strong className="break-all">{primary}</strong>
        </Trans>
      </p>
      <ul className="mt-3 space-y-2" data-testid="domains">
        <li className="rounded-md border border-gray-300 p-2">
          <span className="font-mono break-all">{data.hostedAddress}</span> <span className="text-sm">{t`(the shop's own address, always served)`}</span>
        </li>
        {data.domains.map((d) => (
          <li key={d.domain} className="flex flex-wrap items-center gap-2 rounded-md border border-gray-300 p-2">
            <span className="font-mono break-all">{d.domain}</span>
            {d.primary ? <span className="text-sm font-medium">{t`Primary: used in links`}</span> : null}
            <span className="ml-auto flex flex-wrap gap-2">
              <Button size="sm" variant="gray" disabled={change.isPending} onClick={() => change.mutate({ domain: d.domain, primary: !d.primary })}>
                {d.primary ? <Trans>Use the shop's own address in links</Trans> : <Trans>Use {d.domain} in links</Trans>}
              </Button>
              <Button size="sm" variant="gray" onClick={() => setRemoving(d.domain)}>
                <Trans>Remove {d.domain}</Trans>
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {change.isError && !removing ? <SubmitError error={change.error} /> : null}
      <form className="mt-4 flex flex-wrap items-end gap-2" noValidate onSubmit={(e) => (e.preventDefault(), add.mutate())}>
        <div className="min-w-64 flex-1">
          <FormField id="settings-new-domain" label={t`Domain of your own`} hint={t`For example www.example.ch. Point its DNS to this server first.`} value={domain} error={addError} onChange={(v) => (setDomain(v), add.reset())} />
        </div>
        <Button type="submit" variant="outline" disabled={add.isPending || !domain.trim()}>
          <Trans>Add domain</Trans>
        </Button>
      </form>
      {taken ? (
        <p role="alert" className="mt-2 font-medium text-error">
          <Trans>Another shop uses this domain.</Trans>
        </p>
      ) : add.isError && !addError ? (
        <SubmitError error={add.error} />
      ) : null}
      <Dialog open={removing !== null} title={t`Remove this domain?`} onClose={() => setRemoving(null)} testId="remove-domain-dialog">
        <p>
          <Trans>The shop no longer answers on {removing}. Links already sent with it stop working.</Trans>
        </p>
        {change.isError ? <SubmitError error={change.error} /> : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="gray" onClick={() => setRemoving(null)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" disabled={change.isPending} onClick={() => removing && change.mutate({ domain: removing, remove: true })}>
            <Trans>Remove the domain</Trans>
          </Button>
        </div>
      </Dialog>
    </Section>
  )
}
