const US_INTEGER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** '1,234' */
export function formatCount(count: number): string {
  return US_INTEGER.format(count);
}

const COMPACT_US_INTEGER = new Intl.NumberFormat("en-US", { notation: "compact", maximumSignificantDigits: 3 });

/** '800', '12.5K': short enough for a chart's axis. */
export function formatCompactCount(count: number): string {
  return COMPACT_US_INTEGER.format(count);
}

/** '1 order', '1,234 orders' */
export function formatCountOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** Counts above this show as '99+' on a badge, so that it stays on its icon. */
const LARGEST_BADGE_COUNT = 99;

/** '7', '99+' */
export function formatBadgeCount(count: number): string {
  return count > LARGEST_BADGE_COUNT ? `${LARGEST_BADGE_COUNT}+` : formatCount(count);
}
