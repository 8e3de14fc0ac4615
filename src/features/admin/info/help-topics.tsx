import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Role } from '~/api/admin-client'
import type { Locale } from '~/lib/locale'
import { hasRole } from '../access'

type Topic = { id: string; heading: string; text: ReactNode; who: string; links: { path: string; label: string; role: Role }[] }

/**
 * The help of the About page: each group of the staff app, what it is for and who may use it,
 * with links to the pages the member's role may open (the sidebar's roles, `navigation.ts`).
 */
export function HelpTopics({ role, lang }: { role: Role; lang: Locale }) {
  const { t } = useLingui()
  const topics: Topic[] = [
    {
      id: 'staff',
      heading: t`Staff`,
      text: <Trans>Invite staff members by e-mail, give each a role, change roles, deactivate and reactivate accounts, and send an invitation again.</Trans>,
      who: t`Owners only.`,
      links: [{ path: '/staff', label: t`Staff`, role: 'owner' }],
    },
    {
      id: 'profile',
      heading: t`My profile`,
      text: <Trans>Your name and language, your password, your e-mail address and phone number (each confirmed with a code), and where you are signed in, with a way to sign out everywhere else.</Trans>,
      who: t`Every staff member, for their own account.`,
      links: [{ path: '/profile', label: t`My profile`, role: 'guide' }],
    },
    {
      id: 'info',
      heading: t`Further information`,
      text: (
        <Trans>
          This page, with the version running. The widgets: the code that puts bookings on your own website, with a live preview. The API reference: the shop's and the staff app's APIs
          for developers, with the contract files to download.
        </Trans>
      ),
      who: t`This page: every staff member. Widgets and API reference: managers and owners.`,
      links: [
        { path: '/info/widgets', label: t`Widgets`, role: 'manager' },
        { path: '/info/api', label: t`API reference`, role: 'manager' },
      ],
    },
  ]
  return (
    <>
      <h2 className="mt-10 text-2xl font-semibold">
        <Trans>Help</Trans>
      </h2>
      <p className="mt-2">
        <Trans>Owners may do everything, managers everything but managing staff, guides see this page and their profile.</Trans>
      </p>
      {topics.map((topic) => {
        const links = topic.links.filter((link) => hasRole(role, link.role))
        return (
          <section key={topic.id} aria-labelledby={`help-${topic.id}`} className="mt-6" data-testid={`help-${topic.id}`}>
            <h3 id={`help-${topic.id}`} className="text-xl font-semibold">
              {topic.heading}
            </h3>
            <p className="mt-1">{topic.text}</p>
            <p className="mt-1 text-sm">
              <Trans>Who can use it:</Trans> {topic.who}
            </p>
            {links.length ? (
              <ul className="mt-2 flex flex-wrap gap-4">
                {links.map((link) => (
                  <li key={link.path}>
                    <Link to={`/$lang/admin${link.path}` as '/$lang/admin'} params={{ lang }} className="underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        )
      })}
    </>
  )
}
