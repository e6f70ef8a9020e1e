import { accountDetailUrl, accountOrdersKey } from "../../api/account-detail";
import { accountActivityKey } from "../../api/activity";
import { duplicateCandidatesUrl } from "../../api/duplicates";
import { accountNotesUrl } from "../../api/notes";
import { ORDERS_PAGE_SIZE } from "./order-display";

/** The newest timeline entries shown at first; the rest are a click away, so the card does not run on for pages. */
export const FIRST_ENTRIES_SHOWN = 10;

/** What an account's screen reads first: its detail, its first orders and timeline entries, its notes, and its possible duplicates. */
export function accountScreenReads(accountId: number): string[] {
  return [
    accountDetailUrl(accountId),
    accountOrdersKey(accountId, ORDERS_PAGE_SIZE, 0),
    accountActivityKey(accountId, FIRST_ENTRIES_SHOWN, 0),
    accountNotesUrl(accountId),
    duplicateCandidatesUrl(accountId),
  ];
}

