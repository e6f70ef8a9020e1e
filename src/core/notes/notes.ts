import { desc, eq, sql } from "drizzle-orm";
import { SHORT_TEXT_MAX_LENGTH } from "../../contracts/common.ts";
import { NOTE_CONTENT_MAX_LENGTH, type NewNoteBody, type NoteChanges } from "../../contracts/notes.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import { announceChange, type Change, type TimelineKind } from "../changes/change-feed.ts";
import { fieldChanges } from "../changes/field-changes.ts";
import { actorOf, type Actor } from "../changes/actor.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { notes, users } from "../database/schema.ts";
import { forbidden, invalid, notFound } from "../errors.ts";
import type { PublicUser } from "../users/users.ts";
import { formatCount } from "../../contracts/counts.ts";
import { inTransaction } from "../database/transaction.ts";
import { putInRecycleBin, wholeRow } from "../recycle-bin/bin-entries.ts";

export interface Note {
  id: number;
  accountId: number;
  title: string | null;
  content: string;
  createdByUserId: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An account's notes, newest first, with their author's name. */
export function listNotes(db: CrmDatabase, accountId: number): Note[] {
  assertAccountExists(db, accountId);
  // Prepared once: the account screen asks each time it opens, and building the query cost more than running it.
  const accountNotes = preparedOnce(db, "accountNotes", () =>
    noteQuery(db).where(eq(notes.accountId, sql.placeholder("accountId"))).orderBy(desc(notes.createdAt), desc(notes.id)).prepare(),
  );
  return accountNotes.all({ accountId });
}

/** A blank title is stored as none; the content is required. */
export function createNote(db: CrmDatabase, accountId: number, fields: NewNoteBody, actor: Actor): Note {
  const content = requiredContent(fields.content);
  const title = optionalTitle(fields.title);
  const now = new Date();
  return inTransaction(db, () => {
    assertAccountExists(db, accountId);
    const [created] = db.insert(notes).values({ accountId, title, content, createdByUserId: actor.userId, createdAt: now, updatedAt: now }).returning({ id: notes.id }).all();
    noteChanged(db, { accountId, noteId: created!.id, action: "created", changes: noteChanges(null, { title, content }) }, "note_added", `Added a note: ${describe(title, content)}`, actor, now);
    return findNote(db, created!.id);
  });
}

/** Edits move updatedAt, which is what marks a note '(edited)'. Only its author or an administrator may. */
export function updateNote(db: CrmDatabase, noteId: number, fields: NoteChanges, editor: PublicUser): Note {
  const changes: Partial<typeof notes.$inferInsert> = {};
  if (fields.content !== undefined) changes.content = requiredContent(fields.content);
  if (fields.title !== undefined) changes.title = optionalTitle(fields.title);
  return inTransaction(db, () => {
    const existing = findNote(db, noteId);
    assertMayChange(existing, editor);
    if (Object.keys(changes).length === 0) return existing;
    const now = new Date();
    db.update(notes).set({ ...changes, updatedAt: now }).where(eq(notes.id, noteId)).run();
    const updated = findNote(db, noteId);
    const edit = { accountId: existing.accountId, noteId, action: "updated" as const, changes: noteChanges(existing, updated) };
    noteChanged(db, edit, "note_edited", `Edited a note: ${describe(updated.title, updated.content)}`, actorOf(editor), now);
    return updated;
  });
}

/**
 * Only its author or an administrator may delete a note. It goes to the recycle bin, whole, for
 * UNDO_WINDOW_DAYS (recycle-bin/). Returns the bin entry's id.
 */
export function deleteNote(db: CrmDatabase, noteId: number, editor: PublicUser): number {
  return inTransaction(db, () => {
    const existing = findNote(db, noteId);
    assertMayChange(existing, editor);
    const [actor, at, accountId, recordKey] = [actorOf(editor), new Date(), existing.accountId, String(noteId)];
    const label = describeNote(existing);
    const binEntryId = putInRecycleBin(db, { kind: "note", recordKey, accountId, label, record: wholeRow(db, "notes", "id", noteId)! }, actor, at);
    db.delete(notes).where(eq(notes.id, noteId)).run();
    const timeline = [{ accountId, kind: "note_deleted" as const, summary: `Deleted a note: ${label}` }];
    announceChange(db, { type: "record_deleted", kind: "note", binEntryId, recordKey, accountId, label, changes: noteChanges(existing, null), actor, at, timeline });
    return binEntryId;
  });
}

type NoteChange = Omit<Extract<Change, { type: "note_changed" }>, "type" | "actor" | "at" | "timeline">;

function noteChanged(db: CrmDatabase, change: NoteChange, kind: TimelineKind, summary: string, actor: Actor, at: Date): void {
  const { accountId } = change;
  announceChange(db, { type: "note_changed", ...change, actor, at, timeline: [{ accountId, kind, summary }] });
}

/** A note's title and text before and after; the text summarised with a hash when long. */
function noteChanges(before: Pick<Note, "title" | "content"> | null, after: Pick<Note, "title" | "content"> | null) {
  return fieldChanges(before ?? {}, after ?? {}, ["title", "content"]);
}

/**
 * A note is its author's word: colleagues add their own rather than rewrite it. Administrators may change any
 * (a note whose author left, one that should not be there).
 */
export function mayChangeNote(note: Pick<Note, "createdByUserId">, user: PublicUser): boolean {
  return user.role === "admin" || (note.createdByUserId !== null && note.createdByUserId === user.id);
}

function assertMayChange(note: Note, user: PublicUser): void {
  if (!mayChangeNote(note, user)) throw forbidden("Only the note's author or an administrator can change it");
}

function findNote(db: CrmQueries, noteId: number): Note {
  const note = noteQuery(db).where(eq(notes.id, noteId)).get();
  if (!note) throw notFound("Note not found");
  return note;
}

function noteQuery(db: CrmQueries) {
  return db
    .select({
      id: notes.id,
      accountId: notes.accountId,
      title: notes.title,
      content: notes.content,
      createdByUserId: notes.createdByUserId,
      createdByName: users.name,
      createdAt: notes.createdAt,
      updatedAt: notes.updatedAt,
    })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdByUserId));
}

function requiredContent(value: string): string {
  const content = value.trim();
  if (!content) throw invalid("content", "content is required");
  if (content.length > NOTE_CONTENT_MAX_LENGTH) throw invalid("content", `content must be at most ${formatCount(NOTE_CONTENT_MAX_LENGTH)} characters`);
  return content;
}

function optionalTitle(value: string | null | undefined): string | null {
  const title = value?.trim() ?? "";
  if (title.length > SHORT_TEXT_MAX_LENGTH) throw invalid("title", `title must be at most ${SHORT_TEXT_MAX_LENGTH} characters`);
  return title || null;
}

/** How the timeline and the recycle bin name a note: its title, else its first words. */
export function describeNote(note: { title: string | null; content: string }): string {
  return describe(note.title, note.content);
}

function describe(title: string | null, content: string): string {
  const text = title ?? content;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
