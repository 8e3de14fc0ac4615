import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { pickLabel } from '../../lib/locale'
import { mediaUrl } from '../../lib/media'

export const Route = createFileRoute('/$lang/')({
  component: HomePage,
})

function HomePage() {
  const { config, lang } = Route.useRouteContext()
  const title = pickLabel(config.labels.title, lang)
  const slogan = pickLabel(config.labels.slogan, lang)
  return (
    <>
      <header className="bg-primary text-on-primary">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <img src={mediaUrl(config.media.logo, 64)} alt="" width={40} height={40} className="rounded-full" />
          <span className="text-lg font-semibold" data-testid="shop-title">{title}</span>
        </div>
      </header>
      <main>
        <section className="relative isolate overflow-hidden">
          <img
            src={mediaUrl(config.media.hero, 1024)}
            alt=""
            width={1024}
            height={576}
            fetchPriority="high"
            className="absolute inset-0 -z-10 h-full w-full object-cover"
          />
          <div className="mx-auto max-w-5xl px-4 py-24">
            <h1 className="max-w-2xl rounded bg-surface/90 p-4 text-4xl font-bold text-on-surface">{title}</h1>
            {slogan ? <p className="mt-4 max-w-2xl rounded bg-surface/90 p-4 text-xl text-on-surface">{slogan}</p> : null}
          </div>
        </section>
        <section className="mx-auto max-w-5xl px-4 py-12">
          <h2 className="text-2xl font-semibold">
            <Trans>Find an appointment</Trans>
          </h2>
          <p className="mt-2">
            <Trans>Our offers will be bookable here very soon.</Trans>
          </p>
        </section>
      </main>
    </>
  )
}
