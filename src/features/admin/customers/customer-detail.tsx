import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { CUSTOMERS_KEY, eraseCustomer, saveCustomer, type Customer, type CustomerInput } from '~/api/admin-customers.queries'
import { ApiError } from '~/api/client'
import { Button, buttonClass } from '~/components/button'
import { TextField } from '~/components/checkout/text-field'
import { countryOptions } from '~/features/admin/country-names'
import { formatDate } from '~/lib/dates'
import type { Locale } from '~/lib/locale'
import { formatMoney } from '~/lib/money'
import { useConflictText } from '../conflict-text'
import { Dialog } from '../dialog'
import { ErrorSummary } from '../error-summary'
import { fieldErrorsOf, useAdminFieldErrorText, type FieldErrors } from '../field-errors'
import { FormField } from '../form-field'
import { SelectField } from '../settings/general/select-field'
import { CustomerName, dayText } from './customer-list'
import { useCustomerLabels } from './labels'

type Props = { customer: Customer; api: AdminApi; lang: Locale; timeZone: string }

/** The id of a form field by its API path (`address.city` → `customer-address-city`). */
const idOf = (path: string) => `customer-${path.replace(/\./g, '-')}`

type Draft = {
  type: 'PRIVATE' | 'COMPANY'
  company: string
  firstname: string
  surname: string
  email: string
  phone: string
  street: string
  streetNumber: string
  postalCode: string
  city: string
  country: string
  note: string
}

const draftOf = (c: Customer): Draft => ({
  type: c.type,
  company: c.company ?? '',
  firstname: c.person.firstname,
  surname: c.person.surname,
  email: c.email,
  phone: c.phone ?? '',
  street: c.address?.street ?? '',
  streetNumber: c.address?.streetNumber ?? '',
  postalCode: c.address?.postalCode ?? '',
  city: c.address?.city ?? '',
  country: c.address?.country ?? '',
  note: c.note ?? '',
})

/** The draft as the API takes it: an address only when any part of it is filled in (then it must be complete). */
function inputOf(d: Draft, version: number): CustomerInput {
  const address = [d.street, d.streetNumber, d.postalCode, d.city].some((v) => v.trim())
    ? { street: d.street, streetNumber: d.streetNumber, postalCode: d.postalCode, city: d.city, country: d.country }
    : null
  return {
    version,
    type: d.type,
    company: d.type === 'COMPANY' ? d.company : null,
    person: { firstname: d.firstname, surname: d.surname },
    email: d.email,
    phone: d.phone.trim() ? d.phone : null,
    address,
    note: d.note.trim() ? d.note : null,
  }
}

