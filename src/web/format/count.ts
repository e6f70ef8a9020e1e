import { formatCount } from "../../contracts/counts.ts";

// Counts are written by the contracts' rule, the one the server's messages use too.
export { formatCount, formatCountOf } from "../../contracts/counts.ts";

const COMPACT_US_INTEGER = new Intl.NumberFormat("en-US", { notation: "compact", maximumSignificantDigits: 3 });

/** '800', '12.5K': short enough for a chart's axis. */
export function formatCompactCount(count: number): string {
  return COMPACT_US_INTEGER.format(count);
}

/** Counts above this show as '99+' on a badge, so that it stays on its icon. */
const LARGEST_BADGE_COUNT = 99;

/** '7', '99+' */
export function formatBadgeCount(count: number): string {
  return count > LARGEST_BADGE_COUNT ? `${LARGEST_BADGE_COUNT}+` : formatCount(count);
}
