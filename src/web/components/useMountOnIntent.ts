import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from "react";

/** What can hold the keyboard focus, in the order Tab reaches it. */
const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/**
 * Headless UI's menus and popovers cost milliseconds each to mount, so a screen of many items with their
 * own (75 task cards on the board) spent most of its first render on them. An item using this mounts
 * them only once a person reaches for it, a pointer over it or the focus inside it, and shows stand-ins
 * of the same look until then. Focus that lands on a stand-in moves to what takes its place.
 */
export function useMountOnIntent<T extends HTMLElement>(): { isEngaged: boolean; containerProps: { ref: RefObject<T | null>; onPointerEnter: () => void; onFocus: (event: FocusEvent<T>) => void } } {
  const ref = useRef<T>(null);
  const [isEngaged, setIsEngaged] = useState(false);
  const focusedIndex = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (!isEngaged || focusedIndex.current === null) return;
    ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[focusedIndex.current]?.focus();
    focusedIndex.current = null;
  }, [isEngaged]);

  return {
    isEngaged,
    containerProps: {
      ref,
      onPointerEnter: () => setIsEngaged(true),
      onFocus: (event) => {
        if (isEngaged) return;
        focusedIndex.current = [...(ref.current?.querySelectorAll(FOCUSABLE) ?? [])].indexOf(event.target);
        setIsEngaged(true);
      },
    },
  };
}