/** The contact details, read-only. */
function ContactCard(props: { customer: Customer; lang: Locale }) {
  const { t } = useLingui()
  const labels = useCustomerLabels()
  const c = props.customer
  const country = c.address ? (countryOptions(props.lang).find((o) => o.code === c.address!.country)?.name ?? c.address.country) : ''
  const rows: [string, string][] = [
    [t`Type`, labels.type[c.type]],
    ...(c.type === 'COMPANY' ? ([[t`Company`, c.company ?? '—']] as [string, string][]) : []),
    [t`Name`, `${c.person.firstname} ${c.person.surname}`.trim() || '—'],
    [t`E-mail`, c.email],
    [t`Phone`, c.phone ?? '—'],
    [t`Address`, c.address ? `${c.address.street} ${c.address.streetNumber}, ${c.address.postalCode} ${c.address.city}, ${country}` : '—'],
    [t`Note`, c.note ?? '—'],
  ]
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid="customer-contact">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="whitespace-pre-line break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The edit form of the contact details: each field labelled, its error beside it, a summary on top. */
function ContactForm(props: Props & { onDone: (saved: Customer | null) => void; onConflict: (message: string) => void }) {
  const { t } = useLingui()
  const labels = useCustomerLabels()
  const conflictText = useConflictText()
  const errorText = useAdminFieldErrorText()
  const [draft, setDraft] = useState(() => draftOf(props.customer))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string>()
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }))
  const save = useMutation({
    mutationFn: () => saveCustomer(props.api, props.customer.id, inputOf(draft, props.customer.version)),
    onSuccess: (saved) => props.onDone(saved),
    onError: (error) => {
      setErrors(fieldErrorsOf(error))
      const conflict = conflictText(error)
      if (error instanceof ApiError && error.status === 409) {
        if (error.code === 'customer.email_taken') {
          setErrors({ email: { code: 'customer.email_taken' } })
          return setProblem(undefined)
        }
        // Changed meanwhile: the form closes on the current details (never saved over them).
        else return props.onConflict(conflict ?? '')
      }
      setProblem(conflict ?? (error instanceof ApiError && error.status === 400 ? undefined : t`Not saved: the connection failed. Please try again.`))
    },
  })
  const text = (error: FieldErrors[string] | undefined) =>
    error?.code === 'customer.email_taken' ? t`Another customer has this e-mail address. Open that customer instead, or use another address.` : errorText(error)
  const countries = countryOptions(props.lang)
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault()
        setProblem(undefined)
        save.mutate()
      }}
      data-testid="customer-form"
    >
      <ErrorSummary errors={errors} idOf={idOf} text={text} />
      {problem ? (
        <p role="alert" className="rounded-md border-2 border-error p-3" data-testid="customer-problem">
          {problem}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={idOf('type')}
          label={t`Type`}
          value={draft.type}
          options={[
            { value: 'PRIVATE', label: labels.type.PRIVATE },
            { value: 'COMPANY', label: labels.type.COMPANY },
          ]}
          onChange={(v) => set('type')(v)}
          error={errors.type}
        />
        {draft.type === 'COMPANY' ? <FormField id={idOf('company')} label={t`Company`} value={draft.company} onChange={set('company')} error={errors.company} required autoComplete="off" /> : <div />}
        <FormField id={idOf('person.firstname')} label={t`First name`} value={draft.firstname} onChange={set('firstname')} error={errors['person.firstname']} required autoComplete="off" />
        <FormField id={idOf('person.surname')} label={t`Surname`} value={draft.surname} onChange={set('surname')} error={errors['person.surname']} required autoComplete="off" />
        <TextField id={idOf('email')} label={t`E-mail`} type="email" value={draft.email} onChange={set('email')} error={text(errors.email)} required autoComplete="off" />
        <FormField
          id={idOf('phone')}
          label={t`Phone`}
          type="tel"
          value={draft.phone}
          onChange={set('phone')}
          error={errors.phone}
          hint={t`With the country code, e.g. +41 79 123 45 67; Swiss numbers also without.`}
          autoComplete="off"
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t`Address (optional, complete when given)`}</legend>
        <FormField id={idOf('address.street')} label={t`Street`} value={draft.street} onChange={set('street')} error={errors['address.street']} autoComplete="off" />
        <FormField id={idOf('address.streetNumber')} label={t`Number`} value={draft.streetNumber} onChange={set('streetNumber')} error={errors['address.streetNumber']} autoComplete="off" />
        <FormField id={idOf('address.postalCode')} label={t`Postal code`} value={draft.postalCode} onChange={set('postalCode')} error={errors['address.postalCode']} autoComplete="off" />
        <FormField id={idOf('address.city')} label={t`City`} value={draft.city} onChange={set('city')} error={errors['address.city']} autoComplete="off" />
        <SelectField
          id={idOf('address.country')}
          label={t`Country`}
          value={draft.country}
          options={[{ value: '', label: t`Choose a country` }, ...countries.map((c) => ({ value: c.code, label: c.name }))]}
          onChange={set('country')}
          error={errors['address.country']}
        />
      </fieldset>
      <div>
        <label htmlFor={idOf('note')} className="block font-medium">
          <Trans>Note (for the staff only)</Trans>
        </label>
        <textarea
          id={idOf('note')}
          value={draft.note}
          maxLength={4000}
          rows={3}
          onChange={(e) => set('note')(e.target.value)}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${idOf('note')}-error` : undefined}
          className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
        />
        {errors.note ? (
          <p id={`${idOf('note')}-error`} className="mt-1 text-error">
            {text(errors.note)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} data-testid="customer-save">
          {save.isPending ? t`Saving…` : t`Save`}
        </Button>
        <Button variant="gray" onClick={() => props.onDone(null)}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  )
}

/** "Erase personal data": what goes and what stays, and a confirm button enabled once the e-mail is typed again. */
function EraseDialog(props: Props & { open: boolean; onClose: () => void; onErased: (erased: Customer) => void }) {
  const { t } = useLingui()
  const conflictText = useConflictText()
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string>()
  const email = props.customer.email
  const matches = typed.trim().toLowerCase() === email.toLowerCase()
  const erase = useMutation({
    mutationFn: () => eraseCustomer(props.api, props.customer.id, typed),
    onSuccess: (erased) => {
      setTyped('')
      props.onErased(erased)
    },
    onError: (error) => {
      const upcoming = error instanceof ApiError ? (error.body.data as { bookings?: unknown } | null | undefined)?.bookings : undefined
      const codes = Array.isArray(upcoming) ? upcoming.join(', ') : ''
      const base = conflictText(error) ?? (error instanceof ApiError && error.status === 400 ? t`The e-mail address does not match.` : t`Not erased: the connection failed. Please try again.`)
      setProblem(codes ? `${base} (${codes})` : base)
    },
  })
  return (
    <Dialog open={props.open} title={t`Erase personal data`} onClose={props.onClose} testId="erase-dialog">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (!matches) return
          setProblem(undefined)
          erase.mutate()
        }}
      >
        <div className="space-y-2">
          <p>
            <Trans>This cannot be undone. Removed from the customer, their bookings, their e-mails and the history:</Trans>
          </p>
          <ul className="list-disc pl-5">
            <li>{t`names, e-mail address, phone, company and address (the country stays)`}</li>
            <li>{t`the participants’ names and the visitor’s messages`}</li>
            <li>{t`the staff’s note`}</li>
          </ul>
          <p>
            <Trans>Kept, so that finance and reporting stay right: booking codes, dates, states, amounts, payments and refunds.</Trans>
          </p>
        </div>
        <div>
          <label htmlFor="erase-confirm" className="block font-medium">
            <Trans>Type the customer’s e-mail address to confirm: {email}</Trans>
          </label>
          <input
            id="erase-confirm"
            type="email"
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
            className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900"
          />
        </div>
        {problem ? (
          <p role="alert" className="rounded-md border-2 border-error p-3" data-testid="erase-problem">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" disabled={!matches || erase.isPending} data-testid="erase-confirm-button">
            {erase.isPending ? t`Erasing…` : t`Erase personal data`}
          </Button>
          <Button variant="gray" onClick={props.onClose}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** The customer's history: what was done (by whom, when) and the fields it changed. */
function CustomerHistory(props: { customer: Customer; lang: Locale; timeZone: string }) {
  const { t } = useLingui()
  const labels = useCustomerLabels()
  const records = props.customer.history
  if (!records.length) return <p>{t`No changes recorded yet.`}</p>
  const value = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v))
  return (
    <ol className="space-y-3" data-testid="customer-history">
      {records.map((r) => (
        <li key={r.id} className="rounded-md border border-gray-300 p-3">
          <p className="font-medium">
            {labels.action(r.action)} · {formatDate(r.at, props.lang, props.timeZone, 'LLL')} · {r.actor?.name ?? t`the system`}
          </p>
          {r.changes.length ? (
            <ul className="mt-1 list-disc pl-5 text-sm">
              {r.changes.slice(0, 12).map((c) => (
                <li key={c.field}>
                  <span className="font-mono">{c.field}</span>
                  {'before' in c || 'after' in c ? `: ${'before' in c ? `${value(c.before)} → ` : ''}${value(c.after)}` : null}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/**
 * One customer: totals, the contact card (edited in place), their bookings, the history, the
 * export of their data (a JSON file) and the erasure of their personal data.
 */
export function CustomerDetail(props: Props) {
  const { t } = useLingui()
  const labels = useCustomerLabels()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [erasing, setErasing] = useState(false)
  const [notice, setNotice] = useState('')
  const { customer: c, lang, timeZone } = props
  const erased = c.erasedAt !== null
  const erasedOn = c.erasedAt ? formatDate(c.erasedAt, lang, timeZone, 'LL') : ''
  const key = [...CUSTOMERS_KEY, 'one', c.id]
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, 'list'] })])
  const totals: [string, string][] = [
    [t`Bookings`, String(c.totals.bookings)],
    [t`Booked`, formatMoney(c.totals.booked, lang)],
    [t`Paid`, formatMoney(c.totals.paid, lang)],
    [t`Open`, formatMoney(c.totals.open, lang)],
    [t`Last booking`, c.lastBookingAt ? dayText(c.lastBookingAt, lang, timeZone) : '—'],
  ]
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <p>
          <Link to="/$lang/admin/crm/customers" params={{ lang }} className="underline">
            {t`All customers`}
          </Link>
        </p>
        <h1 className="text-3xl font-semibold" data-testid="customer-name">
          <CustomerName customer={c} erased={erased} />
        </h1>
        <p>{erasedOn ? t`Personal data erased on ${erasedOn}.` : labels.type[c.type]}</p>
        <p role="status" aria-live="polite" className="font-medium" data-testid="customer-notice">
          {notice}
        </p>
      </div>

      <section aria-labelledby="customer-totals" className="space-y-2">
        <h2 id="customer-totals" className="text-xl font-semibold">{t`Totals`}</h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="customer-totals-list">
          {totals.map(([term, value]) => (
            <div key={term} className="rounded-md border border-gray-300 p-3">
              <dt className="text-sm">{term}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm">{t`Booked: bookings that stand (confirmed, accepted or paid). Paid: payments received less refunds. Open: still to pay.`}</p>
      </section>

      <section aria-labelledby="customer-contact-title" className="space-y-3">
        <h2 id="customer-contact-title" className="text-xl font-semibold">{t`Contact`}</h2>
        {editing && !erased ? (
          <ContactForm
            {...props}
            onConflict={(message) => {
              setEditing(false)
              setNotice(message)
              void refresh()
            }}
            onDone={(saved) => {
              setEditing(false)
              if (saved) {
                queryClient.setQueryData(key, saved)
                void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, 'list'] })
                setNotice(t`Saved.`)
              }
            }}
          />
        ) : (
          <>
            <ContactCard customer={c} lang={lang} />
            {erased ? null : (
              <Button
                variant="outline"
                onClick={() => {
                  setNotice('')
                  setEditing(true)
                }}
                data-testid="customer-edit"
              >
                {t`Edit contact details`}
              </Button>
            )}
          </>
        )}
        <p className="text-sm">{t`Each booking keeps the details typed when booking. A new booking with this e-mail address updates name, phone and address here.`}</p>
      </section>

      <section aria-labelledby="customer-bookings" className="space-y-3">
        <h2 id="customer-bookings" className="text-xl font-semibold">{t`Bookings`}</h2>
        {c.bookings.length ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than a phone scrolls: the keyboard must reach it (axe scrollable-region-focusable)
          <div className="overflow-x-auto" role="region" aria-label={t`Bookings`} tabIndex={0}>
            <table className="w-full min-w-[36rem] border-collapse text-left" data-testid="customer-bookings-table">
              <thead>
                <tr className="border-b-2 border-gray-400">
                  <th scope="col" className="p-2">{t`Code`}</th>
                  <th scope="col" className="p-2">{t`State`}</th>
                  <th scope="col" className="p-2">{t`First date`}</th>
                  <th scope="col" className="p-2 text-right">{t`Total`}</th>
                  <th scope="col" className="p-2 text-right">{t`Open`}</th>
                </tr>
              </thead>
              <tbody>
                {c.bookings.map((b) => (
                  <tr key={b.code} className="border-b border-gray-300">
                    <th scope="row" className="p-2 font-mono font-semibold">
                      {b.mode === 'request' ? (
                        <Link to="/$lang/admin/sales/requests/$code" params={{ lang, code: b.code }} className="underline">
                          {b.code}
                        </Link>
                      ) : (
                        <a href={`/${lang}/admin/sales/bookings/${encodeURIComponent(b.code)}`} className="underline">
                          {b.code}
                        </a>
                      )}
                    </th>
                    <td className="p-2">{labels.status[b.status]}</td>
                    <td className="p-2">{b.firstStart ? formatDate(b.firstStart, lang, timeZone, 'LLL') : '—'}</td>
                    <td className="p-2 text-right tabular-nums">{formatMoney(b.total, lang)}</td>
                    <td className="p-2 text-right tabular-nums">{formatMoney(b.open, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t`No bookings.`}</p>
        )}
      </section>

      <section aria-labelledby="customer-data" className="space-y-3">
        <h2 id="customer-data" className="text-xl font-semibold">{t`Data protection`}</h2>
        <p>{t`A customer may ask which data the shop keeps about them, or that they be erased.`}</p>
        <div className="flex flex-wrap gap-2">
          <a href={`/api/admin/v1/customers/${encodeURIComponent(c.id)}/export`} download={`customer-${c.id}.json`} className={buttonClass('outline')} data-testid="customer-export">
            {t`Export data (JSON)`}
          </a>
          {erased ? null : (
            <Button variant="danger" onClick={() => setErasing(true)} data-testid="customer-erase">
              {t`Erase personal data`}
            </Button>
          )}
        </div>
      </section>

      <section aria-labelledby="customer-history-title" className="space-y-3">
        <h2 id="customer-history-title" className="text-xl font-semibold">{t`History`}</h2>
        <CustomerHistory customer={c} lang={lang} timeZone={timeZone} />
      </section>

      {erased ? null : (
        <EraseDialog
          {...props}
          open={erasing}
          onClose={() => setErasing(false)}
          onErased={(done) => {
            setErasing(false)
            queryClient.setQueryData(key, done)
            void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, 'list'] })
            setNotice(t`The customer’s personal data were erased.`)
          }}
        />
      )}
    </div>
  )
}
