import { useState } from "react";
import { changeAccountListType, useRefreshAccounts, type Account, type ListTypeChange } from "../../api/accounts";
import { useLists } from "../../api/lists";
import { useWrite } from "../../ui/use-write";
import { Select } from "../../ui/Select";
import { PinIcon } from "../../ui/icons";
import { listChoice, listChoiceTitle, placementAfter } from "../../ui/list-types";

export interface ListTypeSelectProps {
  account: Account;
  /** How to ask the server; PATCH unless the screen says otherwise. */
  changeListType?: ListTypeChange;
  /** A visible label; without one the select is labelled for screen readers only. */
  label?: string;
}

/**
 * Pins an account to a list as soon as one is picked, or hands it back to the activity rules with
 * 'Automatic (by activity)'; disabled until every read of accounts has been fetched again. Shows whether
 * the rules or staff placed it. Every select on screen shares the one read of the lists.
 */
export function ListTypeSelect({ account, changeListType = changeAccountListType, label }: ListTypeSelectProps) {
  const lists = useLists();
  const { run, isPending } = useWrite({
    refresh: useRefreshAccounts(),
    success: { title: "List updated", description: "Account list type has been updated successfully." },
    failureMessage: "Failed to update account list type.",
  });
  // The choice just picked is shown for as long as the account on screen is the one it was picked on:
  // the refetched account replaces it, so the select never flicks back to the old list in between.
  const [picked, setPicked] = useState<{ choice: string; on: Account } | null>(null);
  const placement = picked?.on === account ? placementAfter(picked.choice, account) : account;
  const { value, options } = listChoice(placement, lists);
  const shownName = options.find((option) => option.value === value)!.label;

  async function moveTo(choice: string) {
    setPicked({ choice, on: account });
    const { ok } = await run(() => changeListType(account.id, choice));
    if (!ok) setPicked(null);
  }

  return (
    <Select
      label={label ?? `List for ${account.name}`}
      hideLabel={label === undefined}
      className="w-full"
      value={value}
      options={options}
      // A long list name is cut short in the table: hovering shows all of it, and how the account got there.
      title={listChoiceTitle(placement, shownName)}
      leadingIcon={placement.listPinned ? PinIcon : undefined}
      disabled={isPending}
      onChange={(listType) => void moveTo(listType)}
      data-testid="list-type-select"
      data-list-pinned={placement.listPinned}
    />
  );
}
