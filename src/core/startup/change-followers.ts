import { writeTimeline } from "../timeline/timeline-follower.ts";
import { writeAudit } from "../audit/audit-follower.ts";
import { countPurchaseDaysOfRecount } from "../analytics/purchase-days.ts";
import { followChanges } from "../changes/change-feed.ts";
import { detectDuplicatesOfChange } from "../duplicates/duplicate-queue.ts";
import { matchKeptMailOfChange } from "../mail/mail-matching-follower.ts";
import { placeRecountedAccounts } from "../lifecycle/lifecycle-lists.ts";
import { createAutomaticTasks } from "../tasks/task-automation.ts";

/**
 * What follows every change (changes/change-feed.ts), in order: the timeline first, so that a change's own
 * line comes before the list moves it causes; the audit trail, so that its entry comes before theirs too;
 * then the activity lists, the automatic tasks (a welcome
 * depends on the recounted first order), purchase days, duplicate detection, and the matching of mail
 * already kept to accounts that gain an address. Set here, above every
 * domain, as the followers come from all of them.
 */
export const CHANGE_FOLLOWERS = [writeTimeline, writeAudit, placeRecountedAccounts, createAutomaticTasks, countPurchaseDaysOfRecount, detectDuplicatesOfChange, matchKeptMailOfChange] as const;

export function followEveryChange(): void {
  followChanges(CHANGE_FOLLOWERS);
}
