import type { ReactNode } from 'react'
import type { components } from '~/api/schema.gen'
import { LanguageSwitch } from '~/components/layout/language-switch'
import { pickLabel, type Locale } from '~/lib/locale'
import { MEDIA_SIZES, mediaUrl } from '~/lib/media'

type ShopConfig = Pick<components['schemas']['ShopConfig'], 'labels' | 'media' | 'languages'>

/** The signed-out pages of the staff app (sign-in, password links): the shop's mark and one card. */
export function AuthLayout(props: { config: ShopConfig; lang: Locale; title: string; children: ReactNode }) {
  const { config, lang } = props
  const shop = pickLabel(config.labels.title, lang)
  return (
    <div className="min-h-screen bg-surface text-on-surface" data-layout="admin">
      <header className="bg-primary text-on-primary">
        <div className="mx-auto flex max-w-md items-center justify-between gap-3 px-4 py-3">
          <span className="flex items-center gap-3">
            <img src={mediaUrl(config.media.logo, MEDIA_SIZES.logo)} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
            <span className="font-semibold">{shop}</span>
          </span>
          <LanguageSwitch languages={config.languages} current={lang} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-md px-4 py-10">
        <div className="rounded-lg bg-white p-6 text-gray-900 shadow">
          <h1 className="text-2xl font-semibold">{props.title}</h1>
          <div className="mt-6">{props.children}</div>
        </div>
      </main>
    </div>
  )
}
