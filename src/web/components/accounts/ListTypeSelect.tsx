import { useState } from "react";
import { changeAccountListType, type Account, type ListTypeChange } from "../../api/accounts";
import { useLists } from "../../api/lists";
import { Select } from "../Select";
import { useToast } from "../toast/useToast";
import { listTypeOptions } from "./list-types";

export interface ListTypeSelectProps {
  account: Account;
  /** Refetches what shows the account; the select stays disabled until it resolves. */
  onChanged: () => Promise<void>;
  /** How to ask the server; PATCH unless the screen says otherwise. */
  changeListType?: ListTypeChange;
  /** A visible label; without one the select is labelled for screen readers only. */
  label?: string;
}

/**
 * Moves an account to another list as soon as one is picked; disabled while the change is pending.
 * Offers the built-in lists, then the custom ones; every select on screen shares the one read of them.
 */
export function ListTypeSelect({ account, onChanged, changeListType = changeAccountListType, label }: ListTypeSelectProps) {
  const { toast } = useToast();
  const lists = useLists();
  const [isPending, setIsPending] = useState(false);
  // The list just picked is shown for as long as the account on screen is the one it was picked on:
  // the refetched account replaces it, so the select never flicks back to the old list in between.
  const [picked, setPicked] = useState<{ listType: string; on: Account } | null>(null);
  const shownListType = picked?.on === account ? picked.listType : account.listType;

  async function moveTo(listType: string) {
    setPicked({ listType, on: account });
    setIsPending(true);
    try {
      await changeListType(account.id, listType);
    } catch {
      setPicked(null);
      setIsPending(false);
      toast({ variant: "destructive", title: "Error", description: "Failed to update account list type." });
      return;
    }
    toast({ title: "List updated", description: "Account list type has been updated successfully." });
    try {
      await onChanged();
    } finally {
      setIsPending(false);
    }
  }

  const options = listTypeOptions(shownListType, lists);

  return (
    <Select
      label={label ?? `List for ${account.name}`}
      hideLabel={label === undefined}
      className="w-full"
      value={shownListType}
      options={options}
      // A long list name is cut short in the table: hovering shows all of it.
      title={options.find((option) => option.value === shownListType)?.label}
      disabled={isPending}
      onChange={(listType) => void moveTo(listType)}
      data-testid="list-type-select"
    />
  );
}
