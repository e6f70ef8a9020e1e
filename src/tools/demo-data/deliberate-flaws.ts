import type { DemoOrder } from "./order-history.ts";
import type { SeededRandom } from "./random.ts";

/** The values a flawed row carries instead of the order's own. */
export interface RowFlaw {
  customerEmail: string;
  orderDate: string;
}

/**
 * Spoils about one row in 100, the way real exports contain the odd broken row, so that the import's
 * error reporting has something to show. The first rows stay clean so a preview of the file looks normal.
 */
export class DeliberateFlaws {
  private nextFlawedRow: number;

  constructor(private readonly random: SeededRandom) {
    this.nextFlawedRow = CLEAN_LEADING_ROWS + random.integer(0, AVERAGE_ROWS_BETWEEN_FLAWS - 1);
  }

  /** The flaw for the row at this 0-based index, if it gets one; call once per row, in order. */
  flawForRow(rowIndex: number, order: DemoOrder): RowFlaw | undefined {
    if (rowIndex !== this.nextFlawedRow) return undefined;
    this.nextFlawedRow += this.random.integer(AVERAGE_ROWS_BETWEEN_FLAWS / 2, (AVERAGE_ROWS_BETWEEN_FLAWS * 3) / 2);
    const email = order.customer.email;
    const orderDate = order.orderDate;
    switch (this.random.integer(0, 2)) {
      case 0:
        return { customerEmail: "", orderDate };
      case 1:
        return { customerEmail: this.invalidEmail(email), orderDate };
      default:
        return { customerEmail: email, orderDate: this.unreadableDate(orderDate) };
    }
  }

  private invalidEmail(email: string): string {
    const [localPart = "", domain = ""] = email.split("@");
    return this.random.pick(["not-an-email", `${localPart}@`, `${localPart} at ${domain}`, `${localPart}@@${domain}`]);
  }

  private unreadableDate(orderDate: string): string {
    const year = orderDate.split(" ")[0]?.split("/")[2] ?? "";
    return this.random.pick([`13/45/${year}`, `0/0/${year} 25:61:00 PM`]);
  }
}

const CLEAN_LEADING_ROWS = 20;
const AVERAGE_ROWS_BETWEEN_FLAWS = 100;
