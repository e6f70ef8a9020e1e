import { useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent, type RefObject } from "react";
import { flushSync } from "react-dom";
import type { OnDemand } from "./on-demand";

/** What can hold the keyboard focus, in the order Tab reaches it. */
const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/** Marks a stand-in (see useMountOnIntent): a button of the same look as the control that replaces it. */
export const STAND_IN_ATTRIBUTE = { "data-stand-in": true } as const;

export interface MountOnIntent<T extends HTMLElement> {
  isEngaged: boolean;
  containerProps: {
    ref: RefObject<T | null>;
    onPointerEnter: () => void;
    onPointerDown: () => void;
    onPointerUp: () => void;
    onFocus: (event: FocusEvent<T>) => void;
    onClickCapture: (event: MouseEvent<T>) => void;
  };
}

/**
 * Headless UI's menus and popovers cost milliseconds each to mount, so a screen of many items with their
 * own (75 task cards on the board) spent most of its first render on them. An item using this mounts
 * them only once a person reaches for it, a pointer over it or the focus inside it, and shows stand-ins
 * of the same look until then. What lands on a stand-in before the swap, the focus or a click (a pointer
 * that never moved over the item), is handed on to the control that takes its place, found at the same
 * place in the item's focus order. The swap waits for the controls' `code` (on-demand.ts) to be in, which it
 * is once the page has been idle.
 */
export function useMountOnIntent<T extends HTMLElement>(...code: OnDemand<unknown>[]): MountOnIntent<T> {
  const ref = useRef<T>(null);
  const [isEngaged, setIsEngaged] = useState(false);
  const handOff = useRef<{ index: number; click: boolean } | null>(null);
  // Between a press and its release: the focus a press gives a stand-in waits for the click that follows.
  const isPressed = useRef(false);

  useLayoutEffect(() => {
    if (!isEngaged || handOff.current === null) return;
    const { index, click } = handOff.current;
    handOff.current = null;
    const replacement = ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE)[index];
    replacement?.focus();
    if (click) replacement?.click();
  }, [isEngaged]);

  const indexOf = (element: EventTarget) => [...(ref.current?.querySelectorAll(FOCUSABLE) ?? [])].indexOf(element as Element);
  const codeIsIn = () => code.every((part) => part.loaded !== undefined);
  const loadCode = () => Promise.all(code.map((part) => part.load()));
  /** What reached a stand-in (handOff) is handed on once the controls' code is in. */
  const engageWhenCodeIsIn = () => {
    if (codeIsIn()) setIsEngaged(true);
    else loadCode().then(() => setIsEngaged(true), () => undefined);
  };

  return {
    isEngaged,
    containerProps: {
      ref,
      // At once, not at React's leisure: a swap between a press and its release would leave the click on neither
      // button. So a pointer that comes before the code only fetches it: were the swap made when the code came,
      // it could land between a press and its release; a click on the stand-in meanwhile is handed on.
      onPointerEnter: () => {
        if (isEngaged) return;
        if (codeIsIn()) flushSync(() => setIsEngaged(true));
        else loadCode().catch(() => undefined);
      },
      onPointerDown: () => void (isPressed.current = true),
      onPointerUp: () => void (isPressed.current = false),
      onFocus: (event) => {
        if (isEngaged || isPressed.current) return;
        handOff.current = { index: indexOf(event.target), click: false };
        engageWhenCodeIsIn();
      },
      onClickCapture: (event) => {
        const standIn = (event.target as Element).closest("[data-stand-in]");
        if (isEngaged || !standIn) return;
        handOff.current = { index: indexOf(standIn), click: true };
        engageWhenCodeIsIn();
      },
    },
  };
}
