import type { WriteOutcome } from "./use-write";

/** What pressing Enter or the check button does with the text typed. */
export type InlineSaveDecision = { kind: "unchanged" } | { kind: "save"; text: string };

/** Values are trimmed; text that trims to the current value is not sent. */
export function decideInlineSave(current: string | null, draft: string): InlineSaveDecision {
  const text = draft.trim();
  return text === (current ?? "").trim() ? { kind: "unchanged" } : { kind: "save", text };
}

/** A value the server has just stored, and the value it replaced. */
export interface SavedInlineValue {
  stored: string | null;
  replaced: string | null;
}

/**
 * What the field shows: the value just stored, while the value given is still the one it replaced.
 * The refetched value takes over as soon as it arrives, so the field never flicks back in between.
 */
export function shownInlineValue(value: string | null, saved: SavedInlineValue | null): string | null {
  return saved !== null && saved.replaced === value ? saved.stored : value;
}

/**
 * Where a save leaves the field. Stored, it shows the value the server stored. Refused (the write hook has
 * toasted the server's reason), it stays open with the text as typed, so that a typo is corrected rather
 * than typed again, and a refusal is never mistaken for a save.
 */
export type InlineSaveEnd = { mode: "viewing"; saved: SavedInlineValue } | { mode: "editing" };

export function inlineSaveEnd(outcome: WriteOutcome<string | null>, replaced: string | null): InlineSaveEnd {
  return outcome.ok ? { mode: "viewing", saved: { stored: outcome.value, replaced } } : { mode: "editing" };
}
