import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { meQuery } from '~/api/admin.queries'
import { useAdminApi } from '~/features/admin/api'
import { AdminErrorScreen } from '~/features/admin/not-authorised'
import { ProfileForm } from '~/features/admin/profile/profile-form'
import { NotificationsForm } from '~/features/admin/profile/notifications-form'
import { PasswordForm } from '~/features/admin/profile/password-form'
import { ContactForm } from '~/features/admin/profile/contact-form'
import { SessionsList } from '~/features/admin/profile/sessions-list'
import { CalendarFeedSection } from '~/features/admin/profile/calendar-feed'
import { Section } from '~/features/admin/profile/section'

const title = msg`My profile`

/** Every member: name, language, password, e-mail and phone (with a code), the calendar subscription of their dates, sessions; managers and owners: e-mail notifications. */
export const Route = createFileRoute('/$lang/admin/_app/profile')({
  loader: async ({ context, location }) => {
    await (await import('~/features/admin/routing')).signedInPage(context, location.href)
  },
  head: async ({ match }) => (await import('~/features/admin/routing')).head(match.context, title),
  errorComponent: AdminErrorScreen,
  component: ProfilePage,
})

function ProfilePage() {
  const { lang } = Route.useRouteContext()
  const adminApi = useAdminApi(lang)
  const { data: me } = useSuspenseQuery(meQuery(adminApi))
  const { t, i18n } = useLingui()
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-semibold">{i18n._(title)}</h1>
      <ProfileForm key={`${me.member.version}-${lang}`} api={adminApi} me={me} lang={lang} />
      {me.member.role !== 'guide' ? <NotificationsForm key={`notify-${me.member.version}`} api={adminApi} me={me} /> : null}
      <PasswordForm api={adminApi} />
      <Section id="profile-contact" title={t`E-mail address and phone number`}>
        <div className="space-y-8">
          <ContactForm api={adminApi} me={me} channel="email" />
          <ContactForm api={adminApi} me={me} channel="phone" />
        </div>
      </Section>
      <CalendarFeedSection api={adminApi} />
      <SessionsList api={adminApi} lang={lang} />
    </div>
  )
}
