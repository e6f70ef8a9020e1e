import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { Link, useLocation } from "wouter";
import { isSearchable, useAccountSearch, type AccountSearchHit } from "../../api/search";
import { formatCountOf } from "../../format/count";
import { AccountHitText } from "../../ui/AccountHitText";
import { SearchIcon } from "../../ui/icons";
import { onDemand, onDemandComponent } from "../../ui/on-demand";
import { allResultsHref, isSearchShortcut, isTypingTarget, nextHighlight, seeAllLabel } from "./header-search";

/**
 * Finds accounts by name, domain, e-mail, phone, contact or order number as you type (3 characters or
 * more), each result saying what it was found by. A field in the header from the md breakpoint up;
 * below it, where the header has no room for one, a button opening the same search in a panel across
 * the top of the screen. '/' or Ctrl+K (Cmd+K) jumps to it from anywhere on the page. When more accounts
 * match than the ten shown, the last option, 'See all N results', opens the accounts screen filtered by
 * the same text.
 */
export function HeaderSearch() {
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);

  useSearchShortcut(fieldRef, setIsPanelOpen);

  const closePanel = () => setIsPanelOpen(false);
  return (
    <>
      <AccountSearchCombobox layout="field" inputRef={fieldRef} />
      <button
        type="button"
        aria-label="Search"
        aria-keyshortcuts="/ Control+K Meta+K"
        onClick={() => setIsPanelOpen(true)}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 md:hidden"
        data-testid="header-search-button"
      >
        <SearchIcon className="size-5" />
      </button>
      {/* Left open if the window widens past md meanwhile: it works as well there, and closes as it always does. */}
      {isPanelOpen && <SearchPanel onClose={closePanel} />}
    </>
  );
}

// A dialog of Headless UI's, which the first page does without (on-demand.ts).
const SearchPanel = onDemandComponent(onDemand(() => import("./SearchPanel").then((module) => module.SearchPanel)));

interface AccountSearchComboboxProps {
  /** In the header, with its results dropping down under it; or filling the small screens' panel, its results below. */
  layout: "field" | "panel";
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The panel's closing: after a result is chosen, or on Escape. */
  onDone?: () => void;
  /** Beside the field in the panel (its Cancel button). */
  trailing?: ReactNode;
}

/** A combobox: arrows move through the results and 'See all', Enter opens the one highlighted, Escape closes them. */
export function AccountSearchCombobox({ layout, inputRef: givenInputRef, onDone, trailing }: AccountSearchComboboxProps) {
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const query = text.trim();
  const { hits, total, totalCapped, error, isSearching } = useAccountSearch(query);
  const [, navigate] = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const ownInputRef = useRef<HTMLInputElement>(null);
  const inputRef = givenInputRef ?? ownInputRef;
  const inputId = useId();
  const listboxId = useId();
  const isPanel = layout === "panel";

  const results = isSearching || error ? [] : (hits ?? []);
  const seeAll = results.length > 0 ? seeAllLabel(results.length, total, totalCapped) : undefined;
  /** 'See all' is the option after the last result. */
  const optionCount = results.length + (seeAll ? 1 : 0);
  const isExpanded = isOpen && isSearchable(query);
  const highlightedHit = isExpanded ? results[highlighted] : undefined;
  const isSeeAllHighlighted = isExpanded && seeAll !== undefined && highlighted === results.length;

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
    onDone?.();
  }

  function open(hit: AccountSearchHit) {
    navigate(`/accounts/${hit.id}`);
    finish();
  }

  function openAllResults() {
    navigate(allResultsHref(query));
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
      setHighlighted((current) => nextHighlight(current, optionCount, event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter") {
      const hit = results[highlighted] ?? results[0];
      if (isSeeAllHighlighted) {
        event.preventDefault();
        openAllResults();
      } else if (isExpanded && hit) {
        event.preventDefault();
        open(hit);
      }
    } else if (event.key === "Escape") {
      // Also keeps Chromium from clearing the search field: the text stays for when it is focused again.
      event.preventDefault();
      setIsOpen(false);
      inputRef.current?.blur();
      onDone?.();
    }
  }

  return (
    <div ref={containerRef} className={isPanel ? "" : "relative hidden w-56 md:block lg:w-80"}>
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            Search
          </label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            role="combobox"
            aria-expanded={isExpanded}
            aria-controls={isExpanded ? listboxId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={highlightedHit ? optionId(listboxId, highlightedHit) : isSeeAllHighlighted ? seeAllOptionId(listboxId) : undefined}
            aria-keyshortcuts="/ Control+K Meta+K"
            placeholder="Search accounts, contacts, orders..."
            autoComplete="off"
            spellCheck={false}
            // The panel opens to be typed in at once.
            autoFocus={isPanel}
            value={text}
            onChange={(event) => changeText(event.target.value)}
            onFocus={() => setIsOpen(true)}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            data-testid={isPanel ? "search-panel-input" : "header-search"}
            className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-500 focus:bg-white focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
          />
        </div>
        {trailing}
      </div>
      {isExpanded && (
        <div
          data-testid="search-results"
          className={
            isPanel
              ? "-mx-4 mt-3 -mb-3 max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-slate-100"
              : "absolute top-full right-0 z-40 mt-2 w-96 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
          }
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
            <ul id={listboxId} role="listbox" aria-label="Accounts found" className={`${isPanel ? "" : "max-h-96 overflow-y-auto"} ${seeAll ? "pt-1" : "py-1"}`}>
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
                    <AccountHitText hit={hit} />
                    <span className="shrink-0 text-xs text-slate-500">{formatCountOf(hit.orderCount, "order")}</span>
                  </Link>
                </li>
              ))}
              {seeAll && (
                // Kept in sight at the foot of the list however far it is scrolled (the list has no padding under it to show through).
                <li
                  id={seeAllOptionId(listboxId)}
                  role="option"
                  aria-selected={isSeeAllHighlighted}
                  onPointerMove={() => setHighlighted(results.length)}
                  className="sticky bottom-0 border-t border-slate-100 bg-white"
                  data-testid="search-see-all"
                >
                  <Link
                    href={allResultsHref(query)}
                    tabIndex={-1}
                    onClick={finish}
                    className={`block px-4 py-2.5 text-sm font-medium text-blue-600 ${isSeeAllHighlighted ? "bg-blue-50" : ""}`}
                  >
                    {seeAll}
                  </Link>
                </li>
              )}
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

function seeAllOptionId(listboxId: string): string {
  return `${listboxId}-see-all`;
}

/**
 * '/' or Ctrl+K (Cmd+K) focuses the header's field, unless the key press is typing into another field. Below
 * md the field is hidden (display: none, so it has no offset parent), and the shortcut opens the panel instead.
 */
function useSearchShortcut(fieldRef: RefObject<HTMLInputElement | null>, setPanelOpen: (open: boolean) => void): void {
  useEffect(() => {
    function goToSearch(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      if (isTypingTarget(event.target instanceof HTMLElement ? event.target : null)) return;
      event.preventDefault();
      const field = fieldRef.current;
      if (field?.offsetParent) {
        field.focus();
        field.select();
      } else {
        setPanelOpen(true);
      }
    }
    document.addEventListener("keydown", goToSearch);
    return () => document.removeEventListener("keydown", goToSearch);
  }, [fieldRef, setPanelOpen]);
}
