/** Where filters leave nothing to show: why, and a link-styled button that clears them. */
export function NoMatches({ message, clearLabel, onClear, testId }: { message: string; clearLabel: string; onClear: () => void; testId: string }) {
  return (
    <div className="px-6 py-16 text-center" data-testid={testId}>
      <p className="text-sm text-slate-600">{message}</p>
      <button
        type="button"
        onClick={onClear}
        className="mt-2 rounded text-sm font-medium text-blue-600 hover:text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
      >
        {clearLabel}
      </button>
    </div>
  );
}
