import { useState } from "react";
import { useSession } from "../../session/useSession";
import type { AccountPageSize } from "../../api/accounts";
import { pageSizeStorageKey, storedPageSize } from "./page-size";

/** The signed-in user's page size for account tables, remembered in this browser (see pageSizeStorageKey). */
export function useAccountPageSize(): [AccountPageSize, (size: AccountPageSize) => void] {
  const userId = useSession().user?.id ?? null;
  // Re-renders on a choice; the choice itself is read back from storage, so every table agrees on it.
  const [, setChosen] = useState<AccountPageSize | null>(null);

  function choose(size: AccountPageSize) {
    if (userId !== null) localStorage.setItem(pageSizeStorageKey(userId), String(size));
    setChosen(size);
  }

  return [storedPageSize(localStorage, userId), choose];
}
