import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { MEDIA_SIZES, mediaSrcSet, mediaUrl } from '~/lib/media'

/** Cover images: the first eager and prioritised, thumbnails switch the main image. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useLingui()
  const [current, setCurrent] = useState(0)
  const list = images.length ? images : ['default']
  const main = list[Math.min(current, list.length - 1)]!
  return (
    <div className="mt-6" data-testid="gallery">
      <img
        src={mediaUrl(main, 1024)}
        srcSet={mediaSrcSet(main, MEDIA_SIZES.gallery)}
        sizes="(min-width: 1024px) 700px, 100vw"
        alt={list.length > 1 ? t`${title}, picture ${current + 1} of ${list.length}` : title}
        width={1024}
        height={683}
        fetchPriority={current === 0 ? 'high' : undefined}
        className="aspect-[3/2] w-full rounded-lg object-cover"
      />
      {list.length > 1 ? (
        <ul className="mt-3 flex gap-2" aria-label={t`Pictures`}>
          {list.map((id, index) => (
            <li key={id}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={t`Show picture ${index + 1}`}
                className={`overflow-hidden rounded-md ring-2 ${index === current ? 'ring-primary' : 'ring-transparent'}`}
              >
                <img src={mediaUrl(id, MEDIA_SIZES.thumbnail)} alt="" width={96} height={64} loading="lazy" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
