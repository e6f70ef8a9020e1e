import { useState } from "react";
import { updateAccount, useRefreshAccounts, type Account } from "../../api/accounts";
import { useActiveTeam } from "../../api/team";
import { useWrite } from "../../ui/use-write";
import { Select } from "../../ui/Select";
import { ownerNameOf } from "./owners";

const UNASSIGNED = "";

/**
 * Gives the account to a team member, or to nobody, as soon as one is picked (PATCH ownerUserId). Offers
 * the active members; a deactivated owner stays shown until another is chosen.
 */
export function OwnerSelect({ account }: { account: Account }) {
  const { activeMembers, allMembers } = useActiveTeam();
  const { run, isPending } = useWrite({
    refresh: useRefreshAccounts(),
    success: (changed: Account) => ({ title: "Owner updated", description: ownerSentence(changed.name, ownerNameOf(changed.ownerUserId, allMembers)) }),
    failureMessage: "Failed to change the account's owner.",
  });
  // As the list select: the choice stays shown until the refetched account replaces it.
  const [picked, setPicked] = useState<{ choice: string; on: Account } | null>(null);
  const value = picked?.on === account ? picked.choice : account.ownerUserId === null ? UNASSIGNED : String(account.ownerUserId);
  const options = [{ value: UNASSIGNED, label: "Unassigned" }, ...(activeMembers ?? []).map((member) => ({ value: String(member.id), label: member.name }))];
  if (!options.some((option) => option.value === value)) options.push({ value, label: ownerNameOf(Number(value), allMembers) || "…" });

  async function giveTo(choice: string) {
    setPicked({ choice, on: account });
    const { ok } = await run(() => updateAccount(account.id, { ownerUserId: choice === UNASSIGNED ? null : Number(choice) }));
    if (!ok) setPicked(null);
  }

  return (
    <Select label="Owner" className="w-full" value={value} options={options} disabled={isPending} onChange={(choice) => void giveTo(choice)} data-testid="account-owner-inline" />
  );
}

function ownerSentence(accountName: string, ownerName: string | null): string {
  return ownerName ? `${accountName} is now looked after by ${ownerName}.` : `${accountName} has no owner now.`;
}
