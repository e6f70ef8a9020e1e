/**
 * The least a React page does to show the accounts a first load of the dashboard shows: one read, then one
 * render of a table of them, names, e-mails, order counts, money and New York dates formatted with Intl as
 * the dashboard formats them. No router, no data library, no styles, no shell.
 */
import { createRoot } from "react-dom/client";

interface Row {
  id: number;
  name: string;
  email: string;
  orderCount: number;
  totalOrderValue: number;
  lastOrderDate: string | null;
}

const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const NEW_YORK_DATE = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "short", day: "numeric", year: "numeric" });

function AccountsTable({ rows }: { rows: Row[] }) {
  return (
    <table data-testid="accounts-table">
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="account-row">
            <td>{row.name}</td>
            <td>{row.email}</td>
            <td>{row.orderCount}</td>
            <td>{DOLLARS.format(row.totalOrderValue)}</td>
            <td>{row.lastOrderDate ? NEW_YORK_DATE.format(new Date(row.lastOrderDate)) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const rows = (await (await fetch("/rows")).json()) as Row[];
createRoot(document.getElementById("root")!).render(<AccountsTable rows={rows} />);
