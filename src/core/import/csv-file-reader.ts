import { closeSync, fstatSync, openSync } from "node:fs";
import { invalid } from "../errors.ts";
import type { Utf8Writer } from "../orders/utf8-writer.ts";
import { FileText } from "./csv-file-encoding.ts";

export interface CsvRowVisitor {
  /** The header row, once, as text. */
  header(fields: string[]): void;
  /** Each later row that is not blank; the row is only valid during the call. */
  row(row: CsvRow): void;
  /** Bytes read so far, told before the rows they hold are visited. */
  progress?(bytesRead: number, totalBytes: number): void;
}

/**
 * Streams a CSV file, synchronously, so that an import can run inside one SQLite transaction without ever
 * holding the whole file. Handles a byte-order mark, comma, semicolon or tab delimiters, LF, CRLF or CR line
 * ends, and quoted fields with delimiters, doubled quotes and line breaks inside. Reads UTF-8, UTF-16 and
 * Windows-1252 files, the last two transcoded to UTF-8 as they are read (see FileText), and refuses
 * binary data.
 *
 * Rows are read as bytes and handed out as a CsvRow over the file's own buffer: a million-row export has
 * twenty million cells, and making a string of each, only to write most of them out again as JSON, was
 * most of an import's reading time. A cell becomes a string only when it is asked for as one.
 */
export function readCsvFile(filePath: string, visitor: CsvRowVisitor): void {
  const fd = openSync(filePath, "r");
  try {
    const totalBytes = fstatSync(fd).size;
    if (totalBytes === 0) throw invalid("file", "The file is empty");
    new CsvFileRows(new FileText(fd, totalBytes), totalBytes, visitor).readAll();
  } finally {
    closeSync(fd);
  }
}

declare global {
  interface Buffer {
    /**
     * Node's Buffer has it, Bun's too, but the types leave it out: text from bytes as Latin-1, the cheapest
     * way to make a string of plain ASCII; toString("latin1", start, end) was measurably slower over a
     * million-row file.
     */
    latin1Slice(start: number, end: number): string;
  }
}

/** Few enough reads for a large file, and a buffer small enough to leave the reader's memory flat. */
const CHUNK_BYTES = 128 << 10;
const CANDIDATE_DELIMITERS = [",", ";", "\t"] as const;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = 0x20;
const CR = 0x0d;
const LF = 0x0a;

/** Flags of a cell. */
const CELL = {
  /** It holds bytes that need more than copying to be text or JSON: control or non-ASCII bytes, a quote or backslash. */
  needsCare: 1,
  /** It was quoted and holds doubled quotes. */
  doubledQuotes: 2,
  /** Text follows its closing quote; its range then runs from the opening quote. */
  textAfterQuote: 4,
} as const;

/**
 * One row of the file, in place: each cell is a range of the reader's buffer. Rows are many and short-lived,
 * so one CsvRow is reused for every row and only valid while it is being visited.
 */
export class CsvRow {
  /** The line of the file the row starts on (1-based, counting the header as line 1). */
  line = 0;
  cellCount = 0;
  buffer: Buffer = Buffer.alloc(0);
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  flags = new Uint8Array(64);
  /** The range plainBytes found. */
  trimStart = 0;
  trimEnd = 0;
  // A U+FEFF that begins a cell is text; only the file's byte-order mark is skipped, and that by the reader.
  private readonly decoder = new TextDecoder("utf-8", { ignoreBOM: true });

  /** The cell as written, quotes removed and doubled quotes undone; "" for a cell past the row's end. */
  text(index: number): string {
    if (index < 0 || index >= this.cellCount) return "";
    const start = this.starts[index]!;
    const end = this.ends[index]!;
    const flags = this.flags[index]!;
    if ((flags & CELL.needsCare) === 0) return this.buffer.latin1Slice(start, end);
    const text = this.decoder.decode(this.buffer.subarray(start, end));
    if ((flags & CELL.textAfterQuote) !== 0) return unquoteWithTrailingText(text);
    return (flags & CELL.doubledQuotes) !== 0 ? text.replaceAll('""', '"') : text;
  }

  /** The cell's text without surrounding whitespace. */
  trimmed(index: number): string {
    if (index < 0 || index >= this.cellCount) return "";
    if ((this.flags[index]! & CELL.needsCare) !== 0) return this.text(index).trim();
    this.trim(index);
    return this.trimStart === this.trimEnd ? "" : this.buffer.latin1Slice(this.trimStart, this.trimEnd);
  }

  /** Whether the cell is empty or only whitespace. */
  isBlank(index: number): boolean {
    if (index < 0 || index >= this.cellCount) return true;
    if ((this.flags[index]! & CELL.needsCare) !== 0) return this.text(index).trim() === "";
    this.trim(index);
    return this.trimStart === this.trimEnd;
  }

  /** Every cell's text. */
  fields(): string[] {
    const fields: string[] = [];
    for (let index = 0; index < this.cellCount; index++) fields.push(this.text(index));
    return fields;
  }

