import { useEffect, useRef, useState } from "react";
import { SearchIcon } from "../../ui/icons";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../useMediaQuery";

/** How long typing pauses before the table asks again: a word typed is one request, not one per letter. */
const TYPING_PAUSE_MS = 300;

export interface AccountSearchBoxProps {
  /** The text the table is filtered by (from the URL). */
  value: string;
  onChange: (text: string) => void;
  className?: string;
  testId: string;
}

/**
 * The table's text filter: what the header search finds (name, e-mail, domain, phone in any format, order
 * number), all of it, page by page. Sent once typing pauses; a change from elsewhere (Clear filters, Back)
 * replaces what is in the box.
 */
export function AccountSearchBox({ value, onChange, className = "", testId }: AccountSearchBoxProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // A phone's box has room for a word; what it finds is in its title.
  const placeholder = useMediaQuery(WIDE_SCREEN_QUERY) ? "Name, phone, order #" : "Search";

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onChange(text.trim());
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

  return (
    <div className={`relative ${className}`}>
      <label className="sr-only" htmlFor={`${testId}-input`}>
        Find accounts
      </label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id={`${testId}-input`}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        title="Finds a name, e-mail, domain, phone (any format) or order number"
        autoComplete="off"
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
        data-testid={testId}
      />
    </div>
  );
}
