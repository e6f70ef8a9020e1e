import type { ColumnMap, CsvColumns, ImportField } from "../../api/account-import";
import { formatCount } from "../../format/count";
import { Select, type SelectOption } from "../../ui/Select";
import { AlertCircleIcon } from "../../ui/icons";
import type { MapRefusal } from "./useCsvImport";

export interface ColumnMapViewProps {
  fileName: string;
  fields: readonly ImportField[];
  columns: CsvColumns;
  columnMap: ColumnMap;
  refusal: MapRefusal | null;
  onChoose: (column: ImportField["column"], header: string) => void;
}

/** The columns staff nearly always want to see; the address, item, status and store columns fold away. */
const FIRST_COLUMNS: ReadonlySet<string> = new Set(["customerEmail", "orderDate", "orderNumber", "orderTotal", "shipToCompany", "shipToName", "shipToPhone"]);
/** Names split in two, which no ShipStation export has: among the first columns when the file was guessed to have them. */
const SPLIT_NAME_COLUMNS: ReadonlySet<string> = new Set(["shipToFirstName", "shipToLastName"]);

/** The 'map' step: each column the CRM reads beside a select of the file's columns, guessed or remembered. */
export function ColumnMapView({ fileName, fields, columns, columnMap, refusal, onChoose }: ColumnMapViewProps) {
  const fileColumns: SelectOption[] = columns.columns
    .filter(({ header }) => header !== "")
    .map(({ header, example }) => ({ value: header, label: example ? `${header} (e.g. ${shortened(example)})` : header }));
  const missing = fields.filter(({ column, required }) => required && columnMap[column] === undefined);
  // By the first guess, not the map as chosen, so that a column does not move while staff choose.
  const isFirst = ({ column }: ImportField) => FIRST_COLUMNS.has(column) || (SPLIT_NAME_COLUMNS.has(column) && columns.columnMap[column] !== undefined);
  const first = fields.filter(isFirst);
  const more = fields.filter((field) => !isFirst(field));
  const moreMapped = more.filter(({ column }) => columnMap[column] !== undefined).length;
  const row = (field: ImportField) => (
    <ColumnChoice key={field.column} field={field} options={[{ value: "", label: field.required ? "Choose a column…" : "Not imported" }, ...fileColumns]} header={columnMap[field.column] ?? ""} alsoMatching={columns.alsoMatching[field.column]} refusal={refusal} onChoose={onChoose} />
  );

  return (
    <div className="space-y-4" data-testid="column-map">
      <p className="text-sm text-slate-600">
        <span className="font-medium break-all text-slate-900">{fileName}</span> has {formatCount(columns.columns.length)} columns.{" "}
        {columns.remembered ? "This is the map last imported with for files with these columns." : "Check what each column holds; the guesses come from the columns' names."}
      </p>
      {refusal && refusal.column === undefined && (
        <p role="alert" className="flex items-start gap-2 text-sm text-red-700" data-testid="column-map-error">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {refusal.message}
        </p>
      )}
      {missing.length > 0 && (
        <p className="flex items-start gap-2 text-sm text-amber-800" data-testid="column-map-missing">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          Choose the file's column for {missing.map(({ label }) => label).join(" and ")}: the import needs it.
        </p>
      )}
      <div className="divide-y divide-slate-100 rounded-lg border border-slate-200">{first.map(row)}</div>
      <details className="rounded-lg border border-slate-200" data-testid="more-columns">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700 select-none">
          {more.some(({ column }) => SPLIT_NAME_COLUMNS.has(column)) ? "First and last names, address, items, status and store" : "Address, items, status and store"} ({formatCount(moreMapped)} of {formatCount(more.length)} matched)
        </summary>
        <div className="divide-y divide-slate-100 border-t border-slate-100">{more.map(row)}</div>
      </details>
    </div>
  );
}

function ColumnChoice({
  field,
  options,
  header,
  alsoMatching,
  refusal,
  onChoose,
}: {
  field: ImportField;
  options: SelectOption[];
  header: string;
  alsoMatching: string[] | undefined;
  refusal: MapRefusal | null;
  onChoose: ColumnMapViewProps["onChoose"];
}) {
  const descriptionId = `column-${field.column}-meaning`;
  const refused = refusal !== null && refusal.column === field.column;
  return (
    <div className="grid gap-2 px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_minmax(0,17rem)] sm:items-center sm:gap-4" data-testid="column-choice" data-column={field.column}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {field.label}
          {field.required && <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">Required</span>}
        </p>
        <p id={descriptionId} className="text-xs text-slate-500">
          {field.meaning}.
          {field.shipStationHeader !== null && (
            <>
              {" "}
              ShipStation: <span className="font-mono">{field.shipStationHeader}</span>
            </>
          )}
        </p>
        {alsoMatching && alsoMatching.length > 0 && <p className="text-xs text-amber-700">Could also be: {alsoMatching.join(", ")}</p>}
      </div>
      <Select
        label={field.label}
        hideLabel
        value={header}
        options={options}
        onChange={(value) => onChoose(field.column, value)}
        // The select names the refusal when there is one; otherwise what the column means.
        {...(refused ? {} : { "aria-describedby": descriptionId })}
        error={refused ? refusal.message : undefined}
      />
    </div>
  );
}

/** An example cell is a hint: long text (an address, a note) would crowd the select. */
function shortened(text: string): string {
  return text.length > 20 ? `${text.slice(0, 19)}…` : text;
}
