/**
 * Stands in for @tanstack/react-virtual in the dashboard's bundle (build.ts): Headless UI's Combobox imports
 * it for its `virtual` option alone, which no combobox here uses. Left out, it takes about 10 KB off the
 * first page's gzipped JavaScript.
 */
export function useVirtualizer(): never {
  throw new Error("Headless UI's virtual combobox is left out of this build (build.ts): no combobox may use `virtual`");
}
