import type { ImportField } from "../../api/account-import";

/** The columns an account is made of, shown before a file is picked; the rest are chosen after. */
const SHOWN_COLUMNS: readonly ImportField["column"][] = ["customerEmail", "orderDate", "shipToCompany", "shipToName", "orderTotal"];

/** What the CRM reads from an order export, and that other exports work too once their columns are matched. */
export function CsvFormatCard({ fields }: { fields: readonly ImportField[] | undefined }) {
  const shown = SHOWN_COLUMNS.flatMap((column) => fields?.filter((field) => field.column === column) ?? []);
  return (
    <section aria-labelledby="csv-format-title" className="rounded-lg border border-blue-100 bg-blue-50/60 p-4" data-testid="csv-format-card">
      <h3 id="csv-format-title" className="text-sm font-semibold text-slate-900">
        CSV Order Format
      </h3>
      <p className="mt-1 text-sm text-slate-600">One row per order (or per item of an order), as ShipStation's "Export Orders" writes it. Any other export works too: after you pick the file you match its columns to these.</p>
      <dl className="mt-3 space-y-2 text-sm">
        {shown.map(({ column, label, meaning, required, shipStationHeader }) => (
          <div key={column} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
            <dt className="shrink-0 sm:w-44">
              <span className="font-medium text-slate-900">{label}</span>
              {required && <span className="ml-1 text-xs text-amber-800">(required)</span>}
              <span className="block font-mono text-xs text-blue-800">{shipStationHeader}</span>
            </dt>
            <dd className="text-slate-600">{meaning}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
