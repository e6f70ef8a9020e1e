/** A value the order's source did not give: a grey dash, read out as "Not given". */
export function NotGiven({ className = "" }: { className?: string }) {
  return (
    <span className={`text-slate-400 ${className}`} aria-label="Not given">
      —
    </span>
  );
}
