import type { DuplicateCandidate, MergeableAccount } from "../../api/duplicates";
import { formatCountOf } from "../../format/count";
import { SkeletonLines } from "../../ui/DetailCard";
import { LoadError } from "../../ui/LoadError";
import { accountDetailsLine, matchLabel } from "./merge-plan";
import { MergeAccountSearch } from "./MergeAccountSearch";

export interface MergePickStepProps {
  /** The account the merge starts from: always merged, so its box cannot be unticked. */
  account: MergeableAccount;
  /** Every account on offer: the account, its possible duplicates, those added by search. */
  listed: readonly MergeableAccount[];
  /** Undefined while they load. */
  candidates: DuplicateCandidate[] | undefined;
  candidatesError: unknown;
  onRetryCandidates: () => void;
  pickedIds: ReadonlySet<number>;
  onTick: (accountId: number, isTicked: boolean) => void;
  onFound: (account: MergeableAccount) => void;
}

/** Step 1: tick the accounts that are the same customer, from the possible duplicates or found by search. */
export function MergePickStep({ account, listed, candidates, candidatesError, onRetryCandidates, pickedIds, onTick, onFound }: MergePickStepProps) {
  const candidateById = new Map((candidates ?? []).map((candidate) => [candidate.account.id, candidate]));
  const [own, ...others] = listed;
  const hasNothingToOffer = candidates?.length === 0 && others.length === 0;

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Accounts to merge</legend>
        <p className="mt-0.5 text-xs text-slate-500">Tick the accounts that are the same customer as {account.name}.</p>
        <ul className="mt-2 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" data-testid="merge-account-options">
          {own && <AccountOption account={own} isTicked isLocked note="This account" onTick={onTick} />}
          {candidates === undefined &&
            (candidatesError ? (
              <li>
                <LoadError title="The possible duplicates could not be loaded." error={candidatesError} onRetry={onRetryCandidates} compact testId="merge-candidates-error" />
              </li>
            ) : (
              <li aria-busy="true" className="px-3 py-3" data-testid="merge-candidates-loading">
                <span className="sr-only">Looking for possible duplicates...</span>
                <SkeletonLines count={2} />
              </li>
            ))}
          {others.map((other) => (
            <AccountOption key={other.id} account={other} candidate={candidateById.get(other.id)} isTicked={pickedIds.has(other.id)} onTick={onTick} />
          ))}
        </ul>
        {hasNothingToOffer && (
          <p className="mt-2 text-sm text-slate-500" data-testid="merge-no-candidates">
            No possible duplicates were found for this account. Search below for its other accounts.
          </p>
        )}
      </fieldset>
      <MergeAccountSearch listedIds={new Set(listed.map((listedAccount) => listedAccount.id))} onPickListed={(id) => onTick(id, true)} onFound={onFound} />
    </div>
  );
}

interface AccountOptionProps {
  account: MergeableAccount;
  /** Why it is offered, when detection offered it. */
  candidate?: DuplicateCandidate;
  isTicked: boolean;
  isLocked?: boolean;
  note?: string;
  onTick: (accountId: number, isTicked: boolean) => void;
}

function AccountOption({ account, candidate, isTicked, isLocked = false, note, onTick }: AccountOptionProps) {
  const details = accountDetailsLine(account);
  return (
    <li data-testid="merge-account-option" data-account-id={account.id}>
      <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-slate-50 has-disabled:cursor-default has-disabled:bg-slate-50/60">
        <input
          type="checkbox"
          checked={isTicked}
          disabled={isLocked}
          onChange={(event) => onTick(account.id, event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-blue-600"
          data-testid="merge-account-checkbox"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-sm font-medium break-words text-slate-900">{account.name}</span>
            {note && <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] leading-none font-medium text-slate-600">{note}</span>}
            {candidate && (
              <span className="rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-amber-800 tabular-nums" data-testid="merge-candidate-score">
                {matchLabel(candidate.score)}
              </span>
            )}
          </span>
          <span className={`block text-xs break-words ${details ? "text-slate-500" : "text-slate-400"}`}>
            {details || "No e-mail, domain or phone"}
          </span>
          {candidate && candidate.reasons.length > 0 && <span className="mt-0.5 block text-xs text-amber-800">{candidate.reasons.join(" · ")}</span>}
        </span>
        <span className="shrink-0 pt-0.5 text-xs text-slate-500">{formatCountOf(account.orderCount, "order")}</span>
      </label>
    </li>
  );
}
