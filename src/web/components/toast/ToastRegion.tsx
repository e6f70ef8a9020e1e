import { useEffect, useRef, type ReactNode } from "react";

const FOCUS_HOTKEY = "F8";

/** The live region toasts appear in; F8 moves keyboard focus to it. */
export function ToastRegion({ children }: { children: ReactNode }) {
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

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label={`Notifications (${FOCUS_HOTKEY})`}
      tabIndex={-1}
      className="pointer-events-none fixed right-0 bottom-0 z-50 flex w-full flex-col gap-2 p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-500 md:max-w-[420px]"
    >
      {children}
    </section>
  );
}
