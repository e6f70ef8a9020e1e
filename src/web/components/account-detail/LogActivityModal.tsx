import { useState } from "react";
import { logActivity } from "../../api/activity";
import { ApiError } from "../../api/client";
import { FormModal } from "../FormModal";
import { Select } from "../Select";
import { TextAreaField } from "../TextAreaField";
import { TextField } from "../TextField";
import { useToast } from "../toast/useToast";
import { dateTimeLocalValue, isoFromDateTimeLocal, LOGGED_ACTIVITY_OPTIONS, loggedActivityKindOf } from "./activity-form";

export interface LogActivityModalProps {
  accountId: number;
  onClose: () => void;
  onLogged: () => void;
}

/** 'Log Activity': a call, e-mail, meeting or other contact with the customer, at a date that defaults to now. */
export function LogActivityModal({ accountId, onClose, onLogged }: LogActivityModalProps) {
  const { toast } = useToast();
  const [kind, setKind] = useState("call");
  const [summary, setSummary] = useState("");
  const [date, setDate] = useState(() => dateTimeLocalValue(new Date()));
  const [isLogging, setIsLogging] = useState(false);
  const canLog = summary.trim() !== "" && date !== "" && !isLogging;

  async function log() {
    setIsLogging(true);
    try {
      await logActivity(accountId, { kind: loggedActivityKindOf(kind), summary: summary.trim(), date: isoFromDateTimeLocal(date) });
    } catch (error) {
      setIsLogging(false);
      const description = error instanceof ApiError && error.status < 500 ? error.serverMessage : "Failed to log activity.";
      toast({ variant: "destructive", title: "Error", description });
      return;
    }
    onLogged();
  }

  return (
    <FormModal
      title="Log Activity"
      testId="log-activity-modal"
      onClose={onClose}
      onSubmit={log}
      submitLabel="Log Activity"
      pendingLabel="Logging..."
      isPending={isLogging}
      canSubmit={canLog}
      formClassName="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Type" value={kind} options={LOGGED_ACTIVITY_OPTIONS} onChange={setKind} />
        <TextField label="Date" type="datetime-local" value={date} onChange={setDate} required />
      </div>
      <TextAreaField label="Summary" value={summary} onChange={setSummary} required rows={4} maxLength={2000} placeholder="What was discussed?" autoFocus />
    </FormModal>
  );
}
