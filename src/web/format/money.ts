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
