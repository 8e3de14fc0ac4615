import type { ReactNode } from 'react'
import type { components } from '~/api/schema.gen'
import { pickLabel, type Locale } from '~/lib/locale'
import { MEDIA_SIZES, mediaUrl } from '~/lib/media'

type ShopConfig = Omit<components['schemas']['ShopConfig'], 'legal'>

/** Minimal layout (payment page): the logo only. */
export function MinimalLayout({ config, lang, children }: { config: ShopConfig; lang: Locale; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-3xl justify-center px-4 py-6">
        <img
          src={mediaUrl(config.media.logo, MEDIA_SIZES.logo)}
          alt={pickLabel(config.labels.title, lang)}
          width={64}
          height={64}
          className="h-16 w-16 rounded-full object-cover"
        />
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 pb-16">
        {children}
      </main>
    </div>
  )
}
