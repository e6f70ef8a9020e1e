import type { AccountFilterQuery } from "../../../contracts/accounts.ts";
import { formatCount } from "../../format/count";

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

/**
 * Where 'See all N results' leads: the accounts screen filtered by the same text, which it matches as the
 * search does, over everyone's accounts as the search counted them (a sales rep's screen opens on their own).
 */
export function allResultsHref(text: string): string {
  return `/accounts?${new URLSearchParams({ q: text.trim(), owner: "all" } satisfies Pick<AccountFilterQuery, "q" | "owner">)}`;
}

/**
 * 'See all 24 results', or 'See all 1,000+ results' past what the server counts to; undefined when the
 * results shown are all there are.
 */
export function seeAllLabel(shown: number, total: number, totalCapped: boolean): string | undefined {
  if (!totalCapped && total <= shown) return undefined;
  return `See all ${formatCount(total)}${totalCapped ? "+" : ""} results`;
}
