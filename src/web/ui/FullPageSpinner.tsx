import { Spinner } from "./Spinner";

/** A centred spinner that fills the screen while something essential loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <Spinner className="size-10 border-4" label="Loading" />
    </div>
  );
}
