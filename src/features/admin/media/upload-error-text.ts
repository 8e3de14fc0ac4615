import { useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import { useSubmitErrorText } from '~/components/submit-error'
import { fieldErrorsOf, useAdminFieldErrorText } from '../field-errors'
import { MAX_UPLOAD_BYTES } from './upload'

/** A 413's bound (`data.limit`, bytes) in whole MB. */
const megabytes = (bytes: unknown) => String(Math.floor((Number(bytes) || MAX_UPLOAD_BYTES) / (1024 * 1024)))

/** What an image field shows when an upload failed, in the member's language, from the API's codes. */
export function useUploadErrorText() {
  const { t, i18n } = useLingui()
  const fieldText = useAdminFieldErrorText()
  const submitText = useSubmitErrorText()
  return (error: unknown): string | undefined => {
    if (!error) return undefined
    const field = fieldErrorsOf(error).file
    if (field) {
      const params = field.params ?? {}
      switch (field.code) {
        case 'media.unsupported_type':
          return t`Please choose a JPEG, PNG or WebP image.`
        case 'media.type_mismatch':
          return t`This file is not the kind of image its name says. Save it again as JPEG, PNG or WebP.`
        case 'media.unreadable':
          return t`This image cannot be read; the file may be damaged.`
        case 'media.too_large_dimensions': {
          const maxSide = i18n.number(Number(params.maxSide) || 12_000)
          const megapixels = i18n.number(Math.floor((Number(params.maxPixels) || 40_000_000) / 1_000_000))
          return t`This image has too many pixels: at most ${maxSide} pixels on a side and ${megapixels} megapixels.`
        }
        default:
          return fieldText(field)
      }
    }
    if (error instanceof ApiError && error.code === 'body.too_large') {
      const size = megabytes((error.body.data as Record<string, unknown> | null)?.limit)
      return t`The file is too large: at most ${size} MB.`
    }
    if (error instanceof ApiError && error.code === 'media.busy') return t`Too many images are being prepared right now. Please try again in a moment.`
    return submitText(error).message
  }
}
