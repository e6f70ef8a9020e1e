import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import { Link, useLocation } from "wouter";
import { isSearchable, useAccountSearch, type AccountSearchHit } from "../../api/search";
import { formatCountOf } from "../../format/count";
import { SearchIcon } from "../icons";
import { isSearchShortcut, isTypingTarget, nextHighlight } from "./header-search";

/**
 * Finds accounts by name, domain, e-mail, phone, contact or order number as you type (3 characters
 * or more). A combobox: arrows move through the results, Enter opens one, Escape closes; '/' or
 * Ctrl+K (Cmd+K) jumps here from anywhere on the page.
 */
export function HeaderSearch() {
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const query = text.trim();
  const { hits, error, isSearching } = useAccountSearch(query);
  const [, navigate] = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();

  const results = isSearching || error ? [] : (hits ?? []);
  const isExpanded = isOpen && isSearchable(query);
  const highlightedHit = isExpanded ? results[highlighted] : undefined;

  useFocusOnShortcut(inputRef);

  useEffect(() => {
    if (!isExpanded) return;
    function closeOnPressOutside(event: PointerEvent) {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setIsOpen(false);
    }
    document.addEventListener("pointerdown", closeOnPressOutside);
    return () => document.removeEventListener("pointerdown", closeOnPressOutside);
  }, [isExpanded]);

  function changeText(next: string) {
    setText(next);
    setHighlighted(-1);
    setIsOpen(true);
  }

  /** After a result is chosen the search starts over, ready for the next one. */
  function finish() {
    setText("");
    setIsOpen(false);
    setHighlighted(-1);
    inputRef.current?.blur();
  }

  function open(hit: AccountSearchHit) {
    navigate(`/accounts/${hit.id}`);
    finish();
  }

  /** Tabbing away closes the results; a press elsewhere on the page is caught by the listener above. */
  function onBlur(event: FocusEvent<HTMLInputElement>) {
    if (event.relatedTarget instanceof Node && !containerRef.current?.contains(event.relatedTarget)) setIsOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setIsOpen(true);
      setHighlighted((current) => nextHighlight(current, results.length, event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter") {
      const hit = results[highlighted] ?? results[0];
      if (isExpanded && hit) {
        event.preventDefault();
        open(hit);
      }
    } else if (event.key === "Escape") {
      // Also keeps Chromium from clearing the search field: the text stays for when it is focused again.
      event.preventDefault();
      setIsOpen(false);
      inputRef.current?.blur();
    }
  }

  return (
    <div ref={containerRef} className="relative hidden w-56 sm:block lg:w-80">
      <label htmlFor="header-search" className="sr-only">
        Search
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        ref={inputRef}
        id="header-search"
        type="search"
        role="combobox"
        aria-expanded={isExpanded}
        aria-controls={isExpanded ? listboxId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={highlightedHit ? optionId(listboxId, highlightedHit) : undefined}
        aria-keyshortcuts="/ Control+K Meta+K"
        placeholder="Search accounts, contacts, orders..."
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => changeText(event.target.value)}
        onFocus={() => setIsOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        data-testid="header-search"
        className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-500 focus:bg-white focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
      />
      {isExpanded && (
        <div
          data-testid="search-results"
          className="absolute top-full right-0 z-40 mt-2 w-80 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          {isSearching ? (
            <p role="status" className="px-4 py-3 text-sm text-slate-500">
              Searching...
            </p>
          ) : error ? (
            <p role="alert" className="px-4 py-3 text-sm text-red-600">
              The search failed. Please try again.
            </p>
          ) : results.length === 0 ? (
            <p role="status" className="px-4 py-3 text-sm break-words text-slate-500">
              No accounts found matching "{query}"
            </p>
          ) : (
            <ul id={listboxId} role="listbox" aria-label="Accounts found" className="max-h-96 overflow-y-auto py-1">
              {results.map((hit, index) => (
                <li
                  key={hit.id}
                  id={optionId(listboxId, hit)}
                  role="option"
                  aria-selected={index === highlighted}
                  onPointerMove={() => setHighlighted(index)}
                  data-testid="search-result"
                >
                  {/* A real link, so that a middle click or Ctrl+click opens the account in a new tab. */}
                  <Link
                    href={`/accounts/${hit.id}`}
                    tabIndex={-1}
                    onClick={finish}
                    className={`flex items-center justify-between gap-3 px-4 py-2.5 ${index === highlighted ? "bg-blue-50" : ""}`}
                  >
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">{hit.name}</span>
                      <span className={`block truncate text-xs ${hit.domain ? "text-slate-500" : "text-slate-400"}`}>{hit.domain ?? "No domain"}</span>
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">{formatCountOf(hit.orderCount, "order")}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function optionId(listboxId: string, hit: AccountSearchHit): string {
  return `${listboxId}-account-${hit.id}`;
}

/** '/' or Ctrl+K (Cmd+K) focuses the search, unless the key press is typing into another field. */
function useFocusOnShortcut(inputRef: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    function focusSearch(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      if (isTypingTarget(event.target instanceof HTMLElement ? event.target : null)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    }
    document.addEventListener("keydown", focusSearch);
    return () => document.removeEventListener("keydown", focusSearch);
  }, [inputRef]);
}
