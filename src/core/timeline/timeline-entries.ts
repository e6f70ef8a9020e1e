import { ACTIVITY_SUMMARY_MAX_LENGTH, type NewActivityBody } from "../../contracts/activity.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import type { CrmDatabase } from "../database/open.ts";
import { activities } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import type { Actor } from "../changes/actor.ts";

export interface ActivityEntry {
  id: number;
  kind: string;
  summary: string;
  actorName: string | null;
  occurredAt: Date;
}

/** A call, e-mail, meeting or other contact staff record by hand, at the date they give. */
export function logActivity(db: CrmDatabase, accountId: number, input: NewActivityBody, actor: Actor): ActivityEntry {
  const summary = input.summary.trim();
  if (!summary) throw invalid("summary", "summary is required");
  if (summary.length > ACTIVITY_SUMMARY_MAX_LENGTH) throw invalid("summary", `summary must be at most ${ACTIVITY_SUMMARY_MAX_LENGTH} characters`);
  const occurredAt = input.date ? new Date(input.date) : new Date();
  if (Number.isNaN(occurredAt.getTime())) throw invalid("date", `date is not a valid date: ${input.date}`);

  assertAccountExists(db, accountId);
  const [entry] = db
    .insert(activities)
    .values({ accountId, kind: input.kind, summary, actorUserId: actor.userId, actorName: actor.name, occurredAt, createdAt: new Date() })
    .returning({ id: activities.id, kind: activities.kind, summary: activities.summary, actorName: activities.actorName, occurredAt: activities.occurredAt })
    .all();
  return entry!;
}
