import { isoFromNewYorkDateTimeInput, newYorkDateTimeInputValue } from "../../format/dates";
import { logActivity, useRefreshAccountActivity } from "../../api/activity";
import { FormModal } from "../../ui/FormModal";
import { Select } from "../../ui/Select";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { useFormModal } from "../../ui/useFormModal";
import { LOGGED_ACTIVITY_OPTIONS, loggedActivityKindOf } from "./activity-form";
import { ACTIVITY_SUMMARY_MAX_LENGTH } from "../../../contracts/activity.ts";

export interface LogActivityModalProps {
  accountId: number;
  onClose: () => void;
  /** Once logged; the account's timeline is then fetched again. */
  onLogged: () => void;
}

/** 'Log Activity': a call, e-mail, meeting or other contact with the customer, at a New York date and time that defaults to now. */
export function LogActivityModal({ accountId, onClose, onLogged }: LogActivityModalProps) {
  const { fieldProps, modalProps } = useFormModal({
    initial: () => ({ kind: "call", summary: "", date: newYorkDateTimeInputValue(new Date()) }),
    onClose,
    canSubmit: (values) => values.summary.trim() !== "" && values.date !== "",
    send: (values) => logActivity(accountId, { kind: loggedActivityKindOf(values.kind), summary: values.summary.trim(), date: isoFromNewYorkDateTimeInput(values.date) }),
    refresh: useRefreshAccountActivity(accountId),
    failureMessage: "Failed to log activity.",
    onSuccess: onLogged,
  });

  return (
    <FormModal {...modalProps} title="Log Activity" submitLabel="Log Activity" pendingLabel="Logging..." testId="log-activity-modal">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Type" {...fieldProps("kind")} options={LOGGED_ACTIVITY_OPTIONS} />
        <TextField label="Date (New York time)" type="datetime-local" {...fieldProps("date")} required />
      </div>
      <TextAreaField label="Summary" {...fieldProps("summary")} required rows={4} maxLength={ACTIVITY_SUMMARY_MAX_LENGTH} placeholder="What was discussed?" autoFocus />
    </FormModal>
  );
}
