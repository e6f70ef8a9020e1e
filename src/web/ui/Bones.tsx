/**
 * Grey bars standing in for lines of text while they load, one under another. Each bar is its classes:
 * its height and width, its spacing from the one above, and its shade (bg-slate-200 for a value,
 * bg-slate-100 for the fainter text about it).
 */
export function Bones({ bars }: { bars: readonly string[] }) {
  return bars.map((bar, index) => <span key={index} className={`block animate-pulse rounded ${bar}`} />);
}
