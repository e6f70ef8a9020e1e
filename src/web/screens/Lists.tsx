import { useCallback, useId, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { useSearchParams } from "wouter";
import { useListSummaries, useRefreshLists, type ListDefinition } from "../api/lists";
import { Button } from "../ui/Button";
import { MailIcon, PlusIcon } from "../ui/icons";
import { BulkEmailAssignmentDialog } from "../components/lists/BulkEmailAssignmentDialog";
import { DeleteListDialog } from "../components/lists/DeleteListDialog";
import { FirstOrderFilterPanel, FirstOrderFilterToggle } from "../components/lists/FirstOrderDateFilter";
import { ListFormModal } from "../components/lists/ListFormModal";
import { ListSummaryCards } from "../components/lists/ListSummaryCards";
import { ListTabs, ListTabsPlaceholder } from "../components/lists/ListTabs";
import {
  firstOrderFilterOf,
  isFiltered,
  listsViewFromSearch,
  shownListOf,
  searchFromListsView,
  withFirstOrderDates,
  withList,
  type ListsView,
} from "../components/lists/lists-view";
import { MergeAccountDialog } from "../components/duplicates/MergeAccountDialogOnDemand";
import { LoadError } from "../ui/LoadError";
import { useDebouncedValue } from "../useDebouncedValue";

/** Typing a date changes it several times (a year is typed digit by digit): the lists are asked once it settles. */
const DATE_TYPING_DELAY_MS = 300;

export function ListsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => listsViewFromSearch(searchParams), [searchParams]);
  const settledFrom = useDebouncedValue(view.from, DATE_TYPING_DELAY_MS);
  const settledTo = useDebouncedValue(view.to, DATE_TYPING_DELAY_MS);
  const filter = useMemo(() => firstOrderFilterOf({ from: settledFrom, to: settledTo }), [settledFrom, settledTo]);
  const { lists, error, retry } = useListSummaries(filter.window);
  const refreshLists = useRefreshLists();
  const [isFilterOpen, setIsFilterOpen] = useState(() => view.from !== "" || view.to !== "");
  const filterPanelId = useId();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(NO_DIALOG);
  const closeDialog = () => setOpenDialog(NO_DIALOG);

  const show = useCallback(
    (next: ListsView, options?: { replace: boolean }) => setSearchParams(searchFromListsView(next), options),
    [setSearchParams],
  );
  const shownList = lists && shownListOf(lists, view.list);
  const listActions = {
    onEditList: (list: ListDefinition) => setOpenDialog({ kind: "edit", list }),
    onDeleteList: (list: ListDefinition) => setOpenDialog({ kind: "delete", list }),
  };

  return (
    <section data-testid="lists-screen" className="space-y-6">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FirstOrderFilterToggle
            isOpen={isFilterOpen}
            isApplied={isFiltered(filter.window)}
            panelId={filterPanelId}
            onToggle={() => setIsFilterOpen(!isFilterOpen)}
          />
          <div className="flex flex-wrap gap-2" data-testid="lists-toolbar">
            <Button icon={MailIcon} onClick={() => setOpenDialog({ kind: "bulk" })} data-testid="bulk-email-assignment-button">
              Bulk Email Assignment
            </Button>
            <Button variant="primary" icon={PlusIcon} onClick={() => setOpenDialog({ kind: "create" })} data-testid="create-list-button">
              Create New List
            </Button>
          </div>
        </div>
        {isFilterOpen && (
          <FirstOrderFilterPanel
            id={filterPanelId}
            dates={view}
            problem={firstOrderFilterOf(view).problem}
            // Each date typed replaces the history entry: Back leaves the screen rather than undoing keystrokes.
            onChange={(dates) => show(withFirstOrderDates(view, dates), { replace: true })}
          />
        )}
      </div>

      {error && !lists ? (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <LoadError title="The lists could not be loaded." error={error} onRetry={retry} testId="lists-error" />
        </div>
      ) : (
        <>
          <ListSummaryCards
            lists={lists}
            isFiltered={isFiltered(filter.window)}
            shownListKey={shownList?.key}
            onOpen={(list) => show(withList(view, list.key))}
            onEdit={listActions.onEditList}
            onDelete={listActions.onDeleteList}
          />
          {lists && shownList ? (
            <ListTabs
              lists={lists}
              shownList={shownList}
              onOpen={(list) => show(withList(view, list.key))}
              view={view}
              firstOrderWindow={filter.window}
              onShow={show}
              MergeDialog={MergeAccountDialog}
              {...listActions}
            />
          ) : (
            <ListTabsPlaceholder />
          )}
        </>
      )}

      {openDialog.kind === "bulk" && <BulkEmailAssignmentDialog onClose={closeDialog} />}
      {(openDialog.kind === "create" || openDialog.kind === "edit") && (
        <ListFormModal
          list={openDialog.kind === "edit" ? openDialog.list : null}
          onClose={closeDialog}
          onSaved={async (saved) => {
            closeDialog();
            await refreshLists();
            // A new list opens, ready for accounts, once the lists know it; a renamed one stays where it was.
            if (openDialog.kind === "create") show(withList(view, saved.key));
          }}
        />
      )}
      {openDialog.kind === "delete" && (
        <DeleteListDialog
          list={openDialog.list}
          accountCount={lists?.find((list) => list.key === openDialog.list.key)?.totalCount}
          onClose={closeDialog}
          onDeleted={() => {
            closeDialog();
            // Its tab, if open, gives way to the first one before anything is refetched: asked again, its accounts would be refused.
            const firstList = lists?.[0];
            if (firstList && shownList?.key === openDialog.list.key) flushSync(() => show(withList(view, firstList.key), { replace: true }));
          }}
        />
      )}
    </section>
  );
}

type OpenDialog =
  | { kind: "none" }
  | { kind: "bulk" }
  | { kind: "create" }
  | { kind: "edit"; list: ListDefinition }
  | { kind: "delete"; list: ListDefinition };

const NO_DIALOG: OpenDialog = { kind: "none" };
