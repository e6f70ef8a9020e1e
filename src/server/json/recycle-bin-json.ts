import type { RecycleBinEntry } from "../../contracts/recycle-bin.ts";
import type { BinEntry } from "../../core/recycle-bin/recycle-bin.ts";

export function toRecycleBinEntryJson(entry: BinEntry): RecycleBinEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    label: entry.label,
    accountId: entry.accountId,
    accountName: entry.accountName,
    deletedAt: entry.deletedAt.toISOString(),
    deletedByName: entry.deletedByName,
    purgedAt: entry.purgedAt.toISOString(),
    canRestore: entry.canRestore,
  };
}
