import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AdminApi } from '~/api/admin-client'
import { offerSettingsQuery, saveOfferSettings, settingsHistoryQuery, type OfferSettings, type OfferSettingsView } from '~/api/admin-settings.queries'
import { Button } from '~/components/button'
import type { Locale } from '~/lib/locale'
import { Dialog } from '../../dialog'
import { fieldErrorsOf } from '../../field-errors'
import { Section } from '../../profile/section'
import { SaveBar } from '../save-bar'
import { ErrorSummary } from '../../error-summary'
import { pathOfError } from '../general/form-state'
import { slugify, uniqueSlug } from './slug'
import { TagEditor, type TagDraft } from './tag-editor'

type Filters = OfferSettings['filterConfig']
const FILTERS: { key: keyof Filters; label: MessageDescriptor }[] = [
  { key: 'text', label: msg`Search by words` },
  { key: 'tags', label: msg`Tags` },
  { key: 'dateRange', label: msg`Dates (from – to)` },
  { key: 'type', label: msg`Kind (group activity or private service)` },
]

let counter = 0
const draftsOf = (settings: OfferSettings): TagDraft[] => settings.tags.map((t) => ({ ...t, key: t.slug, isNew: false }))

/** The settings as saved: new tags get their slug from their first name. */
function toSettings(tags: TagDraft[], filterConfig: Filters): OfferSettings {
  const taken = tags.filter((t) => !t.isNew).map((t) => t.slug)
  return {
    filterConfig,
    tags: tags.map(({ key: _key, isNew, ...tag }) => {
      if (!isNew) return tag
      const slug = uniqueSlug(slugify(Object.values(tag.label).find((l) => l?.trim()) ?? ''), taken)
      taken.push(slug)
      return { ...tag, slug }
    }),
  }
}

/** Settings → Offers/Activities: the tags (names, icons) and which filters the offer overview has. */
export function OfferSettingsForm(props: { api: AdminApi; lang: Locale; languages: Locale[]; initial: OfferSettingsView }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [view, setView] = useState(props.initial)
  const [tags, setTags] = useState(() => draftsOf(props.initial.settings))
  const [filters, setFilters] = useState(props.initial.settings.filterConfig)
  const [removing, setRemoving] = useState<TagDraft | null>(null)
  const show = (next: OfferSettingsView) => {
    setView(next)
    setTags(draftsOf(next.settings))
    setFilters(next.settings.filterConfig)
  }
  const save = useMutation({
    mutationFn: () => saveOfferSettings(props.api, { version: view.version, settings: toSettings(tags, filters) }),
    onSuccess: async (saved) => {
      show(saved)
      queryClient.setQueryData(offerSettingsQuery(props.api).queryKey, saved)
      await queryClient.invalidateQueries({ queryKey: settingsHistoryQuery(props.api).queryKey })
    },
  })
  /** After a conflict: the settings as they are now (what was typed here is dropped, as the message says). */
  const loadCurrent = async () => {
    show(await queryClient.fetchQuery({ ...offerSettingsQuery(props.api), staleTime: 0 }))
    save.reset()
    await queryClient.invalidateQueries({ queryKey: settingsHistoryQuery(props.api).queryKey })
  }
  const usage = view.usage
  const edited = <T,>(set: (v: T) => void) => (v: T) => {
    set(v)
    save.reset()
  }
  const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(save.error)).map(([k, v]) => [pathOfError(k), v]))
  const remove = (tag: TagDraft) => edited(setTags)(tags.filter((x) => x.key !== tag.key))
  const usageOfRemoving = removing ? (usage[removing.slug] ?? 0) : 0
  return (
    <form noValidate className="space-y-6" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <ErrorSummary errors={fieldErrors} />
      <Section id="settings-tags" title={t`Tags`}>
        <p className="text-sm">
          <Trans>Visitors filter the offers by tag; each offer has the tags chosen in its editor.</Trans>
        </p>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {tags.map((tag, index) => (
            <TagEditor
              key={tag.key}
              api={props.api}
              tag={tag}
              index={index}
              lang={props.lang}
              languages={props.languages}
              usage={tag.isNew ? 0 : (usage[tag.slug] ?? 0)}
              error={(path) => fieldErrors[path]}
              onChange={(next) => edited(setTags)(tags.map((x) => (x.key === tag.key ? next : x)))}
              onRemove={() => ((usage[tag.slug] ?? 0) > 0 && !tag.isNew ? setRemoving(tag) : remove(tag))}
            />
          ))}
        </div>
        <Button className="mt-4" variant="outline" onClick={() => edited(setTags)([...tags, { slug: '', label: {}, key: `new-${++counter}`, isNew: true }])}>
          <Trans>Add a tag</Trans>
        </Button>
      </Section>
      <Section id="settings-filters" title={t`Filters of the offer overview`}>
        <fieldset>
          <legend className="font-medium">
            <Trans>Visitors can filter the offers by</Trans>
          </legend>
          <div className="mt-2 space-y-2">
            {FILTERS.map(({ key, label }) => (
              <label key={key} className="flex items-center gap-2">
                <input type="checkbox" className="h-5 w-5" checked={filters[key]} onChange={(e) => edited(setFilters)({ ...filters, [key]: e.target.checked })} />
                {i18n._(label)}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>
      <SaveBar save={save} hasFieldErrors={Object.keys(fieldErrors).length > 0} onLoadCurrent={() => void loadCurrent()} />
      <Dialog open={removing !== null} title={t`Remove this tag?`} onClose={() => setRemoving(null)} testId="remove-tag-dialog">
        <p>
          <Plural value={usageOfRemoving} one="# offer has this tag. When you save, it is removed from it too." other="# offers have this tag. When you save, it is removed from them too." />
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="gray" onClick={() => setRemoving(null)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onClick={() => (removing && remove(removing), setRemoving(null))}>
            <Trans>Remove the tag</Trans>
          </Button>
        </div>
      </Dialog>
    </form>
  )
}
