import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "../../ui/Tabs";
import type { ListSummary } from "../../api/lists";
import { formatCount } from "../../format/count";
import { listAccentClass } from "../../ui/list-accent";
import { ListAccountsPanel, type ListAccountsPanelProps } from "./ListAccountsPanel";

export interface ListTabsProps extends Omit<ListAccountsPanelProps, "list"> {
  /** Built-in lists first, then custom ones. */
  lists: ListSummary[];
  shownList: ListSummary;
  onOpen: (list: ListSummary) => void;
}

/** A tab per list with its count (within the date filter); the open tab lists its accounts. */
export function ListTabs({ lists, shownList, onOpen, ...panelProps }: ListTabsProps) {
  const selectedIndex = Math.max(0, lists.indexOf(shownList));

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <TabGroup
        selectedIndex={selectedIndex}
        onChange={(index) => {
          const list = lists[index];
          if (list) onOpen(list);
        }}
      >
        <TabList aria-label="Lists" className="relative flex gap-1 overflow-x-auto border-b border-slate-200 px-3" data-testid="list-tabs">
          {lists.map((list) => (
            <Tab
              key={list.key}
              className="group -mb-px flex shrink-0 items-center gap-2 border-b-2 border-transparent px-3 py-3 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 focus:outline-none focus-visible:rounded-t focus-visible:ring-2 focus-visible:ring-blue-500 data-selected:border-blue-600 data-selected:text-blue-700"
              data-testid="list-tab"
              data-list-key={list.key}
            >
              <span aria-hidden="true" className={`size-2 rounded-full ${listAccentClass(list)}`} />
              {list.name}
              <span
                className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 tabular-nums group-data-selected:bg-blue-100 group-data-selected:text-blue-700"
                data-testid="list-tab-count"
              >
                {formatCount(list.count)}
              </span>
              <span className="sr-only">accounts</span>
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {lists.map((list) => (
            // Only the open tab's panel is mounted, so only its accounts are fetched.
            <TabPanel key={list.key} className="focus:outline-none">
              <ListAccountsPanel list={list} {...panelProps} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}

/** The shape of the tabs and their table while the lists load. */
export function ListTabsPlaceholder() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="list-tabs-placeholder">
      <div className="flex gap-6 border-b border-slate-200 px-6 py-3.5">
        {[16, 18, 18].map((width, index) => (
          <span key={index} className="block h-5 animate-pulse rounded bg-slate-200" style={{ width: `${width * 4}px` }} />
        ))}
      </div>
      <div className="space-y-4 p-5">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} className="block h-9 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    </div>
  );
}
