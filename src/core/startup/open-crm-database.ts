import { ensurePurchaseDays } from "../analytics/purchase-days.ts";
import { openDatabase, type OpenedDatabase } from "../database/open.ts";
import { finishOrderTruthUpgrade } from "../orders/order-truth-upgrade.ts";
import { formatCount } from "../../contracts/counts.ts";
import { followEveryChange } from "./change-followers.ts";

export interface OpenedCrmDatabase extends OpenedDatabase {
  /** What the upgrade work after the migrations did, a line each, for the start's log. */
  upgrades: string[];
}

/**
 * Opens the CRM database as every process does: the concerns that follow each change set (change-followers.ts),
 * its schema brought up to date (database/open.ts), then the stored data upgraded where a migration alone cannot, by the domain's own rules: purchase days counted
 * for accounts that have none yet, orders stored twice merged. Above every domain folder, as it calls theirs.
 */
export function openCrmDatabase(dataDir: string): OpenedCrmDatabase {
  followEveryChange();
  const opened = openDatabase(dataDir);
  ensurePurchaseDays(opened.sqlite);
  const upgrades: string[] = [];
  const orderTruth = finishOrderTruthUpgrade(opened.db);
  if (orderTruth) {
    upgrades.push(
      `upgrade: merged ${formatCount(orderTruth.mergedOrders)} orders stored twice (from a CSV export and from the ShipStation API) ` +
        `and recounted ${formatCount(orderTruth.recountedAccounts)} accounts, which cancelled and rejected orders no longer count for`,
    );
  }
  return { ...opened, upgrades };
}
