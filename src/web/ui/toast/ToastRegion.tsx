import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { DIALOG_CLEARANCE_VARIABLE } from "./dialog-clearance";

const FOCUS_HOTKEY = "F8";

/**
 * The live region toasts appear in; F8 moves keyboard focus to it. It lies above dialogs, at the
 * window's bottom (right on wide screens, the whole width on a phone), lifted above an open dialog's
 * footer so that it never covers the dialog's buttons (dialog-clearance.ts); it clips a toast being
 * swiped away so that nothing ever reaches past the window's edge.
 */
export function ToastRegion({ children }: { children: ReactNode }) {
  const container = useToastContainer();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    function focusRegionOnHotkey(event: KeyboardEvent) {
      if (event.key !== FOCUS_HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    }
    document.addEventListener("keydown", focusRegionOnHotkey);
    return () => document.removeEventListener("keydown", focusRegionOnHotkey);
  }, []);

  return createPortal(
    <section
      ref={regionRef}
      role="region"
      aria-label={`Notifications (${FOCUS_HOTKEY})`}
      tabIndex={-1}
      style={{ bottom: `var(${DIALOG_CLEARANCE_VARIABLE}, 0px)` }}
      data-testid="toast-region"
      className="pointer-events-none fixed right-0 z-[60] flex w-full max-w-full flex-col gap-2 overflow-hidden p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-500 md:max-w-[420px]"
    >
      {children}
    </section>,
    container,
  );
}

/**
 * A container of its own at the end of <body>. An open dialog makes everything outside it inert and
 * hidden from screen readers; toasts are exempt, so that the result of an action taken in a dialog is
 * announced, and closing a toast is not taken for a click outside the dialog (which would close it).
 */
function useToastContainer(): HTMLElement {
  const [container] = useState(() => document.createElement("div"));

  useLayoutEffect(() => {
    document.body.append(container);
    const keepReachable = new MutationObserver(() => {
      if (container.inert) container.inert = false;
      if (container.hasAttribute("aria-hidden")) container.removeAttribute("aria-hidden");
    });
    keepReachable.observe(container, { attributes: true, attributeFilter: ["inert", "aria-hidden"] });
    return () => {
      keepReachable.disconnect();
      container.remove();
    };
  }, [container]);

  return container;
}
