import { useEffect } from 'react'
import { Link, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { localeFromPath } from '~/lib/locale'
import { getPageRequestId, setSsrStatus } from '~/functions/request-context'
import { reportError } from '~/lib/report-error'
import { reloadOnceAfterChunkError, isChunkLoadError } from '~/browser/deployment'
import { buttonClass } from './button'

const KNOWN = [400, 401, 404, 500] as const

/** The HTTP status an error stands for, if it stands for one. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status
  const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined
}

export function statusOf(error: unknown): number {
  return httpStatusOf(error) ?? 500
}

/** Texts of the error screen, in the visitor's language. */
export function useErrorTexts() {
  const { t } = useLingui()
  const statusMessage = (code: number) => {
    switch (code) {
      case 400:
        return t({ id: 'webshop.error.400.statusMessage', message: 'Invalid enquiry' })
      case 401:
        return t({ id: 'webshop.error.401.statusMessage', message: 'Not authorised' })
      case 404:
        return t({ id: 'webshop.error.404.statusMessage', message: 'Page not found' })
      case 500:
        return t({ id: 'webshop.error.500.statusMessage', message: 'Internal server error' })
      default:
        return t({ id: 'webshop.error.default.statusMessage', message: 'Unknown error' })
    }
  }
  const description = (code: number) => {
    switch ((KNOWN as readonly number[]).includes(code) ? code : 500) {
      case 400:
        return t({ id: 'webshop.error.400.description', message: 'Please check your entries and try again.' })
      case 401:
        return t({ id: 'webshop.error.401.description', message: 'You are not authorised to view this page' })
      case 404:
        return t({
          id: 'webshop.error.404.description',
          message: 'The page you are looking for does not exist or is no longer available.',
        })
      default:
        return t({
          id: 'webshop.error.500.description',
          message: 'Something went wrong on our side. Please try again in a moment.',
        })
    }
  }
  return {
    statusMessage,
    description,
    defaultDescription: t({ id: 'webshop.error.default.description', message: 'An unexpected error has occurred.' }),
    goHome: t({ id: 'webshop.common.actions.goHome.label', message: 'Go to the home page' }),
  }
}

type ScreenProps = {
  statusCode: number
  /** Overrides the status message, e.g. 'Page not found: /de/x'. */
  statusMessage?: string
  error?: unknown
  /** Whether the shop's theme (config) is loaded: then the go-home action is offered. */
  themeLoaded: boolean
}

/** The generic error screen: code large, status message, code-specific description, go home. */
export function ErrorView({ statusCode, statusMessage, error, themeLoaded }: ScreenProps) {
  const texts = useErrorTexts()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const lang = localeFromPath(pathname)
  // the catalogue's status message ('Unknown error' for codes it does not name), or the default
  // description for errors that are no HTTP answer at all (e.g. a script error)
  const message = statusMessage ?? texts.statusMessage(statusCode)
  return (
    <main className="mx-auto grid min-h-[60vh] max-w-2xl place-items-center p-8 text-center" data-testid="error-screen">
      <div>
        <p className="text-8xl font-bold tracking-tight text-primary" aria-hidden="true">
          {statusCode}
        </p>
        <h1 className="mt-4 text-2xl font-semibold">
          <span className="sr-only">{statusCode} </span>
          {message}
        </h1>
        <p className="mt-3 text-lg">{texts.description(statusCode)}</p>
        {themeLoaded ? (
          lang ? (
            <Link to="/$lang" params={{ lang }} className={buttonClass('primary', 'md', 'mt-8')}>
              {texts.goHome}
            </Link>
          ) : (
            <a href="/" className={buttonClass('primary', 'md', 'mt-8')}>
              {texts.goHome}
            </a>
          )
        ) : null}
        {import.meta.env.DEV && error ? <DevDetails error={error} url={pathname} /> : null}
      </div>
    </main>
  )
}

function pageRequestId() {
  try {
    return getPageRequestId()
  } catch {
    return undefined // outside a server request (tests, tools)
  }
}

function DevDetails({ error, url }: { error: unknown; url: string }) {
  const e = error as { message?: string; stack?: string }
  const data = error instanceof ApiError ? error.body.data : (error as { data?: unknown })?.data
  const requestId = pageRequestId() ?? (error instanceof ApiError ? error.flowinRequestId : undefined)
  return (
    <dl className="mt-8 overflow-auto rounded border border-gray-300 bg-gray-50 p-4 text-left text-sm text-gray-900" data-testid="error-details">
      <dt className="font-semibold">request id</dt>
      <dd>{requestId ?? '–'}</dd>
      <dt className="mt-2 font-semibold">url</dt>
      <dd>{url}</dd>
      <dt className="mt-2 font-semibold">message</dt>
      <dd>{e?.message ?? String(error)}</dd>
      <dt className="mt-2 font-semibold">stack</dt>
      <dd>
        <pre className="whitespace-pre-wrap">{e?.stack}</pre>
      </dd>
      <dt className="mt-2 font-semibold">data</dt>
      <dd>
        <pre className="whitespace-pre-wrap">{JSON.stringify(data ?? null, null, 2)}</pre>
      </dd>
    </dl>
  )
}

/** Route error component: fatal or unhandled errors lead here. */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const statusCode = statusOf(error)
  setSsrStatus(statusCode)
  const themeLoaded = useRouterState({ select: (s) => !!(s.matches[0]?.context as { config?: unknown } | undefined)?.config })
  useEffect(() => {
    if (isChunkLoadError(error)) {
      reloadOnceAfterChunkError()
      return
    }
    if (statusCode >= 500 && !(error instanceof ApiError)) reportError(error, { screen: 'error' })
  }, [error, statusCode])
  const texts = useErrorTexts()
  const message = httpStatusOf(error) === undefined ? texts.defaultDescription : undefined
  return <ErrorView statusCode={statusCode} statusMessage={message} error={error} themeLoaded={themeLoaded} />
}

/** The error screen of an error nothing caught outside the router (`browser/unhandled-errors.ts`). */
export function UnhandledErrorScreen({ themeLoaded }: { themeLoaded: boolean }) {
  const texts = useErrorTexts()
  return <ErrorView statusCode={500} statusMessage={texts.defaultDescription} themeLoaded={themeLoaded} />
}
