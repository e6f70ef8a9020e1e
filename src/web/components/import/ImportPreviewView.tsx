import type { CsvImportPreview } from "../../api/account-import";
import { formatCount } from "../../format/count";
import { ImportErrors } from "./ImportOutcomeView";

type Samples = CsvImportPreview["samples"];

/** The 'preview' step: what importing the file with this map would change, from a dry run; nothing is written yet. */
export function ImportPreviewView({ preview }: { preview: CsvImportPreview }) {
  const { results, samples } = preview;
  const kinds = [
    { label: "New accounts", count: results.created, items: samples.accountsCreated.map(accountLine), testId: "preview-accounts-created" },
    { label: "Updated accounts", count: results.updated, items: samples.accountsUpdated.map(accountLine), testId: "preview-accounts-updated" },
    { label: "New orders", count: results.ordersCreated, items: samples.ordersCreated.map(orderLine), testId: "preview-orders-created" },
    { label: "Updated orders", count: results.ordersUpdated, items: samples.ordersUpdated.map(orderLine), testId: "preview-orders-updated" },
    { label: "Unchanged orders", count: results.ordersUnchanged, items: samples.ordersUnchanged.map(orderLine), testId: "preview-orders-unchanged" },
  ];
  return (
    <div className="space-y-4" data-testid="import-preview">
      <p role="status" className="rounded-lg border border-blue-100 bg-blue-50/60 p-3 text-sm text-blue-900">
        {results.processed === 0 ? "The file has no rows." : `${preview.message}. Nothing has been imported yet.`}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {[...kinds, { label: "Rows with errors", count: results.skipped }].map(({ label, count }) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatCount(count)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        {kinds
          .filter(({ count }) => count > 0)
          .map(({ label, count, items, testId }) => (
            <section key={label} aria-label={label} data-testid={testId}>
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</h3>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {items.map((item, index) => (
                  <li key={index} className="truncate" title={item}>
                    {item}
                  </li>
                ))}
                {count > items.length && <li className="text-slate-500">…and {formatCount(count - items.length)} more</li>}
              </ul>
            </section>
          ))}
      </div>
      {results.errors.length > 0 && <ImportErrors errors={results.errors} title="Rows with errors (they will be skipped)" />}
    </div>
  );
}

function accountLine({ name, email }: Samples["accountsCreated"][number]): string {
  return name === email ? email : `${name} · ${email}`;
}

function orderLine({ orderNumber, customerEmail }: Samples["ordersCreated"][number]): string {
  return `${orderNumber ? `#${orderNumber}` : "Without a number"} · ${customerEmail}`;
}
