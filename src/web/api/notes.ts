import { useCallback } from "react";
import useSWR from "swr";
import { NOTES_PATH, type NewNoteBody, type Note } from "../../contracts/notes.ts";
import type { Recycled } from "../../contracts/recycle-bin.ts";
import { accountDetailUrl } from "./account-detail";
import { apiRequest } from "./client";

export type { Note } from "../../contracts/notes.ts";

/** What the note form sends, creating or editing: both fields, a blank title as null, which clears it on an edit. */
export type NoteFields = Required<NewNoteBody>;

export function accountNotesUrl(accountId: number): string {
  return `${accountDetailUrl(accountId)}/notes`;
}

/** An account's notes, newest first; kept on screen while a change refetches them. */
export function useAccountNotes(accountId: number) {
  const { data, error, mutate } = useSWR<Note[]>(accountNotesUrl(accountId), { keepPreviousData: true });
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return { notes: data, error, refresh };
}

export function createNote(accountId: number, fields: NoteFields): Promise<Note> {
  return apiRequest<Note>("POST", `${accountDetailUrl(accountId)}/notes`, fields);
}

export function updateNote(noteId: number, fields: NoteFields): Promise<Note> {
  return apiRequest<Note>("PATCH", `${NOTES_PATH}/${noteId}`, fields);
}

/** Moves the note to the recycle bin; the answer names its entry there, which Undo restores. */
export function deleteNote(noteId: number): Promise<Recycled> {
  return apiRequest<Recycled>("DELETE", `${NOTES_PATH}/${noteId}`);
}
