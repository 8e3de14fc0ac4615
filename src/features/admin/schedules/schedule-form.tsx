import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '~/api/client'
import type { AdminApi } from '~/api/admin-client'
import { saveServiceSchedule, serviceScheduleHistoryQuery, serviceScheduleQuery, type ServiceScheduleView } from '~/api/admin-schedules.queries'
import { Button } from '~/components/button'
import { SubmitError } from '~/components/submit-error'
import type { Locale } from '~/lib/locale'
import { fieldErrorsOf, type FieldErrors } from '../field-errors'
import { Saved, Section } from '../profile/section'
import { ExceptionsSection } from './exceptions-section'
import { ScheduleErrorSummary } from './schedule-error-summary'
import { draftOf, scheduleOf, type ScheduleDraft } from './schedule-state'
import { SlotSettings } from './slot-settings'
import { SlotPreview } from './slot-preview'
import { WeeklyHours } from './weekly-hours'

/**
 * The hours of a private service: the week, the exceptions, the slot settings, a preview of the
 * start times, saving with the offer's version (a conflict says so and offers the current hours).
 */
export function ScheduleForm(props: { api: AdminApi; lang: Locale; today: string; initial: ServiceScheduleView }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [view, setView] = useState(props.initial)
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(props.initial.schedule))
  const [edits, setEdits] = useState(0)
  const [previewErrors, setPreviewErrors] = useState<FieldErrors>({})
  const offerId = view.offerId
  const show = (next: ServiceScheduleView) => {
    setView(next)
    setDraft(draftOf(next.schedule))
    setPreviewErrors({})
  }
  const save = useMutation({
    mutationFn: () => saveServiceSchedule(props.api, offerId, { version: view.version, schedule: scheduleOf(draft) }),
    onSuccess: async (saved) => {
      show(saved)
      queryClient.setQueryData(serviceScheduleQuery(props.api, offerId).queryKey, saved)
      await queryClient.invalidateQueries({ queryKey: serviceScheduleHistoryQuery(props.api, offerId).queryKey })
    },
  })
  /** After a conflict: the hours as they are now (what was entered here is dropped, as the message says). */
  const loadCurrent = async () => {
    show(await queryClient.fetchQuery({ ...serviceScheduleQuery(props.api, offerId), staleTime: 0 }))
    save.reset()
    await queryClient.invalidateQueries({ queryKey: serviceScheduleHistoryQuery(props.api, offerId).queryKey })
  }
  const change = (next: Partial<ScheduleDraft>) => {
    setDraft({ ...draft, ...next })
    setEdits(edits + 1)
    setPreviewErrors({})
    save.reset()
  }
  const saveErrors = fieldErrorsOf(save.error)
  const errors = Object.keys(saveErrors).length ? saveErrors : previewErrors
  const error = (path: string) => errors[path]
  const conflict = save.error instanceof ApiError && save.error.code === 'offer.version_conflict'
  return (
    <form noValidate className="space-y-6" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      <ScheduleErrorSummary errors={saveErrors} />
      <Section id="hours-week" title={t`Weekly opening hours`}>
        <p className="mb-3 text-sm">
          <Trans>Times in the shop's time zone ({view.timeZone}). A day without hours is closed; 00:00 as the end means midnight.</Trans>
        </p>
        <WeeklyHours days={draft.days} lang={props.lang} error={error} onChange={(days) => change({ days })} />
      </Section>
      <Section id="hours-slots" title={t`Start times`}>
        <SlotSettings draft={draft} error={error} onChange={change} />
      </Section>
      <Section id="hours-exceptions" title={t`Closed days and special hours`}>
        <ExceptionsSection exceptions={draft.exceptions} lang={props.lang} today={props.today} error={error} onChange={(exceptions) => change({ exceptions })} />
      </Section>
      <Section id="hours-preview" title={t`Preview`}>
        <SlotPreview api={props.api} offerId={offerId} lang={props.lang} today={props.today} schedule={() => scheduleOf(draft)} version={edits} onErrors={setPreviewErrors} />
      </Section>
      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 border-t border-gray-300 bg-white py-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save the opening hours</Trans>}
        </Button>
        <Saved show={save.isSuccess}>
          <Trans>Saved. Visitors see the new start times at once.</Trans>
        </Saved>
        {conflict ? (
          <div role="alert" className="w-full font-medium text-error">
            <p>
              <Trans>Someone else changed this offer in the meantime. Your changes are not saved yet: load the current opening hours (your changes are lost) and make them again.</Trans>
            </p>
            <Button className="mt-2" variant="outline" onClick={() => void loadCurrent()}>
              <Trans>Load the current opening hours</Trans>
            </Button>
          </div>
        ) : save.isError && Object.keys(saveErrors).length === 0 ? (
          <SubmitError error={save.error} />
        ) : null}
      </div>
    </form>
  )
}
