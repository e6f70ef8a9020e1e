import { Switch } from "@headlessui/react";

/** An on/off switch, inside a headless UI Field whose Label names it. */
export function ToggleSwitch({ checked, onChange, testId }: { checked: boolean; onChange: (checked: boolean) => void; testId: string }) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 focus-visible:outline-none data-checked:bg-blue-600 data-disabled:cursor-not-allowed data-disabled:opacity-60"
      data-testid={testId}
    >
      <span aria-hidden="true" className="size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform group-data-checked:translate-x-5.5" />
    </Switch>
  );
}
