import { Trans } from '@lingui/react/macro'

export function NotFound() {
  return (
    <main className="mx-auto grid min-h-[60vh] max-w-xl place-items-center p-8 text-center">
      <div>
        <p className="text-7xl font-bold">404</p>
        <h1 className="mt-4 text-2xl">
          <Trans>Page not found</Trans>
        </h1>
        <a className="mt-6 inline-block rounded bg-primary px-4 py-2 text-on-primary" href="/">
          <Trans>Go to the home page</Trans>
        </a>
      </div>
    </main>
  )
}
