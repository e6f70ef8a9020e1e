import { buttonClassName, type ButtonSize } from "../../ui/Button";
import { FileSpreadsheetIcon } from "../../ui/icons";

export interface ExportAccountsLinkProps {
  /** accountExportUrl of the accounts to export. */
  href: string;
  label: string;
  size?: ButtonSize;
  /** On a phone the icon alone, the label kept for screen readers: a toolbar of words would take rows. */
  iconOnlyOnPhone?: boolean;
  testId: string;
}

/**
 * Downloads accounts as CSV. A plain link rather than a fetch: the browser sends the session cookie with it
 * and saves the server's attachment as it streams, however many accounts it holds.
 */
export function ExportAccountsLink({ href, label, size = "md", iconOnlyOnPhone = false, testId }: ExportAccountsLinkProps) {
  return (
    <a href={href} download className={`${buttonClassName("secondary", size)} ${iconOnlyOnPhone ? "max-sm:px-3" : ""}`} title={label} data-testid={testId}>
      <FileSpreadsheetIcon className="size-4 shrink-0" />
      <span className={iconOnlyOnPhone ? "max-sm:sr-only" : undefined}>{label}</span>
    </a>
  );
}
