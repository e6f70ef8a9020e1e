import type { Change, TimelineLine } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";

/**
 * The timeline follows the change feed: each change's lines, in the order given, at the change's time and
 * in its actor's name, in one statement however many (an import's batch writes thousands).
 */
export function writeTimeline(db: CrmDatabase, change: Change): void {
  const lines = change.timeline;
  if (!lines || lines.length === 0) return;
  if (change.type === "orders_recorded" && change.recording) {
    writeRecordingLines(db, change, change.recording, lines);
    return;
  }
  insertLines(db, change, lines);
}

/**
 * A recording that spans batches keeps one line per account about its orders, brought up to date by each
 * batch: the line it wrote for an account before is rewritten rather than joined by another.
 */
function writeRecordingLines(db: CrmDatabase, change: Change, recording: object, lines: readonly TimelineLine[]): void {
  let written = linesOfRecording.get(recording);
  if (!written) linesOfRecording.set(recording, (written = new Map()));
  const rewrites: [entryId: number, summary: string][] = [];
  const fresh: TimelineLine[] = [];
  for (const line of lines) {
    const entryId = line.kind === "orders_imported" || line.kind === "orders_received" ? written.get(line.accountId) : undefined;
    if (entryId === undefined) fresh.push(line);
    else rewrites.push([entryId, line.summary]);
  }
  if (rewrites.length > 0) {
    db.$client.run("UPDATE activities SET summary = entry.value ->> '$[1]' FROM json_each(?) entry WHERE activities.id = entry.value ->> '$[0]'", [
      JSON.stringify(rewrites),
    ]);
  }
  const lastEntryBefore = db.$client.query<{ id: number | null }, []>("SELECT max(id) AS id FROM activities").get()?.id ?? 0;
  insertLines(db, change, fresh);
  for (const { id, accountId } of db.$client
    .query<{ id: number; accountId: number }, [number]>("SELECT id, account_id AS accountId FROM activities WHERE id > ? AND kind IN ('orders_imported', 'orders_received')")
    .all(lastEntryBefore)) {
    written.set(accountId, id);
  }
}

const linesOfRecording = new WeakMap<object, Map<number, number>>();

/** A recording going on from earlier ones (an interrupted import's): their line per account is its own to bring up to date. */
export function continueRecordingLines(recording: object, lineIds: ReadonlyMap<number, number>): void {
  let written = linesOfRecording.get(recording);
  if (!written) linesOfRecording.set(recording, (written = new Map()));
  for (const [accountId, entryId] of lineIds) written.set(accountId, entryId);
}

function insertLines(db: CrmDatabase, { actor, at }: Change, lines: readonly TimelineLine[]): void {
  if (lines.length === 0) return;
  db.$client.run(
    `INSERT INTO activities (account_id, kind, summary, actor_user_id, actor_name, occurred_at, created_at)
     SELECT value ->> '$[0]', value ->> '$[1]', value ->> '$[2]', ?, ?, ?, ? FROM json_each(?)`,
    [actor.userId, actor.name, at.getTime(), at.getTime(), JSON.stringify(lines.map((line) => [line.accountId, line.kind, line.summary]))],
  );
}
