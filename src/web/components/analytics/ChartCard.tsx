import { useId, useState, type ReactNode } from "react";
import { DetailCard } from "../../ui/DetailCard";
import { Button } from "../../ui/Button";
import { FileSpreadsheetIcon } from "../../ui/icons";
import { downloadCsv, type CsvCell } from "./csv";

/** How a chart's figures are shown: drawn, or as a table anybody can read out or copy. */
export type ChartView = "chart" | "table";

export interface ChartCardProps {
  title: string;
  summary?: ReactNode;
  /** What the CSV download holds, header row first; undefined while there is nothing to download. */
  csv: { fileName: string; rows: readonly (readonly CsvCell[])[] } | undefined;
  /** The body, drawn for the view chosen. */
  children: (view: ChartView) => ReactNode;
  testId: string;
  className?: string;
}

/** A titled card for one chart, with its Chart / Table toggle and its CSV download. */
export function ChartCard({ title, summary, csv, children, testId, className }: ChartCardProps) {
  const [view, setView] = useState<ChartView>("chart");
  return (
    <DetailCard
      title={title}
      summary={summary}
      testId={testId}
      className={`min-w-0 ${className ?? ""}`}
      actions={
        <>
          <ChartViewToggle view={view} onChange={setView} />
          <CsvDownloadButton csv={csv} />
        </>
      }
    >
      {children(view)}
    </DetailCard>
  );
}

const VIEW_LABELS: Readonly<Record<ChartView, string>> = { chart: "Chart", table: "Table" };

function ChartViewToggle({ view, onChange }: { view: ChartView; onChange: (view: ChartView) => void }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
      <span id={labelId} className="sr-only">
        Show as
      </span>
      {(["chart", "table"] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={view === choice}
          onClick={() => onChange(choice)}
          className={`rounded-md px-2.5 py-1 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${
            view === choice ? "bg-blue-600 text-white shadow-sm" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          }`}
          data-testid={`chart-view-${choice}`}
        >
          {VIEW_LABELS[choice]}
        </button>
      ))}
    </div>
  );
}

/** Downloads what the card shows; disabled while there is nothing. */
export function CsvDownloadButton({ csv }: { csv: ChartCardProps["csv"] }) {
  return (
    <Button
      size="sm"
      icon={FileSpreadsheetIcon}
      disabled={csv === undefined || csv.rows.length <= 1}
      onClick={() => csv && downloadCsv(csv.fileName, csv.rows)}
      data-testid="csv-download"
    >
      Download CSV
    </Button>
  );
}

/** What a chart shows when there is nothing to draw yet: a sentence, never an empty axis. */
export function EmptyChart({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center" data-testid={testId ?? "chart-empty"}>
      <svg aria-hidden="true" viewBox="0 0 48 32" className="h-8 w-12 text-slate-300">
        <path d="M2 30h44M8 30V18M18 30V10M28 30V20M38 30V6" stroke="currentColor" strokeWidth="4" strokeLinecap="round" fill="none" />
      </svg>
      <p className="mt-3 text-sm font-medium text-slate-700">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">{children}</p>
    </div>
  );
}
