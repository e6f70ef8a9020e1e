const US_DOLLARS = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$1,234.50' */
export function formatDollars(amount: number): string {
  return US_DOLLARS.format(amount);
}

const COMPACT_US_DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumSignificantDigits: 3 });

/**
 * '$0', '$250', '$12.5K', '$800K', '$1.25M': short enough for a chart's axis. Three significant digits are
 * exact for every gridline the charts draw (1, 2, 2.5 or 5 times a power of ten, a few times over); exact
 * figures are in the hover text and the tables.
 */
export function formatCompactDollars(amount: number): string {
  return COMPACT_US_DOLLARS.format(amount);
}
