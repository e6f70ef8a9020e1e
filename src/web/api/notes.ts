import { useCallback } from "react";
import useSWR from "swr";
import type { toNoteJson } from "../../server/json/note-json.ts";
import { accountDetailUrl } from "./account-detail";
import { apiRequest } from "./client";

/** createdByName is null once the author's user is deleted; updatedAt differs from createdAt once the note is edited. */
export type Note = ReturnType<typeof toNoteJson>;

/** A blank title is sent as null. */
export interface NoteFields {
  title: string | null;
  content: string;
}

/** An account's notes, newest first; kept on screen while a change refetches them. */
export function useAccountNotes(accountId: number) {
  const { data, error, mutate } = useSWR<Note[]>(`${accountDetailUrl(accountId)}/notes`, { keepPreviousData: true });
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return { notes: data, error, refresh };
}

export function createNote(accountId: number, fields: NoteFields): Promise<Note> {
  return apiRequest<Note>("POST", `${accountDetailUrl(accountId)}/notes`, fields);
}

export function updateNote(noteId: number, fields: NoteFields): Promise<Note> {
  return apiRequest<Note>("PATCH", `/api/notes/${noteId}`, fields);
}

export function deleteNote(noteId: number): Promise<void> {
  return apiRequest<void>("DELETE", `/api/notes/${noteId}`);
}