  /**
   * The trimmed cell as a JSON string literal, exactly as JSON.stringify writes it. A cell of plain
   * printable ASCII, as nearly every cell of an export is, is copied byte for byte.
   */
  writeJsonString(index: number, out: Utf8Writer): void {
    if (index < 0 || index >= this.cellCount || (this.flags[index]! & CELL.needsCare) !== 0) {
      out.jsonString(this.trimmed(index));
      return;
    }
    this.trim(index);
    out.quotedAscii(this.buffer, this.trimStart, this.trimEnd);
  }

  /** Whether the trimmed cell holds exactly the bytes of `bytes`, a copy of a cell taken with `copyTrimmed`. */
  trimmedEquals(index: number, bytes: Uint8Array): boolean {
    if (index < 0 || index >= this.cellCount) return bytes.length === 0;
    if ((this.flags[index]! & CELL.needsCare) !== 0) return false;
    this.trim(index);
    const start = this.trimStart;
    if (this.trimEnd - start !== bytes.length) return false;
    const buffer = this.buffer;
    for (let at = 0; at < bytes.length; at++) if (buffer[start + at] !== bytes[at]) return false;
    return true;
  }

  /** A copy of the trimmed cell's bytes for `trimmedEquals`, or null when the cell needs care and cannot be compared so. */
  copyTrimmed(index: number): Uint8Array | null {
    if (index < 0 || index >= this.cellCount) return new Uint8Array(0);
    if ((this.flags[index]! & CELL.needsCare) !== 0) return null;
    this.trim(index);
    // A copy, not a view: the buffer is written over as the file is read on (Buffer's slice is a view).
    return new Uint8Array(this.buffer.subarray(this.trimStart, this.trimEnd));
  }

  /**
   * For a cell of plain printable ASCII: sets trimStart and trimEnd to its bytes in `buffer` without the
   * spaces around them, for reading it without making a string, and answers true. False for any other cell.
   */
  plainBytes(index: number): boolean {
    if (index < 0 || index >= this.cellCount) {
      this.trimStart = this.trimEnd = 0;
      return true;
    }
    if ((this.flags[index]! & CELL.needsCare) !== 0) return false;
    this.trim(index);
    return true;
  }

  /** Sets trimStart and trimEnd to the cell's range without the spaces around it (a cell needing no care has no other whitespace). */
  private trim(index: number): void {
    const buffer = this.buffer;
    let start = this.starts[index]!;
    let end = this.ends[index]!;
    while (start < end && buffer[start] === SPACE) start++;
    while (end > start && buffer[end - 1] === SPACE) end--;
    this.trimStart = start;
    this.trimEnd = end;
  }

  /** Room for at least `cells` cells. */
  reserve(cells: number): void {
    if (cells <= this.starts.length) return;
    const grow = <T extends Int32Array | Uint8Array>(array: T, make: (length: number) => T): T => {
      const grown = make(cells * 2);
      grown.set(array);
      return grown;
    };
    this.starts = grow(this.starts, (length) => new Int32Array(length));
    this.ends = grow(this.ends, (length) => new Int32Array(length));
    this.flags = grow(this.flags, (length) => new Uint8Array(length));
  }
}

/** `"quoted ""part""" and more`: the quoted part undone, with what follows its closing quote kept as written. */
function unquoteWithTrailingText(text: string): string {
  let close = 1;
  for (;;) {
    close = text.indexOf('"', close);
    if (close === -1 || text[close + 1] !== '"') break;
    close += 2;
  }
  if (close === -1) return text.slice(1).replaceAll('""', '"');
  return text.slice(1, close).replaceAll('""', '"') + text.slice(close + 1);
}

class CsvFileRows {
  private buffer: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  /** Bytes of `buffer` holding file content. */
  private filled = 0;
  private atEndOfFile = false;
  private delimiter = 0;
  /** The byte that ends a row: LF for LF and CRLF files (CRLF's CR is dropped with it), CR for CR files. */
  private rowEnd = LF;
  private crlf = false;
  private nextLine = 1;
  private sawHeader = false;
  private readonly row = new CsvRow();

  constructor(
    private readonly text: FileText,
    private readonly totalBytes: number,
    private readonly visitor: CsvRowVisitor,
  ) {}

  readAll(): void {
    let at = this.readFirstChunk();
    for (;;) {
      const next = this.readRow(at);
      if (next === -1) {
        if (this.atEndOfFile) break;
        at = this.readMore(at);
        continue;
      }
      this.visit();
      at = next;
      if (at >= this.filled && this.atEndOfFile) break;
    }
    if (!this.sawHeader) throw invalid("file", "The file is empty");
  }

  /** Reads the first chunk, skips a byte-order mark, and learns the file's line ends and delimiter from it. */
  private readFirstChunk(): number {
    this.fill();
    const first = this.buffer.subarray(0, this.filled);
    const start = first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf ? 3 : 0;
    const crAt = first.indexOf(CR, start);
    const lfAt = first.indexOf(LF, start);
    this.crlf = crAt !== -1 && first.indexOf("\r\n", start) !== -1;
    this.rowEnd = this.crlf || lfAt !== -1 || crAt === -1 ? LF : CR;
    this.delimiter = guessDelimiter(headerLineOf(new TextDecoder().decode(first.subarray(start)))).charCodeAt(0);
    return start;
  }

