import { asc, eq, max } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { accounts, tasks, users } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { choice } from "../input-values.ts";
import { readSetting, writeSetting } from "../settings/settings.ts";
import { NEW_CONTACT_ASSIGNEES, TASK_DUE_IN_DAYS, WELCOME_WITHIN_DAYS, type TaskAutomationSettings } from "../../contracts/settings.ts";
import { addDays, businessToday, startOfDaysAgo } from "../time/business-calendar.ts";
import { announceChange, type Change } from "../changes/change-feed.ts";
import type { Actor } from "../changes/actor.ts";
import { settingChanges } from "../changes/field-changes.ts";
import { inTransaction } from "../database/transaction.ts";

export const DEFAULT_TASK_AUTOMATION: TaskAutomationSettings = {
  welcome: { enabled: true, dueInDays: 2, assignTo: "round_robin" },
  newContact: { enabled: true, dueInDays: 1, assignTo: "account_owner" },
};

export function readTaskAutomation(db: CrmDatabase): TaskAutomationSettings {
  const stored = readSetting(db, "taskAutomation");
  return stored ? { ...DEFAULT_TASK_AUTOMATION, ...(JSON.parse(stored) as TaskAutomationSettings) } : DEFAULT_TASK_AUTOMATION;
}

/** Checks and stores the automation settings; a chosen welcome assignee must be an active user. */
export function saveTaskAutomation(db: CrmDatabase, input: TaskAutomationSettings, actor: Actor): TaskAutomationSettings {
  const settings: TaskAutomationSettings = {
    welcome: {
      enabled: Boolean(input.welcome?.enabled),
      dueInDays: dueInDays("welcome.dueInDays", input.welcome?.dueInDays),
      assignTo: input.welcome?.assignTo === "round_robin" ? "round_robin" : activeUserId(db, "welcome.assignTo", input.welcome?.assignTo),
    },
    newContact: {
      enabled: Boolean(input.newContact?.enabled),
      dueInDays: dueInDays("newContact.dueInDays", input.newContact?.dueInDays),
      assignTo: choice("newContact.assignTo", input.newContact?.assignTo, NEW_CONTACT_ASSIGNEES),
    },
  };
  inTransaction(db, () => {
    const before = readTaskAutomation(db);
    writeSetting(db, "taskAutomation", JSON.stringify(settings));
    announceChange(db, { type: "setting_changed", setting: "task automation", changes: settingChanges("taskAutomation", before, settings), actor, at: new Date() });
  });
  return settings;
}

/**
 * Tasks follow the change feed: a welcome task for a new customer, whether staff added the account or
 * orders created it, and a task to reach out to a contact just added.
 */
export function createAutomaticTasks(db: CrmDatabase, change: Change): void {
  if (change.type === "account_added") createWelcomeTasks(db, [change.accountId], change.at);
  else if (change.type === "orders_recounted" && change.createdIds.size > 0) {
    createWelcomeTasks(db, change.accountIds.filter((id) => change.createdIds.has(id)), change.at);
  } else if (change.type === "contact_added") createNewContactTask(db, change.accountId, change.contactName, change.at);
}

/**
 * Welcome tasks for accounts just created, in the transaction that created them, for customers who are
 * new now: a first order that counts within the last WELCOME_WITHIN_DAYS days, or added by hand, so that
 * importing years of history greets only its recent customers. An account whose orders so far count for
 * nothing (cancelled) is greeted once one that counts arrives, if it is recent: a recording hands its new
 * accounts over again with each batch that touches them, and none is greeted twice. "Welcome {name}", due in the
 * configured days, assigned round robin (or to the chosen user), who also becomes the account's owner.
 * Two set-based statements whatever the number of accounts and the size of the team, written as SQL: an
 * import welcomes thousands of accounts at once, and drizzle's builder cannot write INSERT … SELECT with a
 * window function or UPDATE … FROM.
 */
