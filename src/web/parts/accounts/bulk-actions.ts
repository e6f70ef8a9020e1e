import { AUTOMATIC_LIST_CHOICE, type ListDefinition } from "../../api/lists";
import type { BulkAccountAction } from "../../api/accounts";
import type { TeamMember } from "../../api/team";
import { formatCountOf } from "../../format/count";
import type { SelectOption } from "../../ui/Select";
import { AUTOMATIC_LIST_LABEL, LIST_CHOICE_GROUPS, orderedLists, STANDARD_LISTS } from "../../ui/list-types";

/** The bulk bar's pickers act as soon as something is picked; this first choice names the action and does nothing. */
const NO_CHOICE = "";

/** The owner picker's value for 'No owner' (a member's value is their id). */
const NO_OWNER_CHOICE = "none";

/** 'Set list': every list to pin the accounts to, or back to the activity rules; the standard lists while the lists load. */
export function setListOptions(lists: readonly ListDefinition[] | undefined): SelectOption[] {
  return [
    { value: NO_CHOICE, label: "Set list…" },
    { value: AUTOMATIC_LIST_CHOICE, label: AUTOMATIC_LIST_LABEL, group: LIST_CHOICE_GROUPS.automatic },
    ...orderedLists(lists ?? STANDARD_LISTS).map((list) => ({ value: list.key, label: list.name, group: LIST_CHOICE_GROUPS.pinned })),
  ];
}

/** 'Set owner': nobody, or any active team member. */
export function setOwnerOptions(members: readonly TeamMember[] | undefined): SelectOption[] {
  return [
    { value: NO_CHOICE, label: "Set owner…" },
    { value: NO_OWNER_CHOICE, label: "No owner" },
    ...(members ?? []).map((member) => ({ value: String(member.id), label: member.name })),
  ];
}

/** The action a picker's choice asks for; null for the picker's own label. */
export function bulkActionOf(picker: "list" | "owner", choice: string): BulkAccountAction | null {
  if (choice === NO_CHOICE) return null;
  if (picker === "list") return { kind: "setList", listType: choice };
  return { kind: "setOwner", ownerUserId: choice === NO_OWNER_CHOICE ? null : Number(choice) };
}

/** What the confirmation says before an action on every matching account, pages nobody has looked at included. */
export function bulkActionQuestion(
  action: BulkAccountAction,
  count: number,
  lists: readonly ListDefinition[] | undefined,
  members: readonly TeamMember[] | undefined,
): { title: string; message: string; confirmLabel: string } {
  const accounts = formatCountOf(count, "account");
  if (action.kind === "setList") {
    const outcome =
      action.listType === AUTOMATIC_LIST_CHOICE
        ? "goes back to the list its order activity gives it"
        : `moves to ${(lists ?? STANDARD_LISTS).find((list) => list.key === action.listType)?.name ?? action.listType}, pinned there whatever its orders`;
    return { title: `Move ${accounts}?`, message: `Every account the filters match, on every page, ${outcome}.`, confirmLabel: `Move ${accounts}` };
  }
  const owner = action.ownerUserId === null ? null : (members ?? []).find((member) => member.id === action.ownerUserId)?.name;
  const outcome = action.ownerUserId === null ? "is left without an owner" : `is given to ${owner ?? "the chosen team member"}`;
  return { title: `Change the owner of ${accounts}?`, message: `Every account the filters match, on every page, ${outcome}.`, confirmLabel: `Change ${accounts}` };
}
