import { useActiveTeam } from "../../api/team";
import { Select } from "../../ui/Select";
import type { OwnerChoice } from "./account-list-view";
import { ownerFilterOptions } from "./owners";

/** Whose accounts to show: All owners, Me, Unassigned, or a team member. */
export function OwnerFilterSelect({ value, onChange, className = "", hideLabel = false }: { value: OwnerChoice; onChange: (owner: OwnerChoice) => void; className?: string; hideLabel?: boolean }) {
  const { activeMembers, allMembers } = useActiveTeam();
  return (
    <Select
      label="Owner"
      hideLabel={hideLabel}
      className={className}
      value={value}
      options={ownerFilterOptions(activeMembers ?? [], value, allMembers ?? [])}
      onChange={onChange}
      data-testid="owner-filter"
    />
  );
}