function createWelcomeTasks(db: CrmDatabase, accountIds: readonly number[], now = new Date()): void {
  const sqlite = db.$client;
  const settings = readTaskAutomation(db).welcome;
  if (!settings.enabled || accountIds.length === 0) return;
  // A chosen assignee who has since been deactivated gets no new work: the rotation takes over.
  const chosenIsActive = settings.assignTo !== "round_robin" && isActiveUser(db, settings.assignTo);
  const rotation = chosenIsActive ? { team: [settings.assignTo as number], next: 0 } : roundRobinRotation(db);
  if (rotation.team.length === 0) return;
  const lastTaskIdBefore = db.select({ id: max(tasks.id) }).from(tasks).get()?.id ?? 0;
  // The n-th welcomed account (in id order) goes to the team member n turns after the rotation's next one.
  const { changes: welcomed } = sqlite.run(
    `WITH welcomed AS (
       SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS turn FROM accounts
       WHERE id IN (SELECT value FROM json_each(?1)) AND (added_by_hand = 1 OR first_order_at >= ?2)
         AND NOT EXISTS (SELECT 1 FROM tasks WHERE tasks.account_id = accounts.id AND tasks.source = 'welcome')
     )
     INSERT INTO tasks (title, account_id, assignee_id, due_date, status, source, created_at, updated_at)
     SELECT 'Welcome ' || welcomed.name, welcomed.id, member.value, ?3, 'open', 'welcome', ?4, ?4
     FROM welcomed JOIN json_each(?5) member ON member.key = (welcomed.turn + ?6) % ?7
     ORDER BY welcomed.turn`,
    [
      JSON.stringify(accountIds),
      startOfDaysAgo(WELCOME_WITHIN_DAYS, now),
      addDays(businessToday(now), settings.dueInDays),
      now.getTime(),
      JSON.stringify(rotation.team),
      rotation.next,
      rotation.team.length,
    ],
  );
  if (welcomed === 0) return;
  if (!chosenIsActive) rememberLastServed(db, rotation.team[(rotation.next + welcomed - 1) % rotation.team.length]!);
  sqlite.run(
    `UPDATE accounts SET owner_user_id = task.assignee_id
     FROM tasks task WHERE task.id > ? AND task.account_id = accounts.id AND accounts.owner_user_id IS NULL`,
    [lastTaskIdBefore],
  );
}

/** "Reach out to {contact}" when a contact is added to an existing account, in the transaction that adds it. */
function createNewContactTask(db: CrmDatabase, accountId: number, contactName: string, now = new Date()): void {
  const settings = readTaskAutomation(db).newContact;
  if (!settings.enabled) return;
  const owner = db.select({ ownerUserId: accounts.ownerUserId }).from(accounts).where(eq(accounts.id, accountId)).get()?.ownerUserId;
  const assigneeId = settings.assignTo === "account_owner" && owner != null && isActiveUser(db, owner) ? owner : roundRobinTurns(db, 1)[0];
  if (assigneeId === undefined) return;
  db.insert(tasks)
    .values({
      title: `Reach out to ${contactName}`,
      accountId,
      assigneeId,
      dueDate: addDays(businessToday(now), settings.dueInDays),
      source: "new-contact",
      createdAt: now,
      updatedAt: now,
    })
    .run();
}

/** The next `count` assignees in turn (see roundRobinRotation), the rotation moved on past them. */
function roundRobinTurns(db: CrmDatabase, count: number): number[] {
  const { team, next } = roundRobinRotation(db);
  if (team.length === 0) return [];
  const turns = Array.from({ length: count }, (_, index) => team[(next + index) % team.length]!);
  rememberLastServed(db, turns[turns.length - 1]!);
  return turns;
}

/**
 * Active users in a stable order (by id), and the index of whose turn is next: the one after the last
 * served, who is remembered in the database so the rotation survives restarts.
 */
function roundRobinRotation(db: CrmDatabase): { team: number[]; next: number } {
  const team = db.select({ id: users.id }).from(users).where(eq(users.active, true)).orderBy(asc(users.id)).all().map((row) => row.id);
  const last = Number(readSetting(db, "roundRobinCursor") ?? 0);
  const next = team.findIndex((id) => id > last);
  return { team, next: next === -1 ? 0 : next };
}

function rememberLastServed(db: CrmDatabase, userId: number): void {
  writeSetting(db, "roundRobinCursor", String(userId));
}

function isActiveUser(db: CrmDatabase, userId: number): boolean {
  return db.select({ active: users.active }).from(users).where(eq(users.id, userId)).get()?.active === true;
}

function dueInDays(field: string, value: unknown): number {
  const { min, max } = TASK_DUE_IN_DAYS;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) throw invalid(field, `${field} must be a whole number of days from ${min} to ${max}`);
  return value;
}

function activeUserId(db: CrmDatabase, field: string, value: unknown): number {
  const id = typeof value === "number" ? value : Number.NaN;
  if (!Number.isInteger(id) || !isActiveUser(db, id)) throw invalid(field, `${field} must be round_robin or an active user's id`);
  return id;
}
