/**
 * Where toasts stand while a dialog is open: above its footer, so that a toast never covers a dialog's
 * buttons (Close, Cancel, the action). The dialog's × is at its top, far from the toasts at the window's
 * bottom. The open dialogs' footers are measured and the distance from the highest footer's top to the
 * window's bottom is kept in a CSS variable the toast region is placed by: no re-render, and no toast waits.
 */
export const DIALOG_CLEARANCE_VARIABLE = "--toast-dialog-clearance";

const openFooters = new Set<HTMLElement>();

function placeToasts(): void {
  const clearance = Math.max(0, ...[...openFooters].map((footer) => window.innerHeight - footer.getBoundingClientRect().top));
  if (clearance > 0) document.documentElement.style.setProperty(DIALOG_CLEARANCE_VARIABLE, `${Math.ceil(clearance)}px`);
  else document.documentElement.style.removeProperty(DIALOG_CLEARANCE_VARIABLE);
}

/**
 * Keeps toasts above a dialog's footer while it is shown, following it as the window or the dialog
 * changes size and once the dialog's opening animation has moved it into place. Returns the undoing.
 */
export function keepToastsClearOf(footer: HTMLElement): () => void {
  openFooters.add(footer);
  const resized = new ResizeObserver(placeToasts);
  resized.observe(footer);
  const panel = footer.parentElement;
  if (panel) resized.observe(panel);
  panel?.addEventListener("animationend", placeToasts);
  window.addEventListener("resize", placeToasts);
  placeToasts();
  return () => {
    openFooters.delete(footer);
    resized.disconnect();
    panel?.removeEventListener("animationend", placeToasts);
    window.removeEventListener("resize", placeToasts);
    placeToasts();
  };
}
