import { ensurePurchaseDays } from "../analytics/purchase-days.ts";
import { backUpBeforeUpgrade } from "../backups/backup-taking.ts";
import { openDatabase, type OpenedDatabase } from "../database/open.ts";
import { finishOrderTruthUpgrade } from "../orders/order-truth-upgrade.ts";
import { upgradeStoredPhones } from "../accounts/phone-upgrade.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";
import { followEveryChange } from "./change-followers.ts";

export interface OpenedCrmDatabase extends OpenedDatabase {
  /** What the upgrade work after the migrations did, a line each, for the start's log. */
  upgrades: string[];
}

export interface OpeningOptions {
  /**
   * The `crm` process opening it (its version): a database with migrations to apply is kept first as a
   * before-upgrade backup in DATA_DIR/backups, named on the first line of `upgrades`. Without it (tests,
   * a restore opening the backup it just put in place) nothing is kept.
   */
  backUpBeforeUpgrade?: { appVersion: string };
}

/**
 * Opens the CRM database as every process does: the concerns that follow each change set (change-followers.ts),
 * its schema brought up to date (database/open.ts), after a backup of the data as it was, then the stored data upgraded where a migration alone cannot, by the domain's own rules: purchase days counted
 * for accounts that have none yet, orders stored twice merged, phones written in their one stored form. Above every domain folder, as it calls theirs.
 */
export function openCrmDatabase(dataDir: string, options: OpeningOptions = {}): OpenedCrmDatabase {
  followEveryChange();
  const upgrades: string[] = [];
  const keep = options.backUpBeforeUpgrade;
  const opened = openDatabase(dataDir, {
    beforeUpgrade: keep && ((sqlite) => {
      const { file } = backUpBeforeUpgrade(sqlite, dataDir, keep.appVersion);
      upgrades.push(`upgrade: the database as it was before this version's migrations is kept in ${file}`);
    }),
  });
  ensurePurchaseDays(opened.sqlite);
  const orderTruth = finishOrderTruthUpgrade(opened.db);
  if (orderTruth) {
    upgrades.push(
      `upgrade: merged ${formatCount(orderTruth.mergedOrders)} orders stored twice (from a CSV export and from the ShipStation API) ` +
        `and recounted ${formatCount(orderTruth.recountedAccounts)} accounts, which cancelled and rejected orders no longer count for`,
    );
  }
  const phones = upgradeStoredPhones(opened.sqlite);
  if (phones > 0) upgrades.push(`upgrade: wrote ${formatCountOf(phones, "phone")} of accounts and contacts in the one stored form (+14144794233)`);
  return { ...opened, upgrades };
}
