/**
 * The classes of what stays on screen while its next answer is read (another page, filter or period) or a
 * change to it is saved: dimmed, so that nobody takes the old rows for the new ones. Each such element also
 * says aria-busy, for screen readers.
 */
export function dimmedWhile(busy: boolean): string {
  return busy ? "transition-opacity opacity-60" : "transition-opacity";
}
