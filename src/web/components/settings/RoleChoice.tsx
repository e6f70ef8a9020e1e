import type { TeamRole } from "../../api/team-members";
import { roleLabel } from "../../session/role-label";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";

export interface RoleChoiceProps {
  value: TeamRole;
  onChange: (role: TeamRole) => void;
  disabled?: boolean;
  /** Prefix of the hooks: `${testId}-sales`, `${testId}-admin` on the radio buttons. */
  testId: string;
}

const ROLES: readonly { role: TeamRole; description: string }[] = [
  { role: "sales", description: "Works the accounts, contacts and tasks." },
  { role: "admin", description: "Also changes settings, invites users and manages the team." },
];

/** Admin or Sales Manager as two radio buttons, each saying what the role may do, so the choice is made knowingly. */
export function RoleChoice({ value, onChange, disabled = false, testId }: RoleChoiceProps) {
  return (
    <fieldset disabled={disabled}>
      <legend className={FIELD_LABEL_CLASS}>Role</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ROLES.map(({ role, description }) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-blue-500 has-checked:bg-blue-50/60 has-checked:ring-1 has-checked:ring-blue-500 has-disabled:cursor-not-allowed has-disabled:opacity-70"
          >
            <input
              type="radio"
              name={`${testId}-role`}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="mt-0.5 size-4 accent-blue-600"
              data-testid={`${testId}-${role}`}
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{roleLabel(role)}</span>
              <span className="block text-xs text-slate-500">{description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
