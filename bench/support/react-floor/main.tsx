/**
 * The least a React page does to show the accounts a first load of the dashboard shows: one read, then one
 * render of a table of them, names, e-mails, order counts, money and New York dates formatted with Intl as
 * the dashboard formats them. No router, no data library, no styles, no shell.
 */
import { createRoot } from "react-dom/client";
import type { Account } from "../../../src/contracts/accounts.ts";
import { formatDollars } from "../../../src/web/format/money.ts";


// The dashboard's own date formatter (web/format/dates.ts) imports the business calendar and, through it, the
// contracts with their schema library, which the dashboard's build replaces with stand-ins and Bun's bundle of
// this page would not: the same formatter, built here.
const US_DATE_IN_NEW_YORK = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" });

function AccountsTable({ rows }: { rows: Account[] }) {
  return (
    <table data-testid="accounts-table">
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="account-row">
            <td>{row.name}</td>
            <td>{row.email}</td>
            <td>{row.orderCount}</td>
            <td>{formatDollars(row.totalOrderValue)}</td>
            <td>{row.lastOrderDate ? US_DATE_IN_NEW_YORK.format(new Date(row.lastOrderDate)) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const rows = (await (await fetch("/rows")).json()) as Account[];
createRoot(document.getElementById("root")!).render(<AccountsTable rows={rows} />);
