/** A centred spinner that fills the screen while something essential loads. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50">
      <div
        role="status"
        aria-label="Loading"
        className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-blue-600"
      />
    </div>
  );
}
