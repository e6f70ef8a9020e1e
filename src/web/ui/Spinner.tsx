/** A spinning ring; label it when nothing next to it says what is loading. */
export function Spinner({ className = "size-5", label }: { className?: string; label?: string }) {
  return (
    <span
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-slate-200 border-t-blue-600 ${className}`}
    />
  );
}
