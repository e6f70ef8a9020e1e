import { useState } from "react";
import { changeAccountListType, type Account } from "../../api/accounts";
import { Select } from "../Select";
import { useToast } from "../toast/useToast";
import { listTypeOptions } from "./list-types";

/** Moves an account to another list as soon as one is picked; disabled until the list has been refetched. */
export function ListTypeSelect({ account, onChanged }: { account: Account; onChanged: () => Promise<void> }) {
  const { toast } = useToast();
  const [pendingListType, setPendingListType] = useState<string | null>(null);
  const shownListType = pendingListType ?? account.listType;

  async function moveTo(listType: string) {
    setPendingListType(listType);
    try {
      await changeAccountListType(account.id, listType);
    } catch {
      setPendingListType(null);
      toast({ variant: "destructive", title: "Error", description: "Failed to update account list type." });
      return;
    }
    toast({ title: "List updated", description: "Account list type has been updated successfully." });
    // The chosen list stays shown until the refetched row carries it, so the select never flicks back.
    try {
      await onChanged();
    } finally {
      setPendingListType(null);
    }
  }

  return (
    <Select
      label={`List for ${account.name}`}
      hideLabel
      className="w-full"
      value={shownListType}
      options={listTypeOptions(shownListType)}
      disabled={pendingListType !== null}
      onChange={(listType) => void moveTo(listType)}
      data-testid="list-type-select"
    />
  );
}
