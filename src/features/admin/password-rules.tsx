import { Trans } from '@lingui/react/macro'

/** The password rules, shown where a new password is chosen (the server checks the same). */
export function PasswordRules({ id = 'password-rules' }: { id?: string }) {
  return (
    <div id={id} className="rounded-md bg-surface p-3 text-sm text-on-surface">
      <p className="font-medium">
        <Trans>Your password needs:</Trans>
      </p>
      <ul className="mt-1 list-disc pl-5">
        <li>
          <Trans>at least 8 characters,</Trans>
        </li>
        <li>
          <Trans>a lowercase letter and an uppercase letter.</Trans>
        </li>
      </ul>
    </div>
  )
}
