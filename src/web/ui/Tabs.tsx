import { Children, createContext, useContext, useId, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";

/**
 * Tabs as WAI-ARIA's tabs pattern has them: a tablist of tabs, each controlling its panel; the arrow keys
 * move between the tabs and open the one reached, Home and End the first and last; only the open tab is
 * reached by Tab, and only its panel is mounted (so only its data is fetched). Ours rather than Headless
 * UI's, which the first page does without (on-demand.ts): three screens show tabs on their first render.
 * The open tab carries `data-selected`, for its styles.
 */
export function TabGroup({ selectedIndex, defaultIndex = 0, onChange, children }: { selectedIndex?: number; defaultIndex?: number; onChange?: (index: number) => void; children: ReactNode }) {
  const [ownIndex, setOwnIndex] = useState(defaultIndex);
  const idPrefix = useId();
  const tabs: TabGroupState = {
    selectedIndex: selectedIndex ?? ownIndex,
    idPrefix,
    select(index) {
      if (selectedIndex === undefined) setOwnIndex(index);
      onChange?.(index);
    },
  };
  return (
    <TabGroupContext.Provider value={tabs}>
      <div>{children}</div>
    </TabGroupContext.Provider>
  );
}

export function TabList({ children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { select } = useTabGroup();
  const ref = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...(ref.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const current = tabs.indexOf(event.target as HTMLElement);
    if (current < 0 || tabs.length === 0) return;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const reached = (next + tabs.length) % tabs.length;
    tabs[reached]!.focus();
    select(reached);
  }

  return (
    <div ref={ref} role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} {...props}>
      {Children.map(children, (tab, index) => (
        <TabIndexContext.Provider value={index}>{tab}</TabIndexContext.Provider>
      ))}
    </div>
  );
}

export function Tab({ children, ...props }: Omit<HTMLAttributes<HTMLButtonElement>, "role">) {
  const { selectedIndex, idPrefix, select } = useTabGroup();
  const index = useContext(TabIndexContext);
  const isSelected = index === selectedIndex;
  return (
    <button
      type="button"
      role="tab"
      id={`${idPrefix}-tab-${index}`}
      aria-selected={isSelected}
      aria-controls={isSelected ? `${idPrefix}-panel-${index}` : undefined}
      tabIndex={isSelected ? 0 : -1}
      data-selected={isSelected ? "" : undefined}
      onClick={() => select(index)}
      {...props}
    >
      {children}
    </button>
  );
}

/** The panels, in the tabs' order: only the open tab's is mounted. */
export function TabPanels({ children }: { children: ReactNode }) {
  const { selectedIndex } = useTabGroup();
  return <div>{Children.map(children, (panel, index) => (index === selectedIndex ? <TabIndexContext.Provider value={index}>{panel}</TabIndexContext.Provider> : null))}</div>;
}

export function TabPanel({ children, ...props }: Omit<HTMLAttributes<HTMLDivElement>, "role">) {
  const { idPrefix } = useTabGroup();
  const index = useContext(TabIndexContext);
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${index}`} aria-labelledby={`${idPrefix}-tab-${index}`} tabIndex={0} {...props}>
      {children}
    </div>
  );
}

interface TabGroupState {
  selectedIndex: number;
  idPrefix: string;
  select(index: number): void;
}

const TabGroupContext = createContext<TabGroupState | null>(null);
const TabIndexContext = createContext(0);

function useTabGroup(): TabGroupState {
  const tabs = useContext(TabGroupContext);
  if (tabs === null) throw new Error("A tab is used outside a TabGroup");
  return tabs;
}
