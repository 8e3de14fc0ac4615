import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'

type Member = { id: string; name: string }

/**
 * Managers' and owners' choice of the member a page shows (availability, working time): the
 * members the API listed, the caller marked "(you)", and the member shown even when the list
 * leaves them out (a deactivated member opened by address).
 */
export function MemberSelect(props: { member: Member; members: readonly Member[]; meId: string; onMember: (staffId: string | undefined) => void }) {
  const { t } = useLingui()
  const id = useId()
  const { member, members, meId } = props
  return (
    <div className="max-w-sm">
      <label htmlFor={id} className="block font-medium">
        <Trans>Staff member</Trans>
      </label>
      <select
        id={id}
        value={member.id}
        onChange={(e) => props.onMember(e.target.value === meId ? undefined : e.target.value)}
        className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900"
      >
        {members.some((m) => m.id === member.id) ? null : <option value={member.id}>{member.name}</option>}
        {members.map(({ id: value, name }) => (
          <option key={value} value={value}>
            {value === meId ? t`${name} (you)` : name}
          </option>
        ))}
      </select>
    </div>
  )
}
