import { displayPhone } from "../../format/phone";
import { AUTOMATIC_LIST_CHOICE } from "../../../contracts/lists.ts";
import { MERGE_FIELDS, type DuplicateCandidate, type MergeableAccount, type MergeField, type MergeRequest } from "../../api/duplicates";
import type { ListDefinition } from "../../api/lists";
import type { TeamMember } from "../../api/team";
import { AUTOMATIC_LIST_LABEL, listChoice, type ListPlacement } from "../../ui/list-types";

/** Which account each field's value comes from, for the fields somebody chose; the rest take their defaults. */
export type FieldPicks = Partial<Record<MergeField, number>>;

/** One value a field may keep, and the accounts that have it: the first one is named in the request. */
export interface FieldChoice {
  value: string;
  accountIds: number[];
}

/**
 * The accounts ticked in the first step before anybody touches a box: the one the dialog was opened
 * for (the banner's candidate), else the best candidate, else none.
 */
export function defaultPickedIds(candidates: readonly DuplicateCandidate[], preselectedId?: number): number[] {
  if (preselectedId !== undefined) return [preselectedId];
  const best = candidates[0];
  return best ? [best.account.id] : [];
}

/**
 * Every account the first step lists, each once: the account the dialog is for, its possible duplicates
 * best first, then those added by search.
 */
export function listedAccounts(
  account: MergeableAccount,
  candidates: readonly DuplicateCandidate[],
  added: readonly MergeableAccount[],
): MergeableAccount[] {
  const byId = new Map<number, MergeableAccount>();
  for (const listed of [account, ...candidates.map((candidate) => candidate.account), ...added]) {
    if (!byId.has(listed.id)) byId.set(listed.id, listed);
  }
  return [...byId.values()];
}

/** The surviving account: the one chosen while it is still picked, else the account the dialog is for. */
export function survivorId(pickedAccounts: readonly MergeableAccount[], chosenId: number, fallbackId: number): number {
  return pickedAccounts.some((account) => account.id === chosenId) ? chosenId : fallbackId;
}

/**
 * The distinct values of a field among the picked accounts, blanks left out: the survivor's first,
 * then in the order the accounts are listed. The survivor leads each value's accounts when it has it.
 */
export function fieldChoices(accounts: readonly MergeableAccount[], field: MergeField, targetId: number): FieldChoice[] {
  const choices = new Map<string, number[]>();
  for (const account of survivorFirst(accounts, targetId)) {
    const value = valueOf(account, field);
    if (value === null) continue;
    const accountIds = choices.get(value);
    if (accountIds) accountIds.push(account.id);
    else choices.set(value, [account.id]);
  }
  return [...choices].map(([value, accountIds]) => ({ value, accountIds }));
}

/**
 * Which account each field's value comes from: the account chosen while it is picked and has a value,
 * else the survivor when it has one, else the first account that does, else the survivor (nobody has one).
 * The list and the owner are chosen from the account with the most orders until somebody chooses (the
 * survivor on a tie): the customer's main account. The same rules the server applies to what it is not
 * told about, so the preview shows what the dialog shows.
 */
export function fieldWinners(accounts: readonly MergeableAccount[], targetId: number, picks: FieldPicks): Record<MergeField, number> {
  const ordered = survivorFirst(accounts, targetId);
  const busiest = ordered.reduce<MergeableAccount | undefined>((best, account) => (best && best.orderCount >= account.orderCount ? best : account), undefined);
  const winnerOf = (field: MergeField): number => {
    const chosen = ordered.find((account) => account.id === picks[field]) ?? (BUSIEST_ACCOUNT_FIELDS.includes(field) ? busiest : undefined);
    return [chosen, ...ordered].find((account) => account && valueOf(account, field) !== null)?.id ?? targetId;
  };
  return Object.fromEntries(MERGE_FIELDS.map((field) => [field, winnerOf(field)])) as Record<MergeField, number>;
}

/** The fields that go with the account doing the business: where it is listed, and who looks after it. */
const BUSIEST_ACCOUNT_FIELDS: readonly MergeField[] = ["list", "owner"];

/** The value a field keeps, as its winner has it; null when none of the accounts has one. */
export function winningValue(accounts: readonly MergeableAccount[], field: MergeField, winnerId: number): string | null {
  const winner = accounts.find((account) => account.id === winnerId);
  return winner ? valueOf(winner, field) : null;
}

/** POST /api/accounts/merge for the picked accounts: everything but the survivor goes into it. */
export function buildMergeRequest(accounts: readonly MergeableAccount[], targetId: number, picks: FieldPicks): MergeRequest {
  return {
    targetId,
    sourceIds: accounts.filter((account) => account.id !== targetId).map((account) => account.id),
    fields: fieldWinners(accounts, targetId, picks),
  };
}

/**
 * The toast's description after a merge: 'B and C were merged into A.', naming the survivor as it was
 * called before, and the name it took when that changed.
 */
export function mergedDescription(survivorName: string, removedNames: readonly string[], mergedName: string): string {
  const names = new Intl.ListFormat("en", { style: "long", type: "conjunction" }).format(removedNames);
  const merged = `${names} ${removedNames.length === 1 ? "was" : "were"} merged into ${survivorName}`;
  return asSentence(mergedName === survivorName ? merged : `${merged}, now named ${mergedName}`);
}

/**
 * A list choice as the list selects offer it: AUTOMATIC_LIST_CHOICE for an account the activity rules
 * place, else the key of the list it is pinned to.
 */
export function listChoiceOf(placement: ListPlacement): string {
  return placement.listPinned ? placement.listType : AUTOMATIC_LIST_CHOICE;
}

/** How a list choice reads: 'Automatic (by activity)', or the name the list selects give the pinned list. */
export function listChoiceLabel(choice: string, lists: readonly ListDefinition[] | undefined): string {
  if (choice === AUTOMATIC_LIST_CHOICE) return AUTOMATIC_LIST_LABEL;
  return listChoice({ listType: choice, listPinned: true }, lists).options.find((option) => option.value === choice)!.label;
}

/** How an owner choice (a user id) reads: the team member's name, saying so when they were deactivated. */
export function ownerChoiceLabel(ownerUserId: string, team: readonly TeamMember[] | undefined): string {
  const member = team?.find((teamMember) => String(teamMember.id) === ownerUserId);
  if (!member) return team ? "Unknown team member" : "Loading team...";
  return member.active ? member.name : `${member.name} (deactivated)`;
}

/** '85% match' */
export function matchLabel(score: number): string {
  return `${Math.round(score)}% match`;
}

/** What tells accounts of similar names apart: 'office@riverside.org · riverside.org · (404) 555-0100'. */
export function accountDetailsLine(account: MergeableAccount): string {
  return [account.email, account.domain, account.phone && displayPhone(account.phone)].filter((value): value is string => Boolean(value?.trim())).join(" · ");
}

/** Ends the text with one full stop, even when it ends with a name such as 'Acme, Inc.'. */
export function asSentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

function survivorFirst(accounts: readonly MergeableAccount[], targetId: number): MergeableAccount[] {
  return [...accounts].sort((a, b) => Number(b.id === targetId) - Number(a.id === targetId));
}

/**
 * What a field keeps from an account, as text: a value with surrounding blanks dropped, as the server
 * keeps it, the list choice, the owner's user id; null when the account has none.
 */
function valueOf(account: MergeableAccount, field: MergeField): string | null {
  if (field === "list") return listChoiceOf(account);
  if (field === "owner") return account.ownerUserId === null ? null : String(account.ownerUserId);
  return account[field]?.trim() || null;
}
