import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'

/** What a form shows when sending failed; the form keeps its values. */
export function useSubmitErrorText() {
  const { t } = useLingui()
  return (error: unknown): { title: string; message: string } => {
    const title = t({ id: 'webshop.submitError.title', message: 'Error' })
    const status = error instanceof ApiError ? error.status : undefined
    const code = error instanceof ApiError ? error.code : undefined
    if (code === 'link.invalid') {
      return { title, message: t({ id: 'webshop.formError.link', message: 'The link has expired or is invalid. Request a new link.' }) }
    }
    if (code === 'code.invalid') {
      return { title, message: t({ id: 'webshop.formError.code', message: 'The code is invalid or has expired. Request a new code.' }) }
    }
    if (status === 400 || status === 422) {
      return {
        title: t({ id: 'webshop.error.400.statusMessage', message: 'Invalid enquiry' }),
        message: t({ id: 'webshop.error.400.description', message: 'Please check your entries and try again.' }),
      }
    }
    if (status === 429) {
      return { title, message: t({ id: 'webshop.submitError.429', message: 'Too many attempts in a short time. Please wait a moment and try again.' }) }
    }
    if (status === 500) {
      return { title, message: t({ id: 'webshop.submitError.500', message: 'The server is not available. Please try again later.' }) }
    }
    if (status === undefined && !(error instanceof TypeError)) {
      return { title, message: t({ id: 'webshop.formError.unknown', message: 'An unknown error has occurred. Please try again.' }) }
    }
    return {
      title,
      message: t({ id: 'webshop.submitError.default', message: 'Unfortunately, a server error has occurred. Please try again later.' }),
    }
  }
}

/** An alert above a form's submit button; announced to screen readers when it appears. */
export function SubmitError({ error }: { error: unknown }) {
  const text = useSubmitErrorText()
  if (!error) return null
  const { title, message } = text(error)
  return (
    <div role="alert" className="rounded-md border border-error bg-error/10 p-4" data-testid="submit-error">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
    </div>
  )
}
