import { useEffect, useId, type ReactNode } from "react";
import { MERGE_FIELDS, type MergeableAccount, type MergeField } from "../../api/duplicates";
import { useLists } from "../../api/lists";
import { useTeamMembers } from "../../api/team-members";
import { formatCountOf } from "../../format/count";
import { ListChoiceName } from "./ListChoiceName";
import { accountDetailsLine, fieldChoices, ownerChoiceLabel, type FieldChoice } from "./merge-plan";
import { displayPhone } from "../../format/phone";

export interface MergeValuesStepProps {
  /** The picked accounts, the dialog's account first. */
  accounts: readonly MergeableAccount[];
  targetId: number;
  /** Which account each field's value comes from now. */
  winners: Record<MergeField, number>;
  onSurvivorChange: (accountId: number) => void;
  onFieldChange: (field: MergeField, accountId: number) => void;
}

const FIELD_LABELS: Record<MergeField, string> = { name: "Name", email: "Email", domain: "Domain", phone: "Phone", list: "List", owner: "Owner" };

/** Step 2: the account that stays, and for each field, its list and its owner which of the accounts' it keeps. */
export function MergeValuesStep({ accounts, targetId, winners, onSurvivorChange, onFieldChange }: MergeValuesStepProps) {
  const survivorGroup = useId();
  const lists = useLists();
  // Everyone, deactivated members too: an account may still be theirs.
  const { members, retry } = useTeamMembers();
  // An owner added since the team was read (by a colleague, or in another tab) is read again rather than
  // shown as unknown: users are never deleted, so one more read names every owner.
  const ownerUnknown = members !== undefined && accounts.some((account) => account.ownerUserId !== null && !members.some((member) => member.id === account.ownerUserId));
  useEffect(() => {
    if (ownerUnknown) retry();
  }, [ownerUnknown, retry]);
  const valueView = (field: MergeField, value: string): ReactNode => {
    if (field === "list") return <ListChoiceName choice={value} lists={lists} />;
    if (field === "phone") return displayPhone(value);
    return field === "owner" ? ownerChoiceLabel(value, members) : value;
  };

  return (
    <div className="space-y-6">
      <fieldset data-testid="merge-survivor">
        <legend className="text-sm font-medium text-slate-700">Account to keep</legend>
        <p className="mt-0.5 text-xs text-slate-500">The other accounts are merged into it and then removed.</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {accounts.map((account) => (
            <label key={account.id} className={`${CHOICE_CARD_CLASS} flex min-w-0 items-start gap-3 px-3 py-2.5`} data-testid="merge-survivor-option" data-account-id={account.id}>
              <input
                type="radio"
                name={survivorGroup}
                checked={account.id === targetId}
                onChange={() => onSurvivorChange(account.id)}
                className="mt-0.5 size-4 shrink-0 accent-blue-600"
                data-testid="merge-survivor-radio"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium break-words text-slate-900">{account.name}</span>
                <span className="block truncate text-xs text-slate-500" title={accountDetailsLine(account) || undefined}>
                  {accountDetailsLine(account) || "No e-mail, domain or phone"}
                </span>
                <span className="block text-xs text-slate-500">{formatCountOf(account.orderCount, "order")}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <h3 className="text-sm font-medium text-slate-700">Values to keep</h3>
        <p className="mt-0.5 text-xs text-slate-500">
          Where the accounts differ, choose the value the merged account keeps. The list and owner start as those of the account with the most orders.
        </p>
        <div className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {MERGE_FIELDS.map((field) => (
            <FieldValueChoice
              key={field}
              field={field}
              choices={fieldChoices(accounts, field, targetId)}
              valueView={(value) => valueView(field, value)}
              accounts={accounts}
              winnerId={winners[field]}
              onChange={(accountId) => onFieldChange(field, accountId)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

const CHOICE_CARD_CLASS =
  "cursor-pointer rounded-lg border border-slate-300 hover:bg-slate-50 has-checked:border-blue-500 has-checked:bg-blue-50/60 has-checked:ring-1 has-checked:ring-blue-500 has-focus-visible:ring-2 has-focus-visible:ring-blue-500";

interface FieldValueChoiceProps {
  field: MergeField;
  choices: FieldChoice[];
  /** How a value reads: a list's name for a list choice, a member's for a user id. */
  valueView: (value: string) => ReactNode;
  accounts: readonly MergeableAccount[];
  winnerId: number;
  onChange: (accountId: number) => void;
}

/** One field: a radio per distinct value, each saying which accounts have it. */
function FieldValueChoice({ field, choices, valueView, accounts, winnerId, onChange }: FieldValueChoiceProps) {
  const group = useId();
  const holders = (choice: FieldChoice) => choice.accountIds.map((accountId) => accounts.find((account) => account.id === accountId)?.name ?? "").join(", ");

  return (
    <fieldset className="grid gap-2 px-3 py-3 sm:grid-cols-[5rem_minmax(0,1fr)]" data-testid={`merge-field-${field}`}>
      <legend className="float-left pt-1.5 text-sm font-medium text-slate-700">{FIELD_LABELS[field]}</legend>
      {choices.length === 0 ? (
        <p className="pt-1.5 text-sm text-slate-400">None of the accounts has one.</p>
      ) : (
        <div className="grid min-w-0 gap-1.5 sm:grid-cols-2">
          {choices.map((choice) => (
            <label
              key={choice.value}
              className={`${CHOICE_CARD_CLASS} flex min-w-0 items-start gap-2.5 px-2.5 py-1.5`}
              data-testid="merge-field-option"
              data-value={choice.value}
            >
              <input
                type="radio"
                name={group}
                checked={choice.accountIds.includes(winnerId)}
                onChange={() => onChange(choice.accountIds[0]!)}
                className="mt-0.5 size-4 shrink-0 accent-blue-600"
              />
              <span className="min-w-0">
                <span className="block text-sm break-words text-slate-900">{valueView(choice.value)}</span>
                {/* A name chosen from its own account needs no 'from' line: it would only repeat itself. */}
                {holders(choice) !== choice.value && (
                  <span className="block truncate text-xs text-slate-500" title={holders(choice)}>
                    {holders(choice)}
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
