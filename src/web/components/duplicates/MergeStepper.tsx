import { CheckIcon } from "../../ui/icons";

export type MergeStep = "accounts" | "values" | "review";

/** The merge dialog's steps in order. */
export const MERGE_STEPS: readonly { id: MergeStep; label: string }[] = [
  { id: "accounts", label: "Choose accounts" },
  { id: "values", label: "Choose what to keep" },
  { id: "review", label: "Review and confirm" },
];

/** Where the merge stands: steps done are ticked, the current one is marked for screen readers too. */
export function MergeStepper({ current }: { current: MergeStep }) {
  const currentIndex = MERGE_STEPS.findIndex(({ id }) => id === current);

  return (
    <ol aria-label="Merge steps" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="merge-stepper">
      {MERGE_STEPS.map(({ id, label }, index) => {
        const isDone = index < currentIndex;
        const isCurrent = index === currentIndex;
        return (
          <li key={id} aria-current={isCurrent ? "step" : undefined} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden="true" className="hidden h-px w-6 bg-slate-300 sm:block" />}
            <span
              aria-hidden="true"
              className={`flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                isCurrent ? "bg-blue-600 text-white" : isDone ? "bg-blue-100 text-blue-700" : "bg-slate-100 text-slate-500"
              }`}
            >
              {isDone ? <CheckIcon className="size-3.5" /> : index + 1}
            </span>
            <span className={isCurrent ? "font-medium text-slate-900" : "text-slate-500"}>
              <span className="sr-only">{`Step ${index + 1}: `}</span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
