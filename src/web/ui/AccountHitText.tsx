import { matchDescription, type AccountSearchHit } from "../api/search";

/**
 * A hit as every account search shows it: its name, and under it why it was found ('Contact: Tina Desk'),
 * or its domain when the name itself matched.
 */
export function AccountHitText({ hit }: { hit: AccountSearchHit }) {
  const match = matchDescription(hit);
  return (
    <span className="min-w-0">
      <span className="block truncate text-sm font-medium text-slate-900">{hit.name}</span>
      {match ? (
        <span className="block truncate text-xs text-slate-600" data-testid="search-match">
          {match}
        </span>
      ) : (
        <span className={`block truncate text-xs ${hit.domain ? "text-slate-500" : "text-slate-400"}`}>{hit.domain ?? "No domain"}</span>
      )}
    </span>
  );
}
