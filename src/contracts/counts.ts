const US_INTEGER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * '1,234': every count people read, in the contracts' own messages and limits, core's, tables and the
 * dashboard, is written by this one rule (the dashboard imports it through src/web/format/count.ts).
 */
export function formatCount(count: number): string {
  return US_INTEGER.format(count);
}

/** '1 order', '1,234 orders' */
export function formatCountOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
