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
