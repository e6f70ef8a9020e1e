/** The accounts table's mark on an account that may be the same customer as another one. */
export function PotentialDuplicateBadge() {
  return (
    <span
      className="shrink-0 rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] leading-none font-medium whitespace-nowrap text-amber-800"
      data-testid="duplicate-account-badge"
    >
      Potential Duplicate
    </span>
  );
}
