import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import Papa from "papaparse";
import { invalid } from "../errors.ts";

export interface CsvRowVisitor {
  /** The header row, once. */
  header(fields: string[]): void;
  /** Each later row with the line of the file it starts on (1-based, counting the header as line 1). */
  row(fields: string[], line: number): void;
  /** Bytes read so far, told before the rows they hold are visited. */
  progress?(bytesRead: number, totalBytes: number): void;
}

const CHUNK_BYTES = 1 << 20;
const CANDIDATE_DELIMITERS = [",", ";", "\t"] as const;

/**
 * Streams a CSV file through papaparse one chunk at a time, synchronously, so that an import can run
 * inside one SQLite transaction without ever holding the whole file. Handles a byte-order mark, comma,
 * semicolon or tab delimiters, CRLF, and quoted fields with delimiters and line breaks inside.
 */
export function readCsvFile(filePath: string, visitor: CsvRowVisitor): void {
  const fd = openSync(filePath, "r");
  try {
    const totalBytes = fstatSync(fd).size;
    if (totalBytes === 0) throw invalid("file", "The file is empty");
    new ChunkedCsvReader(fd, totalBytes, visitor).readAll();
  } finally {
    closeSync(fd);
  }
}

class ChunkedCsvReader {
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private readonly decoder = new TextDecoder("utf-8");
  private parser: Papa.Parser | undefined;
  private newline: CsvNewline = "\n";
  private pending = "";
  private bytesRead = 0;
  private nextLine = 1;
  private sawHeader = false;

  constructor(
    private readonly fd: number,
    private readonly totalBytes: number,
    private readonly visitor: CsvRowVisitor,
  ) {}

  readAll(): void {
    for (;;) {
      const count = readSync(this.fd, this.buffer, 0, CHUNK_BYTES, null);
      const finished = count === 0;
      if (!finished) {
        this.bytesRead += count;
        const chunk = this.buffer.subarray(0, count);
        if (this.bytesRead === count) rejectBinary(chunk);
        this.pending += this.decoder.decode(chunk, { stream: true });
      } else {
        this.pending += this.decoder.decode();
      }
      if (this.bytesRead === count) this.pending = this.pending.replace(/^\uFEFF/, "");
      this.visitor.progress?.(this.bytesRead, this.totalBytes);
      this.parsePending(finished);
      if (finished) break;
    }
    if (!this.sawHeader) throw invalid("file", "The file is empty");
  }

  /** Parses every complete row in the pending text; the last, possibly cut, row waits for the next chunk. */
  private parsePending(finished: boolean): void {
    const text = this.pending;
    if (!text) return;
    if (!this.parser) ({ parser: this.parser, newline: this.newline } = createParser(text));
    const result = this.parser.parse(text, 0, !finished) as { data: string[][]; meta: { cursor: number } };
    const parsedLength = finished ? text.length : result.meta.cursor;
    this.pending = finished ? "" : text.slice(parsedLength);
    // Each row ends in one line break, but for the file's last; a field holds a line break only when the
    // text has more than that, and only then do the rows' fields need searching for them.
    const rowEnds = this.newline === "\r" ? 0 : finished ? result.data.length - 1 : result.data.length;
    const fieldsHoldLineBreaks = countLineFeeds(text, parsedLength) !== rowEnds;
    for (const fields of result.data) this.visit(fields, fieldsHoldLineBreaks);
  }

  private visit(fields: string[], mayHoldLineBreaks: boolean): void {
    const line = this.nextLine;
    this.nextLine += mayHoldLineBreaks ? 1 + countLineBreaks(fields) : 1;
    if (!this.sawHeader) {
      if (isBlank(fields)) return;
      this.sawHeader = true;
      this.visitor.header(fields);
      return;
    }
    if (!isBlank(fields)) this.visitor.row(fields, line);
  }
}

function createParser(firstText: string): { parser: Papa.Parser; newline: CsvNewline } {
  const firstLineEnd = firstText.search(/\r\n|\n|\r/);
  const firstLine = firstLineEnd === -1 ? firstText : firstText.slice(0, firstLineEnd);
  const newline: CsvNewline = firstText.includes("\r\n") ? "\r\n" : firstText.includes("\n") ? "\n" : "\r";
  return { parser: new Papa.Parser({ delimiter: guessDelimiter(firstLine), newline }), newline };
}

type CsvNewline = "\r\n" | "\n" | "\r";

/** The header line decides: the candidate that splits it into the most columns, ignoring quoted text. */
function guessDelimiter(headerLine: string): string {
  const unquoted = headerLine.replace(/"[^"]*"/g, "");
  let best: string = ",";
  let bestCount = 0;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

function rejectBinary(firstChunk: Uint8Array): void {
  if (firstChunk.subarray(0, 8192).includes(0)) throw invalid("file", "The file is not a CSV file (it contains binary data)");
}

/** Line feeds in the first `length` characters of `text`. */
function countLineFeeds(text: string, length: number): number {
  let count = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < length; index = text.indexOf("\n", index + 1)) count++;
  return count;
}

function countLineBreaks(fields: string[]): number {
  let breaks = 0;
  for (const field of fields) {
    for (let index = field.indexOf("\n"); index !== -1; index = field.indexOf("\n", index + 1)) breaks++;
  }
  return breaks;
}

function isBlank(fields: string[]): boolean {
  return fields.every((field) => field.trim() === "");
}
