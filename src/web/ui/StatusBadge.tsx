export type BadgeTone = "green" | "grey" | "amber" | "red" | "blue";

export interface StatusBadgeContent {
  label: string;
  tone: BadgeTone;
}

const TONE_CLASSES: Record<BadgeTone, { badge: string; dot: string }> = {
  green: { badge: "bg-emerald-50 text-emerald-700 ring-emerald-600/20", dot: "bg-emerald-500" },
  grey: { badge: "bg-slate-100 text-slate-600 ring-slate-500/20", dot: "bg-slate-400" },
  amber: { badge: "bg-amber-50 text-amber-800 ring-amber-600/20", dot: "bg-amber-500" },
  red: { badge: "bg-red-50 text-red-700 ring-red-600/20", dot: "bg-red-500" },
  blue: { badge: "bg-blue-50 text-blue-700 ring-blue-600/20", dot: "bg-blue-500" },
};

/** A coloured pill naming a state; the colour repeats the words, it never replaces them. */
export function StatusBadge({ badge, testId, state }: { badge: StatusBadgeContent; testId?: string; state?: string }) {
  const classes = TONE_CLASSES[badge.tone];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${classes.badge}`}
      data-testid={testId}
      data-state={state}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${classes.dot}`} />
      {badge.label}
    </span>
  );
}
