const COLUMN_MEANINGS: readonly { column: string; meaning: string }[] = [
  { column: "Customer Email", meaning: "The unique account identifier" },
  { column: "Ship To Company", meaning: "The account name, falling back to Ship To Name" },
  { column: "Ship To Name", meaning: "The primary contact name" },
  { column: "Date - Order Date", meaning: "The last order date" },
];

/** How the columns of an order export become accounts. */
export function CsvFormatCard() {
  return (
    <section aria-labelledby="csv-format-title" className="rounded-lg border border-blue-100 bg-blue-50/60 p-4" data-testid="csv-format-card">
      <h3 id="csv-format-title" className="text-sm font-semibold text-slate-900">
        CSV Order Format
      </h3>
      <dl className="mt-3 space-y-2 text-sm">
        {COLUMN_MEANINGS.map(({ column, meaning }) => (
          <div key={column} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
            <dt className="shrink-0 sm:w-40">
              <span className="rounded bg-white px-1.5 py-0.5 font-mono text-xs font-medium text-blue-800 ring-1 ring-blue-100">{column}</span>
            </dt>
            <dd className="text-slate-600">{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-600">Order counts are totals per e-mail.</p>
    </section>
  );
}