  /** Keeps the unread bytes from `from` on, moved to the front, and reads more after them. Returns where they now start. */
  private readMore(from: number): number {
    const kept = this.filled - from;
    if (kept === this.buffer.length) {
      // One row larger than the buffer: it grows to hold it.
      const grown = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(grown, 0, from, this.filled);
      this.buffer = grown;
    } else {
      this.buffer.copy(this.buffer, 0, from, this.filled);
    }
    this.filled = kept;
    this.fill();
    return 0;
  }

  private fill(): void {
    while (this.filled < this.buffer.length && !this.atEndOfFile) {
      const count = this.text.read(this.buffer, this.filled, this.buffer.length - this.filled);
      if (count === 0) this.atEndOfFile = true;
      this.filled += count;
    }
    this.visitor.progress?.(this.text.bytesRead, this.totalBytes);
  }

  /**
   * Reads the row starting at `start` into this.row, returning where the next row starts; -1 when the
   * buffer ends before the row does and more of the file must be read first (or, at the end of the file,
   * when nothing is left).
   */
  private readRow(start: number): number {
    const buffer = this.buffer;
    const end = this.filled;
    if (start >= end) return -1;
    const { delimiter, rowEnd, atEndOfFile } = this;
    const row = this.row;
    let cells = 0;
    let breaksInside = 0;
    let at = start;
    for (;;) {
      row.reserve(cells + 1);
      let flags = 0;
      let cellStart = at;
      let cellEnd: number;
      if (buffer[at] === QUOTE) {
        at++;
        cellStart = at;
        for (;;) {
          while (at < end && buffer[at] !== QUOTE) {
            const byte = buffer[at]!;
            if (byte < SPACE || byte > 0x7e || byte === BACKSLASH) {
              flags |= CELL.needsCare;
              if (byte === rowEnd) breaksInside++;
            }
            at++;
          }
          if (at >= end) {
            if (!atEndOfFile) return -1;
            cellEnd = at;
            break;
          }
          if (at + 1 >= end && !atEndOfFile) return -1;
          if (buffer[at + 1] === QUOTE) {
            flags |= CELL.needsCare | CELL.doubledQuotes;
            at += 2;
            continue;
          }
          cellEnd = at++;
          break;
        }
        if (this.mayBeCutOffAt(at)) return -1;
        if (at < end && buffer[at] !== delimiter && !this.endsRowAt(at)) {
          // Text after the closing quote: kept, with the quoted part, as text that needs care.
          flags |= CELL.needsCare | CELL.textAfterQuote;
          cellStart--;
          while (at < end && buffer[at] !== delimiter && !this.endsRowAt(at)) at++;
          if (this.mayBeCutOffAt(at)) return -1;
          cellEnd = at;
        }
      } else {
        while (at < end) {
          const byte = buffer[at]!;
          if (byte === delimiter) break;
          if (byte < SPACE || byte > 0x7e || byte === QUOTE || byte === BACKSLASH) {
            if (this.endsRowAt(at)) break;
            flags |= CELL.needsCare;
            if (byte === rowEnd) breaksInside++;
          }
          at++;
        }
        if (this.mayBeCutOffAt(at)) return -1;
        cellEnd = at;
      }
      row.starts[cells] = cellStart;
      row.ends[cells] = cellEnd;
      row.flags[cells] = flags;
      cells++;
      if (at < end && buffer[at] === delimiter) {
        at++;
        continue;
      }
      break;
    }
    row.cellCount = cells;
    row.buffer = buffer;
    row.line = this.nextLine;
    this.nextLine += 1 + breaksInside;
    if (at >= end) return end;
    return at + (this.crlf ? 2 : 1);
  }

  /** Whether the byte at `at` begins the file's line end. */
  private endsRowAt(at: number): boolean {
    const byte = this.buffer[at];
    if (this.crlf) return byte === CR && at + 1 < this.filled && this.buffer[at + 1] === LF;
    return byte === this.rowEnd;
  }

  /**
   * Whether a cell ending at `at` may go on in bytes not read yet: the buffer ends there, or a CR there
   * may be the first half of a CRLF whose LF is not read yet.
   */
  private mayBeCutOffAt(at: number): boolean {
    if (this.atEndOfFile) return false;
    return at >= this.filled || (this.crlf && at === this.filled - 1 && this.buffer[at] === CR);
  }

  private visit(): void {
    const row = this.row;
    if (isBlank(row)) return;
    if (!this.sawHeader) {
      this.sawHeader = true;
      this.visitor.header(row.fields());
      return;
    }
    this.visitor.row(row);
  }
}

function isBlank(row: CsvRow): boolean {
  for (let index = 0; index < row.cellCount; index++) if (!row.isBlank(index)) return false;
  return true;
}

/** The first line of `text` with more than whitespace: blank lines before the header are skipped. */
function headerLineOf(text: string): string {
  return text.split(/\r\n|\n|\r/).find((line) => line.trim() !== "") ?? "";
}

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
