import type { Note } from "../../api/notes";
import { formatUsDateTime } from "../../format/dates";
import { IconButton } from "../../ui/Button";
import { CloseIcon, PencilIcon } from "../../ui/icons";
import { isEditedNote } from "./note-form";

export interface NotesListProps {
  notes: readonly Note[];
  onEdit: (note: Note) => void;
  onDelete: (note: Note) => void;
}

/**
 * The account's notes, newest first. A click anywhere on a note edits it; its buttons do the same from the
 * keyboard. Notes the user may not change (a colleague's, unless they are an administrator) offer neither.
 */
export function NotesList({ notes, onEdit, onDelete }: NotesListProps) {
  return (
    <ul className="space-y-3" data-testid="notes-list">
      {notes.map((note) => (
        <li key={note.id}>
          <article
            onClick={note.canChange ? () => onEdit(note) : undefined}
            className={`group rounded-lg border border-slate-200 p-4 ${note.canChange ? "cursor-pointer transition-colors hover:border-slate-300 hover:bg-slate-50" : ""}`}
            data-testid="note-item"
            data-note-id={note.id}
          >
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                {note.title && <h3 className="text-sm font-semibold break-words text-slate-900">{note.title}</h3>}
                <p className={`text-sm break-words whitespace-pre-wrap text-slate-700 ${note.title ? "mt-1" : ""}`}>{note.content}</p>
              </div>
              {/* The buttons act alone: a click on them must not also count as a click on the note. */}
              {note.canChange && (
                <div className="-mt-1 -mr-1 flex shrink-0" onClick={(event) => event.stopPropagation()}>
                  <IconButton label="Edit note" icon={PencilIcon} onClick={() => onEdit(note)} data-testid="note-edit-button" />
                  <IconButton label="Delete note" icon={CloseIcon} onClick={() => onDelete(note)} className="hover:bg-red-50 hover:text-red-600" data-testid="note-delete-button" />
                </div>
              )}
            </div>
            <p className="mt-3 text-xs text-slate-500">
              By {note.createdByName ?? "Unknown User"} · <time dateTime={note.createdAt}>{formatUsDateTime(note.createdAt)}</time>
              {isEditedNote(note) && <span className="italic"> (edited)</span>}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
