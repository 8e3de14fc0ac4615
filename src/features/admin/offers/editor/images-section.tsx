import { useLingui } from '@lingui/react/macro'
import { Button } from '~/components/button'
import { mediaUrl } from '~/lib/media'
import { useAdminFieldErrorText } from '../../field-errors'
import { FormField } from '../../form-field'
import { LANGUAGE_NAMES } from '../../labels'
import { ImageUploadField } from '../../media/image-upload-field'
import { Section } from '../../profile/section'
import { fieldId, move, type SectionProps } from './form-state'

export const MAX_IMAGES = 12

/** The offer's pictures in order (the first is the cover): add by upload, move up or down, remove, describe per language. */
export function ImagesSection({ form, change, error, languages }: SectionProps) {
  const { t } = useLingui()
  const errorText = useAdminFieldErrorText()
  const count = form.images.length
  return (
    <Section id="offer-images" title={t`Images`}>
      <p className="text-sm">{t`The first image is the cover. Describe each image for visitors who cannot see it.`}</p>
      <ol className="mt-4 space-y-4" aria-label={t`Images in order`}>
        {form.images.map((image, i) => {
          const position = i + 1
          const problem = errorText(error(`content.images.${i}.id`))
          return (
            <li key={image.id} className="rounded-md border border-gray-300 p-3" data-testid="offer-image">
              <div className="flex flex-wrap items-start gap-4">
                <img src={mediaUrl(image.id, 400)} alt="" className="h-24 w-32 rounded object-cover" />
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" disabled={i === 0} onClick={() => change((d) => move(d.images, i, -1))}>
                    {t`Move image ${position} up`}
                  </Button>
                  <Button size="sm" variant="outline" disabled={i === count - 1} onClick={() => change((d) => move(d.images, i, 1))}>
                    {t`Move image ${position} down`}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => change((d) => void d.images.splice(i, 1))}>
                    {t`Remove image ${position}`}
                  </Button>
                </div>
              </div>
              {problem ? (
                <p id={fieldId(`content.images.${i}.id`)} tabIndex={-1} className="mt-2 text-sm font-medium text-error">
                  {problem}
                </p>
              ) : null}
              <div className="mt-3 grid gap-3 md:grid-cols-3">
                {languages.map((lang) => (
                  <FormField
                    key={lang}
                    id={fieldId(`content.images.${i}.alt.${lang}`)}
                    label={t`Description of image ${position} (${LANGUAGE_NAMES[lang]})`}
                    value={image.alt[lang] ?? ''}
                    error={error(`content.images.${i}.alt.${lang}`)}
                    onChange={(v) => change((d) => void (d.images[i]!.alt[lang] = v))}
                  />
                ))}
              </div>
            </li>
          )
        })}
      </ol>
      {count < MAX_IMAGES ? (
        <div className="mt-4 max-w-sm">
          <ImageUploadField key={count} label={t`Add an image`} value={null} onChange={(id) => change((d) => void (d.images.some((x) => x.id === id) || d.images.push({ id, alt: {} })))} />
        </div>
      ) : (
        <p className="mt-4">{t`An offer has at most ${MAX_IMAGES} images.`}</p>
      )}
    </Section>
  )
}
