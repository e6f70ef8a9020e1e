import { useId } from "react";
import { MAX_DUE_IN_DAYS, MIN_DUE_IN_DAYS } from "../../api/task-automation";
import { Select, type SelectOption } from "../../ui/Select";
import { WholeNumberField } from "../../ui/TextField";
import { SwitchField } from "../../ui/SwitchField";
import type { AutomationRuleForm } from "./task-automation-form";

export interface AutomationRuleFieldsProps {
  title: string;
  description: string;
  rule: AutomationRuleForm;
  assigneeOptions: readonly SelectOption[];
  disabled: boolean;
  onChange: (rule: AutomationRuleForm) => void;
  /** Prefix of the hooks: `${testId}-switch`, `${testId}-due-days`, `${testId}-assign-to`. */
  testId: string;
}

/**
 * One automatic task: a switch that turns it on or off, the days until it falls due and who gets it.
 * The days and assignee stay editable while it is off, so that it can be set up before it is turned on.
 */
export function AutomationRuleFields({ title, description, rule, assigneeOptions, disabled, onChange, testId }: AutomationRuleFieldsProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4" data-testid={testId} data-enabled={rule.enabled}>
      <SwitchField
        title={title}
        titleId={titleId}
        description={description}
        checked={rule.enabled}
        onChange={(enabled) => onChange({ ...rule, enabled })}
        disabled={disabled}
        testId={`${testId}-switch`}
      />
      <div className="mt-4 grid gap-4 items-end sm:grid-cols-[10rem_minmax(0,1fr)]">
        <WholeNumberField
          label="Due in days"
          min={MIN_DUE_IN_DAYS}
          max={MAX_DUE_IN_DAYS}
          value={rule.dueInDays}
          onChange={(dueInDays) => onChange({ ...rule, dueInDays })}
          disabled={disabled}
          // Styled like the select beside it: the same small label, the same look when disabled.
          className="[&_input]:disabled:cursor-not-allowed [&_input]:disabled:bg-slate-50 [&_input]:disabled:text-slate-500 [&_label]:mb-1 [&_label]:text-xs [&_label]:text-slate-600"
          data-testid={`${testId}-due-days`}
        />
        <Select
          label="Assign to"
          value={rule.assignTo}
          options={assigneeOptions}
          onChange={(assignTo) => onChange({ ...rule, assignTo })}
          disabled={disabled}
          data-testid={`${testId}-assign-to`}
        />
      </div>
    </section>
  );
}
