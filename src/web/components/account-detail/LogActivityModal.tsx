import { logActivity, useRefreshAccountActivity } from "../../api/activity";
import { useWrite } from "../../ui/use-write";
import { FormModal } from "../../ui/FormModal";
import { Select } from "../../ui/Select";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { useFormValues } from "../../ui/useFormValues";
import { dateTimeLocalValue, isoFromDateTimeLocal, LOGGED_ACTIVITY_OPTIONS, loggedActivityKindOf } from "./activity-form";
import { ACTIVITY_SUMMARY_MAX_LENGTH } from "../../../contracts/activity.ts";

export interface LogActivityModalProps {
  accountId: number;
  onClose: () => void;
  /** Once logged; the account's timeline is then fetched again. */
  onLogged: () => void;
}

/** 'Log Activity': a call, e-mail, meeting or other contact with the customer, at a date that defaults to now. */
export function LogActivityModal({ accountId, onClose, onLogged }: LogActivityModalProps) {
  const write = useWrite({ refresh: useRefreshAccountActivity(accountId), failureMessage: "Failed to log activity.", onSuccess: onLogged });
  const { values, fieldProps } = useFormValues(() => ({ kind: "call", summary: "", date: dateTimeLocalValue(new Date()) }), write);
  const canLog = values.summary.trim() !== "" && values.date !== "" && !write.isPending;

  async function log() {
    await write.run(() => logActivity(accountId, { kind: loggedActivityKindOf(values.kind), summary: values.summary.trim(), date: isoFromDateTimeLocal(values.date) }));
  }

  return (
    <FormModal
      title="Log Activity"
      testId="log-activity-modal"
      onClose={onClose}
      onSubmit={log}
      submitLabel="Log Activity"
      pendingLabel="Logging..."
      isPending={write.isPending}
      canSubmit={canLog}
      formClassName="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Type" {...fieldProps("kind")} options={LOGGED_ACTIVITY_OPTIONS} />
        <TextField label="Date" type="datetime-local" {...fieldProps("date")} required />
      </div>
      <TextAreaField label="Summary" {...fieldProps("summary")} required rows={4} maxLength={ACTIVITY_SUMMARY_MAX_LENGTH} placeholder="What was discussed?" autoFocus />
    </FormModal>
  );
}
