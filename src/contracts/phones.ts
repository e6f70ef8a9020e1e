/**
 * One rule for phone numbers, shared by core (what is stored, searched and exported) and the dashboard (what
 * is shown and dialled). A North American number, written any common way, is stored in E.164 ('+14144794233')
 * so every copy of a line reads the same; an extension is kept, RFC 3966 style, as '+14144794233;ext=123',
 * since staff call extensions and refusing the number would lose it. Anything else (foreign numbers, letters,
 * placeholders) is kept as typed, trimmed: guessing at a foreign number's form would corrupt it, and a stored
 * form that does not start '+1' with ten digits is itself the flag that it is not North American.
 */

/** An extension at the end: ' x123', ' ext. 123', ' extension 123', ' #123', or the stored ';ext=123'. */
const EXTENSION = /\s*(?:;\s*ext=|ext\.?|extension|x|#)\s*(\d+)\s*$/i;
/** What may surround a number's digits when it is written out: spaces, dots, dashes, parentheses, a slash. */
const PUNCTUATION = /[\s.\-()/]/g;
const STORED_NORTH_AMERICAN = /^\+1(\d{3})(\d{3})(\d{4})(?:;ext=(\d+))?$/;
/** A North American area code and exchange each start 2-9 (NANP). */
const NORTH_AMERICAN_LINE = /^[2-9]\d{2}[2-9]\d{6}$/;

/** A phone split into its line (everything before an extension) and its extension's digits, if any. */
export function splitExtension(phone: string): { line: string; extension: string | null } {
  const match = EXTENSION.exec(phone);
  if (!match) return { line: phone, extension: null };
  return { line: phone.slice(0, match.index), extension: match[1]! };
}

/** The digits of a phone's line, its extension left off. */
export function lineDigits(phone: string): string {
  return splitExtension(phone).line.replace(/\D/g, "");
}

/**
 * The form a phone is stored in: E.164 for a North American number ('(414) 479-4233', '414.479.4233',
 * '1-414-479-4233', '+1 414 479 4233 x12' → '+14144794233', '+14144794233;ext=12'), anything else as typed,
 * trimmed. Null for blank.
 */
export function canonicalPhone(text: string | null | undefined): string | null {
  const typed = text?.trim() ?? "";
  if (typed === "") return null;
  const ten = northAmericanLine(typed);
  if (ten === null) return typed;
  const { extension } = splitExtension(typed);
  return `+1${ten}${extension ? `;ext=${extension}` : ""}`;
}

/** The ten digits of a North American number written any common way, or null when it is not one. */
function northAmericanLine(typed: string): string | null {
  const { line } = splitExtension(typed);
  const bare = line.replace(PUNCTUATION, "");
  const match = /^(?:\+1|1)?(\d{10})$/.exec(bare);
  if (!match) return null;
  return NORTH_AMERICAN_LINE.test(match[1]!) ? match[1]! : null;
}

/** Whether a stored phone is a North American number in E.164 (anything else was kept as typed). */
export function isNorthAmericanPhone(stored: string): boolean {
  return STORED_NORTH_AMERICAN.test(stored);
}

/** A stored phone as people read it: '(414) 479-4233', '(414) 479-4233 x12'; any other as stored. */
export function displayPhone(stored: string): string {
  const match = STORED_NORTH_AMERICAN.exec(stored);
  if (!match) return stored;
  const [, area, exchange, number, extension] = match;
  return `(${area}) ${exchange}-${number}${extension ? ` x${extension}` : ""}`;
}

/**
 * The tel: address that dials a stored phone: 'tel:+14144794233', with an extension after a pause
 * ('tel:+14144794233,12', which phones dial; few honour ';ext='). A number kept as typed dials its digits
 * (with its '+'); null when it has too few digits to be a number at all.
 */
export function phoneHref(stored: string): string | null {
  const match = STORED_NORTH_AMERICAN.exec(stored);
  if (match) return `tel:+1${match[1]}${match[2]}${match[3]}${match[4] ? `,${match[4]}` : ""}`;
  const { line } = splitExtension(stored);
  if (/[A-Za-z]/.test(line)) return null;
  const digits = line.replace(/\D/g, "");
  if (digits.length < 7) return null;
  return `tel:${line.trim().startsWith("+") ? "+" : ""}${digits}`;
}
