import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { pickLabel } from '../../../lib/locale'
import { mediaUrl } from '../../../lib/media'
import { Icon } from '../../../components/icon'

export const Route = createFileRoute('/$lang/_default/')({
  component: HomePage,
})

function HomePage() {
  const { t } = useLingui()
  const { config, lang } = Route.useRouteContext()
  const title = pickLabel(config.labels.title, lang)
  const slogan = pickLabel(config.labels.slogan, lang)
  return (
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
        <div className="mx-auto max-w-6xl px-4 py-24">
          <h1 className="max-w-2xl rounded bg-surface/90 p-4 text-4xl font-bold text-on-surface">{title}</h1>
          {slogan ? <p className="mt-4 max-w-2xl rounded bg-surface/90 p-4 text-xl text-on-surface">{slogan}</p> : null}
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="find-appointment">
        <h2 id="find-appointment" className="text-2xl font-semibold">
          <Trans>Find an appointment</Trans>
        </h2>
        <p className="mt-2">
          <Trans>Our offers will be bookable here very soon.</Trans>
        </p>
        {config.tags.length ? (
          <ul className="mt-6 flex flex-wrap gap-2" aria-label={t`Tags`}>
            {config.tags.map((tag) => (
              <li key={tag.slug} className="inline-flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm text-on-surface ring-1 ring-black/10">
                <Icon name={tag.icon} className="h-4 w-4" />
                {pickLabel(tag.label, lang)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </main>
  )
}
