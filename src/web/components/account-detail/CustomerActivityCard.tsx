import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "../../ui/Tabs";
import { useState, type ReactNode } from "react";
import { useAccountActivity } from "../../api/activity";
import { deleteNote, useAccountNotes, type Note } from "../../api/notes";
import { useWrite } from "../../ui/use-write";
import { useUndo } from "../../ui/use-undo";
import { IN_THE_BIN, restoreFromRecycleBin, type Recycled } from "../../api/recycle-bin";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { PlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { ActivityTimeline } from "./ActivityTimeline";
import { EmailThreads } from "./EmailThreads";
import { FIRST_ENTRIES_SHOWN } from "./account-screen-reads";
import { DetailCard, SkeletonLines } from "../../ui/DetailCard";
import { LogActivityModal } from "./LogActivityModal";
import { NoteFormModal } from "./NoteFormModal";
import { NotesList } from "./NotesList";
import { useRefreshNotes } from "./useRefreshNotes";

const TABS = ["Activity", "Notes", "Emails", "Tasks"] as const;

type OpenDialog = { kind: "none" } | { kind: "log-activity" } | { kind: "note-form"; note: Note | null } | { kind: "delete-note"; note: Note };

const NO_DIALOG: OpenDialog = { kind: "none" };

export interface CustomerActivityCardProps {
  accountId: number;
  /** The Tasks tab's content: the screen gives the tasks feature's list of the account's tasks. */
  tasks: ReactNode;
}

/** The account's timeline, notes, e-mails and tasks in tabs. */
export function CustomerActivityCard({ accountId, tasks }: CustomerActivityCardProps) {
  const activity = useAccountActivity(accountId, FIRST_ENTRIES_SHOWN, 0);
  const notes = useAccountNotes(accountId);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(NO_DIALOG);
  const closeDialog = () => setOpenDialog(NO_DIALOG);
  const refreshNotes = useRefreshNotes(accountId);
  const undoAction = useUndo(refreshNotes);
  const noteDeletion = useWrite<Recycled>({
    refresh: refreshNotes,
    success: ({ recycleBinId }) => ({ title: "Note deleted", description: IN_THE_BIN, action: undoAction(() => restoreFromRecycleBin(recycleBinId)) }),
    failureMessage: "Failed to delete note.",
    onSuccess: closeDialog,
  });

  return (
    <DetailCard title="Customer Activity" testId="customer-activity-card" bodyClassName="">
      <TabGroup>
        <TabList aria-label="Customer activity" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 sm:px-5">
          {TABS.map((tab) => (
            <Tab
              key={tab}
              data-testid={`activity-tab-${tab.toLowerCase()}`}
              className="-mb-px border-b-2 border-transparent px-2.5 py-3 text-sm font-medium whitespace-nowrap text-slate-500 hover:text-slate-800 focus:outline-none focus-visible:rounded-t focus-visible:ring-2 focus-visible:ring-blue-500 data-selected:border-blue-600 data-selected:text-blue-700 sm:px-3"
            >
              {tab}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel className="p-4 focus:outline-none sm:p-5" data-testid="activity-panel">
            <PanelToolbar>
              <Button size="sm" icon={PlusIcon} onClick={() => setOpenDialog({ kind: "log-activity" })} data-testid="log-activity-button">
                Log Activity
              </Button>
            </PanelToolbar>
            {activity.activityPage ? (
              activity.activityPage.total === 0 ? (
                <EmptyPanel testId="activity-empty">No activity yet.</EmptyPanel>
              ) : (
                <ActivityTimeline accountId={accountId} firstEntries={activity.activityPage.items} total={activity.activityPage.total} />
              )
            ) : activity.error ? (
              <LoadError title="The activity could not be loaded." error={activity.error} onRetry={activity.retry} compact testId="activity-error" />
            ) : (
              <SkeletonLines count={4} />
            )}
          </TabPanel>
          <TabPanel className="p-4 focus:outline-none sm:p-5" data-testid="notes-panel">
            <PanelToolbar>
              <Button size="sm" icon={PlusIcon} onClick={() => setOpenDialog({ kind: "note-form", note: null })} data-testid="add-note-button">
                Add Note
              </Button>
            </PanelToolbar>
            {notes.notes ? (
              notes.notes.length === 0 ? (
                <EmptyPanel testId="notes-empty">No notes have been added yet.</EmptyPanel>
              ) : (
                <NotesList
                  notes={notes.notes}
                  onEdit={(note) => setOpenDialog({ kind: "note-form", note })}
                  onDelete={(note) => setOpenDialog({ kind: "delete-note", note })}
                />
              )
            ) : notes.error ? (
              <LoadError title="The notes could not be loaded." error={notes.error} onRetry={notes.refresh} compact testId="notes-error" />
            ) : (
              <SkeletonLines count={4} />
            )}
          </TabPanel>
          <TabPanel className="p-4 focus:outline-none sm:p-5" data-testid="emails-panel">
            <EmailThreads accountId={accountId} />
          </TabPanel>
          <TabPanel className="p-4 focus:outline-none sm:p-5" data-testid="tasks-panel">
            {tasks}
          </TabPanel>
        </TabPanels>
      </TabGroup>

      {openDialog.kind === "log-activity" && (
        <LogActivityModal accountId={accountId} onClose={closeDialog} onLogged={closeDialog} />
      )}
      {openDialog.kind === "note-form" && (
        <NoteFormModal accountId={accountId} note={openDialog.note} onClose={closeDialog} onSaved={closeDialog} />
      )}
      <ConfirmDialog
        open={openDialog.kind === "delete-note"}
        title="Delete Note"
        message="Delete this note? It stays in the recycle bin for 30 days, from where it can be restored."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={noteDeletion.isPending}
        isDestructive
        onConfirm={() => {
          if (openDialog.kind === "delete-note") void noteDeletion.run(() => deleteNote(openDialog.note.id));
        }}
        onCancel={closeDialog}
        testId="delete-note-dialog"
      />
    </DetailCard>
  );
}

function PanelToolbar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex justify-end">{children}</div>;
}

function EmptyPanel({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="py-8 text-center text-sm text-slate-500" data-testid={testId}>
      {children}
    </p>
  );
}
