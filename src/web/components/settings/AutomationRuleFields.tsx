import { Description, Field, Label } from "@headlessui/react";
import { ToggleSwitch } from "../../ui/ToggleSwitch";
import { useId } from "react";
import { MAX_DUE_IN_DAYS, MIN_DUE_IN_DAYS } from "../../api/task-automation";
import { Select, type SelectOption } from "../../ui/Select";
import { WholeNumberField } from "../../ui/TextField";
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
      <Field disabled={disabled} className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <Label as="h3" id={titleId} className="text-sm font-semibold text-slate-900">
            {title}
          </Label>
          <Description className="mt-0.5 text-sm text-slate-500">{description}</Description>
        </div>
        <ToggleSwitch checked={rule.enabled} onChange={(enabled) => onChange({ ...rule, enabled })} testId={`${testId}-switch`} />
      </Field>
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
