import { useState } from "react";
import { DEFAULT_MAIL_FOLDERS, MAIL_VISIBILITIES, useMailboxes, type MailboxSettings, type MailVisibility, type NewMailboxBody } from "../../api/mailboxes";
import { formatCountOf } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { Button, IconButton } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { FormModal } from "../../ui/FormModal";
import { LoadError } from "../../ui/LoadError";
import { Select } from "../../ui/Select";
import { SettingsCard, SettingsCardSkeleton } from "../../ui/SettingsCard";
import { StatusBadge, type StatusBadgeContent } from "../../ui/StatusBadge";
import { TextField } from "../../ui/TextField";
import { MailIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon } from "../../ui/icons";
import { useWrite } from "../../ui/use-write";

const TITLE = "E-mail";
const DESCRIPTION = "The IMAP mailboxes the CRM reads every few minutes: each customer's mail shows on their account's Emails tab and timeline.";

const VISIBILITY_LABELS: Record<MailVisibility, string> = {
  metadata: "Who and when only",
  subject: "Subject too",
  everything: "Whole messages",
};

/**
 * Settings → E-mail, for administrators: each mailbox with its server, folders, what staff see of its
 * mail and how its latest sync went; those set up here are added, changed and removed here (the password
 * is write-only: never shown, and left empty it stays), the environment's are shown and changed there.
 */
