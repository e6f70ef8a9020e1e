import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { WriteOutcome } from "./use-write";
import { IconButton } from "./Button";
import { CheckIcon, CloseIcon, PencilIcon } from "./icons";
import { EmailLink, PhoneLink } from "./ContactLinks";
import { displayPhone } from "../format/phone";
import { decideInlineSave, inlineSaveEnd, shownInlineValue, type SavedInlineValue } from "./inline-edit";
import { Spinner } from "./Spinner";

export interface InlineEditableTextProps {
  value: string | null;
  /** Names the field in lower case: 'account name' labels the button 'Edit account name'. */
  label: string;
  /**
   * Stores the trimmed text through useWrite, which toasts a refusal with the server's reason; resolves with
   * the value as the server stored it (it may normalise it).
   */
  onSave: (text: string) => Promise<WriteOutcome<string | null>>;
  /** Shown in place of an empty value, and in the empty input: 'Add phone number'. */
  placeholder: string;
  type?: "text" | "email" | "tel";
  /** The look of the value: size, weight, colour. */
  textClassName?: string;
  testId?: string;
  /**
   * A phone or e-mail shows as its tel: or mailto: link, with a pencil beside it to edit it (a tap on the
   * value calls or writes); a phone is edited as people read it, '(414) 479-4233'.
   */
  linkAs?: "phone" | "email";
}

type Mode = "viewing" | "editing" | "saving";

/**
 * A value that turns into an input when clicked (or on Enter or Space). Enter or ✓ saves, Escape or ×
 * discards; unchanged text is not sent. A save the server refuses leaves the input open with the text typed,
 * beside the write hook's toast saying why.
 */
export function InlineEditableText({ value, label, onSave, placeholder, type = "text", textClassName = "text-sm text-slate-900", testId, linkAs }: InlineEditableTextProps) {
  const [mode, setMode] = useState<Mode>("viewing");
  const [draft, setDraft] = useState("");
  const [saved, setSaved] = useState<SavedInlineValue | null>(null);
  const valueId = useId();
  const viewButtonRef = useRef<HTMLButtonElement>(null);
  const shouldRefocus = useRef(false);

  // Once the value given is no longer the one a save replaced, the refetched value has taken over.
  if (saved !== null && value !== saved.replaced) setSaved(null);
  const shown = shownInlineValue(value, saved);
  const editable = shown && linkAs === "phone" ? displayPhone(shown) : shown;

  useEffect(() => {
    // Back from editing, keyboard focus returns to the value rather than to the top of the page.
    if (mode === "viewing" && shouldRefocus.current) {
      shouldRefocus.current = false;
      viewButtonRef.current?.focus();
    }
  }, [mode]);

  function startEditing() {
    setDraft(editable ?? "");
    setMode("editing");
  }

  function stopEditing() {
    shouldRefocus.current = true;
    setMode("viewing");
  }

  async function save() {
    // Enter pressed again while the first save is under way must not send it twice.
    if (mode !== "editing") return;
    const decision = decideInlineSave(editable, draft);
    if (decision.kind === "unchanged") {
      stopEditing();
      return;
    }
    setMode("saving");
    const end = inlineSaveEnd(await onSave(decision.text), value);
    if (end.mode === "editing") {
      setMode("editing");
      return;
    }
    setSaved(end.saved);
    stopEditing();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      void save();
    } else if (event.key === "Escape") {
      // Escape belongs to this field: it must not also close a dialog or menu around it.
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    }
  }

  // What starts editing, whether the value shows as a link beside it or is itself the button.
  const editButton = {
    ref: viewButtonRef,
    type: "button" as const,
    onClick: startEditing,
    "aria-label": `Edit ${label}`,
    "aria-describedby": valueId,
    title: `Edit ${label}`,
    "data-testid": testId,
  };

  if (mode === "viewing" && shown && linkAs) {
    return (
      <span className="inline-flex max-w-full min-w-0 items-center gap-1">
        <span id={valueId} className="min-w-0 text-sm">
          {linkAs === "phone" ? <PhoneLink phone={shown} testId={testId && `${testId}-link`} /> : <EmailLink email={shown} testId={testId && `${testId}-link`} />}
        </span>
        <button
          {...editButton}
          className="rounded-md p-1 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
        >
          <PencilIcon className="size-3.5" />
        </button>
      </span>
    );
  }

  if (mode === "viewing") {
    return (
      <button
        {...editButton}
        className="-mx-1.5 inline-flex max-w-full min-w-0 cursor-text rounded-md px-1.5 py-0.5 text-left transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
      >
        <span id={valueId} className={`min-w-0 break-words ${shown ? textClassName : "text-sm text-slate-400 italic"}`}>
          {shown || placeholder}
        </span>
      </button>
    );
  }

  const isSaving = mode === "saving";
  return (
    <span className="-mx-1.5 flex max-w-full min-w-0 items-center gap-1" data-testid={testId && `${testId}-editor`}>
      <input
        type={type}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label={label.charAt(0).toUpperCase() + label.slice(1)}
        placeholder={placeholder}
        readOnly={isSaving}
        aria-busy={isSaving}
        autoFocus
        data-testid={testId && `${testId}-input`}
        className={`min-w-0 flex-1 rounded-md border border-blue-500 bg-white px-1.5 py-0.5 ring-2 ring-blue-500/20 outline-none read-only:bg-slate-50 read-only:text-slate-500 ${textClassName}`}
      />
      {isSaving ? (
        <span className="flex size-7 items-center justify-center">
          <Spinner className="size-4" label={`Saving ${label}`} />
        </span>
      ) : (
        <>
          <IconButton label={`Save ${label}`} icon={CheckIcon} onClick={() => void save()} className="text-emerald-600 hover:text-emerald-700" />
          <IconButton label={`Cancel editing ${label}`} icon={CloseIcon} onClick={stopEditing} />
        </>
      )}
    </span>
  );
}
