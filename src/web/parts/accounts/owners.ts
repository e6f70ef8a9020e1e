import type { TeamMember } from "../../api/team";
import type { SelectOption } from "../../ui/Select";
import type { OwnerChoice } from "./account-list-view";

/** What the owner filter offers: everyone's, the viewer's own, nobody's, then each active team member by name. */
export function ownerFilterOptions(activeMembers: readonly Pick<TeamMember, "id" | "name">[], chosen: OwnerChoice, everyone: readonly Pick<TeamMember, "id" | "name">[] = activeMembers): SelectOption[] {
  const options: SelectOption[] = [
    { value: "all", label: "All owners" },
    { value: "me", label: "Me" },
    { value: "none", label: "Unassigned" },
    ...activeMembers.map((member) => ({ value: String(member.id), label: member.name })),
  ];
  // A deactivated member named by the URL (an old link) still shows as chosen.
  if (!options.some((option) => option.value === chosen)) options.push({ value: chosen, label: ownerChoiceLabel(chosen, everyone) });
  return options;
}

/** The owner filter's choice as staff say it: 'Me', 'Unassigned', a member's name. */
export function ownerChoiceLabel(choice: OwnerChoice, members: readonly Pick<TeamMember, "id" | "name">[]): string {
  if (choice === "all") return "All owners";
  if (choice === "me") return "Me";
  if (choice === "none") return "Unassigned";
  return members.find((member) => String(member.id) === choice)?.name ?? "A former team member";
}

/** An account's owner by name, for the table, the cards and the account screen; null when it has none. */
export function ownerNameOf(ownerUserId: number | null, members: readonly Pick<TeamMember, "id" | "name">[] | undefined): string | null {
  if (ownerUserId === null) return null;
  // While the team loads, nothing rather than a wrong word.
  if (members === undefined) return "";
  return members.find((member) => member.id === ownerUserId)?.name ?? "A former team member";
}