export function MailboxesCard() {
  const { mailboxes, error, retry, add, change, remove, syncNow } = useMailboxes();
  // null: no dialog; "new": adding one; a mailbox: editing it.
  const [editing, setEditing] = useState<MailboxSettings | "new" | null>(null);
  const [removing, setRemoving] = useState<MailboxSettings | null>(null);
  const { run: runRemove, isPending: isRemoving } = useWrite({ success: { title: "Mailbox removed" }, onSuccess: () => setRemoving(null) });
  const { run: runSync, isPending: isStartingSync } = useWrite({
    success: { title: "Reading the mailboxes", description: "Each mailbox shows how its reading went when it ends." },
    failureMessage: "The mailboxes could not be read now",
  });

  if (!mailboxes && error) {
    return (
      <SettingsCard title={TITLE} description={DESCRIPTION} icon={MailIcon} testId="mailboxes-card">
        <LoadError title="The mailboxes could not be loaded." error={error} onRetry={retry} compact testId="mailboxes-load-error" />
      </SettingsCard>
    );
  }
  if (!mailboxes) return <SettingsCardSkeleton title={TITLE} icon={MailIcon} rows={2} testId="mailboxes-card-loading" />;

  const syncing = mailboxes.some((mailbox) => mailbox.syncing);
  return (
    <SettingsCard
      title={TITLE}
      description={DESCRIPTION}
      icon={MailIcon}
      testId="mailboxes-card"
      action={
        <div className="flex flex-wrap gap-2">
          {mailboxes.length > 0 && (
            <Button icon={RefreshIcon} onClick={() => void runSync(syncNow)} disabled={isStartingSync || syncing} data-testid="mailbox-sync-now">
              {syncing ? "Reading..." : "Sync now"}
            </Button>
          )}
          <Button icon={PlusIcon} onClick={() => setEditing("new")} data-testid="mailbox-add">
            Add mailbox
          </Button>
        </div>
      }
    >
      {mailboxes.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="mailboxes-empty">
          No mailbox yet. Add the team's shared mailbox (sales@) or a dropbox staff copy customers' mail to, and each account's e-mail history fills in.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="mailboxes-list">
          {mailboxes.map((mailbox) => (
            <MailboxRow key={mailbox.id} mailbox={mailbox} onEdit={() => setEditing(mailbox)} onRemove={() => setRemoving(mailbox)} />
          ))}
        </ul>
      )}
      {editing !== null && (
        <MailboxFormModal
          mailbox={editing === "new" ? null : editing}
          onSave={(body) => (editing === "new" ? add(body as NewMailboxBody) : change(editing.id, body))}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Stop reading ${removing?.name ?? "this mailbox"}?`}
        message="The CRM stops reading it. The e-mail it already brought stays on the accounts."
        confirmLabel="Remove mailbox"
        pendingLabel="Removing..."
        isDestructive
        isPending={isRemoving}
        onConfirm={() => removing && void runRemove(() => remove(removing.id))}
        onCancel={() => setRemoving(null)}
        testId="mailbox-remove-dialog"
      />
    </SettingsCard>
  );
}

function syncBadge(mailbox: MailboxSettings): StatusBadgeContent {
  if (mailbox.syncing) return { label: "Reading...", tone: "blue" };
  if (mailbox.lastError !== null) return { label: "Sync failed", tone: "red" };
  if (mailbox.lastSyncedAt === null) return { label: "Not read yet", tone: "grey" };
  return { label: "Synced", tone: "green" };
}

function MailboxRow({ mailbox, onEdit, onRemove }: { mailbox: MailboxSettings; onEdit: () => void; onRemove: () => void }) {
  const fromEnvironment = mailbox.source === "environment";
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-testid="mailbox-row" data-mailbox-id={mailbox.id}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-slate-900" data-testid="mailbox-name">
            {mailbox.name}
          </span>
          <StatusBadge badge={syncBadge(mailbox)} testId="mailbox-sync-state" state={mailbox.syncing ? "syncing" : mailbox.lastError !== null ? "failed" : mailbox.lastSyncedAt === null ? "never" : "synced"} />
        </div>
        <p className="text-sm break-words text-slate-600" data-testid="mailbox-server">
          {mailbox.username} on {mailbox.host}:{mailbox.port}
          {mailbox.secure ? "" : " (plain IMAP, this machine only)"}
        </p>
        <p className="text-sm text-slate-600">
          <span data-testid="mailbox-folders">{mailbox.folders.join(", ")}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="mailbox-visibility">{VISIBILITY_LABELS[mailbox.visibility]}</span>
        </p>
        <p className="text-xs text-slate-500" data-testid="mailbox-last-sync">
          {mailbox.lastSyncedAt === null ? (
            "Read at the next sync, within a few minutes."
          ) : (
            <>
              Last read {formatUsDateTime(mailbox.lastSyncedAt)}
              <span aria-hidden="true"> · </span>
              <span data-testid="mailbox-message-count">{formatCountOf(mailbox.messageCount, "message")} kept</span>
            </>
          )}
        </p>
        {mailbox.lastError !== null && (
          <p className="text-sm break-words text-red-700" data-testid="mailbox-error">
            {mailbox.lastError}
          </p>
        )}
        {fromEnvironment && (
          <p className="text-xs text-slate-500" data-testid="mailbox-environment-note">
            Set up by the server's environment (CRM_MAIL_IMAP): change or remove it there.
          </p>
        )}
      </div>
      {!fromEnvironment && (
        <div className="flex shrink-0 gap-1">
          <IconButton label={`Edit ${mailbox.name}`} icon={PencilIcon} onClick={onEdit} data-testid="mailbox-edit" />
          <IconButton label={`Remove ${mailbox.name}`} icon={TrashIcon} onClick={onRemove} data-testid="mailbox-remove" />
        </div>
      )}
    </li>
  );
}

interface MailboxForm {
  name: string;
  host: string;
  port: string;
  username: string;
  secret: string;
  folders: string;
  visibility: MailVisibility;
}

function formOf(mailbox: MailboxSettings | null): MailboxForm {
  return {
    name: mailbox?.name ?? "",
    host: mailbox?.host ?? "",
    port: String(mailbox?.port ?? 993),
    username: mailbox?.username ?? "",
    secret: "",
    folders: (mailbox?.folders ?? DEFAULT_MAIL_FOLDERS).join(", "),
    visibility: mailbox?.visibility ?? "everything",
  };
}

/** What the form sends: the password only when typed (on an edit, an empty one keeps the saved one). */
function mailboxBodyOf(form: MailboxForm): Partial<NewMailboxBody> {
  const folders = form.folders
    .split(",")
    .map((folder) => folder.trim())
    .filter((folder) => folder !== "");
  return {
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    host: form.host.trim(),
    // Not a number goes as null, which the server refuses naming the port.
    port: Number(form.port.trim()),
    username: form.username.trim(),
    ...(form.secret !== "" ? { secret: form.secret } : {}),
    folders,
    visibility: form.visibility,
  };
}

function MailboxFormModal({ mailbox, onSave, onClose }: { mailbox: MailboxSettings | null; onSave: (body: Partial<NewMailboxBody>) => Promise<MailboxSettings>; onClose: () => void }) {
  const [form, setForm] = useState(() => formOf(mailbox));
  const { run, isPending, fieldErrors, clearFieldError } = useWrite<MailboxSettings>({
    success: (saved) => ({ title: mailbox ? "Mailbox saved" : "Mailbox added", description: `${saved.name} is read at the next sync.` }),
    onSuccess: onClose,
    fieldLabels: { secret: "Password", username: "User", host: "Server" },
  });
  const set = (field: keyof MailboxForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    clearFieldError(field);
  };
  const canSubmit = !isPending && form.host.trim() !== "" && form.username.trim() !== "" && (mailbox !== null || form.secret !== "");
  return (
    <FormModal
      title={mailbox ? `Edit ${mailbox.name}` : "Add mailbox"}
      description="IMAP over TLS. Use an app password where the provider offers one."
      onClose={onClose}
      onSubmit={() => void run(() => onSave(mailboxBodyOf(form)))}
      submitLabel={mailbox ? "Save" : "Add mailbox"}
      pendingLabel="Saving..."
      isPending={isPending}
      canSubmit={canSubmit}
      submitTestId="mailbox-save"
      testId="mailbox-dialog"
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      <TextField label="Name" value={form.name} onChange={set("name")} placeholder="Sales inbox" className="sm:col-span-2" error={fieldErrors.name} data-testid="mailbox-field-name" />
      <TextField label="Server" value={form.host} onChange={set("host")} placeholder="imap.example.com" required spellCheck={false} error={fieldErrors.host} data-testid="mailbox-field-host" />
      <TextField label="Port" value={form.port} onChange={set("port")} inputMode="numeric" required error={fieldErrors.port} data-testid="mailbox-field-port" />
      <TextField label="User" value={form.username} onChange={set("username")} placeholder="sales@example.com" required autoComplete="off" spellCheck={false} error={fieldErrors.username} data-testid="mailbox-field-username" />
      <TextField
        label="Password"
        type="password"
        value={form.secret}
        onChange={set("secret")}
        placeholder={mailbox?.secretSet ? "Saved; type a new one to replace it" : ""}
        required={mailbox === null}
        autoComplete="new-password"
        error={fieldErrors.secret}
        data-testid="mailbox-field-secret"
      />
      <TextField label="Folders" value={form.folders} onChange={set("folders")} placeholder="INBOX, Sent" spellCheck={false} error={fieldErrors.folders} data-testid="mailbox-field-folders" />
      <Select
        label="Staff see"
        value={form.visibility}
        options={MAIL_VISIBILITIES.map((visibility) => ({ value: visibility, label: VISIBILITY_LABELS[visibility] }))}
        onChange={(value) => set("visibility")(value)}
        error={fieldErrors.visibility}
        data-testid="mailbox-field-visibility"
      />
    </FormModal>
  );
}
