import { Trans } from '@lingui/react/macro'

/** An honest placeholder for screens that later issues build. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center" data-testid="coming-soon">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-lg">
        <Trans>This part of the shop is being built and will be available soon.</Trans>
      </p>
    </section>
  )
}
