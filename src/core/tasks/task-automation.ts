import type { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { accounts, tasks, users } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { readSetting, writeSetting } from "../settings/settings.ts";
import { addDays, businessToday } from "./calendar-date.ts";

export interface TaskAutomationSettings {
  welcome: { enabled: boolean; dueInDays: number; assignTo: "round_robin" | number };
  newContact: { enabled: boolean; dueInDays: number; assignTo: "account_owner" | "round_robin" };
}

export const DEFAULT_TASK_AUTOMATION: TaskAutomationSettings = {
  welcome: { enabled: true, dueInDays: 2, assignTo: "round_robin" },
  newContact: { enabled: true, dueInDays: 1, assignTo: "account_owner" },
};

export function readTaskAutomation(db: CrmDatabase): TaskAutomationSettings {
  const stored = readSetting(db, "taskAutomation");
  return stored ? { ...DEFAULT_TASK_AUTOMATION, ...(JSON.parse(stored) as TaskAutomationSettings) } : DEFAULT_TASK_AUTOMATION;
}

/** Checks and stores the automation settings; a chosen welcome assignee must be an active user. */
export function saveTaskAutomation(db: CrmDatabase, input: TaskAutomationSettings): TaskAutomationSettings {
  const settings: TaskAutomationSettings = {
    welcome: {
      enabled: Boolean(input.welcome?.enabled),
      dueInDays: dueInDays("welcome.dueInDays", input.welcome?.dueInDays),
      assignTo: input.welcome?.assignTo === "round_robin" ? "round_robin" : activeUserId(db, "welcome.assignTo", input.welcome?.assignTo),
    },
    newContact: {
      enabled: Boolean(input.newContact?.enabled),
      dueInDays: dueInDays("newContact.dueInDays", input.newContact?.dueInDays),
      assignTo: oneOf("newContact.assignTo", input.newContact?.assignTo, ["account_owner", "round_robin"] as const),
    },
  };
  writeSetting(db, "taskAutomation", JSON.stringify(settings));
  return settings;
}

/**
 * Welcome tasks for newly created accounts, in the transaction that created them: "Welcome {name}", due
 * in the configured days, each assigned round robin (or to the chosen user), who also becomes the
 * account's owner. Set-based, so an import creating thousands of accounts pays two statements.
 */
export function createWelcomeTasks(db: CrmDatabase, accountIds: readonly number[], now = new Date()): void {
  const sqlite = db.$client;
  const settings = readTaskAutomation(db).welcome;
  if (!settings.enabled || accountIds.length === 0) return;
  // A chosen assignee who has since been deactivated gets no new work: the rotation takes over.
  const chosenIsActive = settings.assignTo !== "round_robin" && sqlite.query<{ active: number }, [number]>("SELECT active FROM users WHERE id = ?").get(settings.assignTo)?.active === 1;
  const assignees = chosenIsActive ? Array<number>(accountIds.length).fill(settings.assignTo as number) : roundRobinTurns(sqlite, accountIds.length);
  if (assignees.length === 0) return;
  const dueDate = addDays(businessToday(now), settings.dueInDays);
  const plan = JSON.stringify(accountIds.map((id, index) => [id, assignees[index]]));
  sqlite.run(
    `INSERT INTO tasks (title, account_id, assignee_id, due_date, status, source, created_at, updated_at)
     SELECT 'Welcome ' || a.name, a.id, json_extract(p.value, '$[1]'), ?, 'open', 'welcome', ?, ?
     FROM json_each(?) p JOIN accounts a ON a.id = json_extract(p.value, '$[0]')`,
    [dueDate, now.getTime(), now.getTime(), plan],
  );
  sqlite.run(
    `UPDATE accounts SET owner_user_id = (SELECT json_extract(p.value, '$[1]') FROM json_each(?1) p WHERE json_extract(p.value, '$[0]') = accounts.id)
     WHERE id IN (SELECT json_extract(value, '$[0]') FROM json_each(?1)) AND owner_user_id IS NULL`,
    [plan],
  );
}

/** "Reach out to {contact}" when a contact is added to an existing account, in the transaction that adds it. */
export function createNewContactTask(db: CrmDatabase, accountId: number, contactName: string, now = new Date()): void {
  const settings = readTaskAutomation(db).newContact;
  if (!settings.enabled) return;
  const owner = db.select({ ownerUserId: accounts.ownerUserId }).from(accounts).where(eq(accounts.id, accountId)).get()?.ownerUserId;
  const ownerIsActive = owner != null && db.select({ active: users.active }).from(users).where(eq(users.id, owner)).get()?.active === true;
  const assigneeId = settings.assignTo === "account_owner" && ownerIsActive ? owner : roundRobinTurns(db.$client, 1)[0];
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

/**
 * The next `count` assignees in turn: active users in a stable order (by id), continuing after the last
 * one served, which is remembered in the database so the rotation survives restarts.
 */
export function roundRobinTurns(sqlite: Database, count: number): number[] {
  const team = sqlite.query<{ id: number }, []>("SELECT id FROM users WHERE active = 1 ORDER BY id").all().map((row) => row.id);
  if (team.length === 0) return [];
  const last = Number(sqlite.query<{ value: string }, []>("SELECT value FROM settings WHERE key = 'roundRobinCursor'").get()?.value ?? 0);
  let next = team.findIndex((id) => id > last);
  if (next === -1) next = 0;
  const turns = Array.from({ length: count }, (_, index) => team[(next + index) % team.length]!);
  sqlite.run(
    "INSERT INTO settings (key, value, updated_at) VALUES ('roundRobinCursor', ?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?1, updated_at = ?2",
    [String(turns[turns.length - 1]), Date.now()],
  );
  return turns;
}

function dueInDays(field: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 365) throw invalid(field, `${field} must be a whole number of days from 1 to 365`);
  return value;
}

function activeUserId(db: CrmDatabase, field: string, value: unknown): number {
  const id = typeof value === "number" ? value : Number.NaN;
  const user = Number.isInteger(id) ? db.select({ active: users.active }).from(users).where(eq(users.id, id)).get() : undefined;
  if (!user?.active) throw invalid(field, `${field} must be round_robin or an active user's id`);
  return id;
}

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (!found) throw invalid(field, `${field} must be one of ${allowed.join(", ")}`);
  return found;
}
