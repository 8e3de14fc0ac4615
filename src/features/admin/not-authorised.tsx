import { Link, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { buttonClass } from '~/components/button'
import { ErrorScreen, useErrorTexts } from '~/components/error-screen'
import { setSsrStatus } from '~/functions/request-context'
import { localeFromPath } from '~/lib/locale'
import { isNotAuthorised } from './access'

/** The 401 page of the staff app: a signed-in member whose role does not reach this page. */
export function NotAuthorised() {
  setSsrStatus(401)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const { t } = useLingui()
  const texts = useErrorTexts()
  const lang = localeFromPath(pathname) ?? 'de'
  return (
    <div className="mx-auto grid min-h-[50vh] max-w-2xl place-items-center p-8 text-center" data-testid="not-authorised">
      <div>
        <p className="text-7xl font-bold tracking-tight text-primary" aria-hidden="true">
          401
        </p>
        <h1 className="mt-4 text-2xl font-semibold">
          <span className="sr-only">401 </span>
          {texts.description(401)}
        </h1>
        <Link to="/$lang/admin" params={{ lang }} className={buttonClass('primary', 'md', 'mt-8')}>
          {t`Go to the start page`}
        </Link>
      </div>
    </div>
  )
}

/** Error component of the staff pages: the 401 page for a role too small (or a 403 from the API), else the usual error screen. */
export function AdminErrorScreen(props: ErrorComponentProps) {
  const { error } = props
  if (isNotAuthorised(error) || (error instanceof ApiError && (error.status === 403 || error.code === 'auth.forbidden'))) {
    return <NotAuthorised />
  }
  return <ErrorScreen {...props} />
}
