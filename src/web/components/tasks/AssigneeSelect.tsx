import { useActiveTeam } from "../../api/team";
import { Select, type SelectOption } from "../../ui/Select";

export interface AssigneeSelectProps {
  label: string;
  /** A user id as text; '' for the 'everyone' option. */
  value: string;
  onChange: (value: string) => void;
  /** The first option, standing for every team member: 'All Team Members'. Without it a member must be chosen. */
  everyoneLabel?: string;
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
  /** Why the server refused the choice. */
  fieldError?: string;
}

/** The active team members, who are the only users tasks can be given to; says so when the team cannot be loaded. */
export function AssigneeSelect({ label, value, onChange, everyoneLabel, hideLabel, disabled, className, testId, fieldError }: AssigneeSelectProps) {
  const { activeMembers, error, retry } = useActiveTeam();
  const memberOptions: SelectOption[] = (activeMembers ?? []).map((member) => ({ value: String(member.id), label: member.name }));
  const options: SelectOption[] = everyoneLabel === undefined ? memberOptions : [{ value: "", label: everyoneLabel }, ...memberOptions];

  return (
    <div className={className}>
      <Select
        label={label}
        hideLabel={hideLabel}
        value={value}
        options={activeMembers ? options : [{ value, label: placeholderLabel(value, everyoneLabel, error !== undefined) }]}
        onChange={onChange}
        disabled={disabled || !activeMembers}
        aria-busy={!activeMembers && !error}
        error={fieldError}
        data-testid={testId}
      />
      {error !== undefined && !activeMembers && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          The team could not be loaded.{" "}
          <button type="button" onClick={retry} className="font-medium underline hover:text-red-700 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none">
            Retry
          </button>
        </p>
      )}
    </div>
  );
}

/** What the select says until the team has loaded: 'everyone' needs no team to be named. */
function placeholderLabel(value: string, everyoneLabel: string | undefined, hasFailed: boolean): string {
  if (value === "" && everyoneLabel !== undefined) return everyoneLabel;
  return hasFailed ? "Team unavailable" : "Loading team...";
}
