import { useId } from 'react'
import { useMutation } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { mediaUrl } from '~/lib/media'
import type { Locale } from '~/lib/locale'
import { useAdminApi } from '../api'
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, uploadImage } from './upload'
import { useUploadErrorText } from './upload-error-text'

/** Width of the preview asked from the media endpoint (one of the widths it renders). */
const PREVIEW_WIDTH = 400

/**
 * An image of the shop (hero, logo, an offer's picture): the current one, and a file input that
 * uploads the chosen file at once (`uploadMedia`) and hands the new media id to `onChange`. While
 * it uploads the field says so; a refused file shows the server's reason and keeps the previous
 * image. The file input is the browser's own: keyboard operable and labelled by `label`.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  description,
}: {
  label: string
  /** The media id of the current image, or null for none. */
  value: string | null
  onChange: (id: string) => void
  description?: string
}) {
  const { t, i18n } = useLingui()
  const api = useAdminApi(i18n.locale as Locale)
  const errorText = useUploadErrorText()
  const id = useId()
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(api, file),
    onSuccess: (stored) => onChange(stored.id),
  })
  const error = upload.isError ? errorText(upload.error) : undefined
  const size = String(MAX_UPLOAD_BYTES / (1024 * 1024))
  const describedBy = [description ? `${id}-description` : '', `${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-busy={upload.isPending || undefined}>
      <p id={`${id}-label`} className="font-medium">
        {label}
      </p>
      {description ? (
        <p id={`${id}-description`} className="mt-1 text-sm">
          {description}
        </p>
      ) : null}
      <div className="mt-2 flex h-36 items-center justify-center overflow-hidden rounded-md border border-gray-400 bg-gray-50 p-2">
        {value ? (
          // the field's label says what the picture is: no alt text of its own
          <img src={mediaUrl(value, PREVIEW_WIDTH)} alt="" className="max-h-full max-w-full object-contain" />
        ) : (
          <p className="text-sm text-gray-700">{t`No image yet.`}</p>
        )}
      </div>
      <label id={`${id}-action`} htmlFor={`${id}-input`} className="mt-3 block text-sm font-medium">
        {value ? t`Replace the image` : t`Choose an image`}
      </label>
      <input
        id={`${id}-input`}
        type="file"
        accept={UPLOAD_ACCEPT}
        aria-labelledby={`${id}-label ${id}-action`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0]
          // emptied at once, so the same file can be chosen again after a refusal
          e.target.value = ''
          if (file && !upload.isPending) upload.mutate(file)
        }}
        className="mt-1 block w-full rounded-md text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent file:mr-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border-2 file:border-primary file:bg-white file:px-3 file:font-medium file:text-gray-900"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm">
        {t`JPEG, PNG or WebP, at most ${size} MB.`}
      </p>
      <p role="status" className="mt-1 text-sm">
        {upload.isPending ? t`Uploading…` : upload.isSuccess ? t`Image uploaded.` : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
