/** The option highlighted after ArrowDown (+1) or ArrowUp (-1), wrapping round; -1 is none highlighted. */
export function nextHighlight(current: number, optionCount: number, step: 1 | -1): number {
  if (optionCount === 0) return -1;
  if (current < 0) return step === 1 ? 0 : optionCount - 1;
  return (current + step + optionCount) % optionCount;
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** '/' or Ctrl+K (Cmd+K on a Mac) jump to the header search. */
export function isSearchShortcut(press: KeyPress): boolean {
  if (press.altKey) return false;
  if (press.key === "/") return !press.ctrlKey && !press.metaKey;
  return press.key.toLowerCase() === "k" && (press.ctrlKey || press.metaKey);
}

/** Where a key press is typing, so the shortcut must leave it alone. */
export function isTypingTarget(target: { tagName: string; isContentEditable?: boolean } | null): boolean {
  if (!target) return false;
  return target.isContentEditable === true || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
