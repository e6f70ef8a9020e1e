import type { Database } from "bun:sqlite";
import { LONG_GAP_MIN_DAYS } from "../database/schema.ts";

/**
 * How many accounts bought a subject ('' for any order, or a SKU) on a business day from `first` to `last`
 * inclusive, counted in whichever of two ways reads fewer rows:
 * - in the range: each account's first purchase day in it is the one whose previous day is before it, so
 *   the count is of rows, not of distinct accounts. Reads every purchase day of the range.
 * - around it: accounts whose purchases reach into the range (last day at or after its start, less those
 *   whose first day is after its end: both from the day totals), less those who skipped it, whose gap
 *   straddles it. Reads only the gaps longer than the range, few for a long range; only for a range of
 *   LONG_GAP_MIN_DAYS or more, as the index of gaps holds only those longer than that.
 * `rowsInRange` is the first way's cost, known from the day totals.
 */
export function countDistinctBuyers(sqlite: Database, subject: string, first: number, last: number, rowsInRange: number): number {
  if (rowsInRange === 0) return 0;
  const rangeDays = last - first + 1;
  const straddlingRows = () =>
    sqlite
      .query<{ straddlingRows: number }, [string, number]>("SELECT coalesce(sum(rows), 0) AS straddlingRows FROM purchase_gap_counts WHERE subject = ? AND gap > ?")
      .get(subject, rangeDays)!.straddlingRows;
  if (rangeDays < LONG_GAP_MIN_DAYS || rowsInRange <= straddlingRows()) {
    return sqlite
      .query<{ buyers: number }, [string, number, number]>(
        "SELECT count(*) AS buyers FROM purchase_days WHERE subject = ?1 AND day BETWEEN ?2 AND ?3 AND (prev_day IS NULL OR prev_day < ?2)",
      )
      .get(subject, first, last)!.buyers;
  }
  const { reaching } = sqlite
    .query<{ reaching: number }, [string, number, number]>(
      `SELECT (SELECT coalesce(sum(last_rows), 0) FROM purchase_day_totals WHERE subject = ?1 AND day >= ?2)
            - (SELECT coalesce(sum(first_rows), 0) FROM purchase_day_totals WHERE subject = ?1 AND day > ?3) AS reaching`,
    )
    .get(subject, first, last)!;
  const { skipped } = sqlite
    .query<{ skipped: number }, [string, number, number, number]>(
      // The constant condition lets SQLite use the partial index, which a bound value alone would not.
      `SELECT count(*) AS skipped FROM purchase_days WHERE subject = ?1 AND gap > ?4 AND gap > ${LONG_GAP_MIN_DAYS} AND prev_day < ?2 AND day > ?3`,
    )
    .get(subject, first, last, rangeDays)!;
  return reaching - skipped;
}
