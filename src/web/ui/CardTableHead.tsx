/**
 * The header row of a table that fills a card edge to edge: small grey capitals, the first column lined up
 * with the card's padding. A last column without a heading (a row's buttons) keeps a name for screen
 * readers: `actionsLabel`, with its own classes.
 */
export function CardTableHead({ columns, className = "", actionsLabel, actionsClassName = "" }: { columns: readonly string[]; className?: string; actionsLabel?: string; actionsClassName?: string }) {
  return (
    <thead className={`border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase ${className}`}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-4 py-2.5 font-medium first:pl-4 sm:first:pl-6">
            {column}
          </th>
        ))}
        {actionsLabel && (
          <th scope="col" className={`px-4 py-2.5 sm:pr-6 ${actionsClassName}`}>
            <span className="sr-only">{actionsLabel}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
