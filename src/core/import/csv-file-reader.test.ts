import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { DomainError } from "../errors.ts";
import { Utf8Writer } from "../orders/utf8-writer.ts";
import { readCsvFile, type CsvRow } from "./csv-file-reader.ts";
import { SeededRandom } from "../../tools/demo-data/random.ts";
import { useTemporaryDirectoryForAll } from "../../testing/temporary-directory.ts";

/** The reader's chunk (CHUNK_BYTES in csv-file-reader.ts): its first read ends at this file offset. */
const CHUNK = 128 * 1024;
const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;

type Newline = "\n" | "\r\n" | "\r";
const NEWLINE_NAMES: Record<Newline, string> = { "\n": "LF", "\r\n": "CRLF", "\r": "CR" };
const DELIMITER_NAMES: Record<string, string> = { ",": "comma", ";": "semicolon", "\t": "tab" };

const dir = useTemporaryDirectoryForAll("crm-csv-reader-");
let fileCount = 0;

function file(content: string | Uint8Array, name = `file-${++fileCount}.csv`): string {
  const filePath = path.join(dir.path, name);
  writeFileSync(filePath, content);
  return filePath;
}

// ---------------------------------------------------------------------------------------------------------
// Reading, with every cell's accessors checked against each other while the row is valid.

interface ReadRow {
  line: number;
  fields: string[];
}

interface ReadResult {
  header: string[] | undefined;
  headerCalls: number;
  rows: ReadRow[];
  /** bytesRead at each progress call: where each read of the file ended. */
  readEnds: number[];
  /** Cells whose trimmed, isBlank or writeJsonString disagree with text (should stay empty). */
  cellProblems: string[];
}

function read(filePath: string): ReadResult {
  const result: ReadResult = { header: undefined, headerCalls: 0, rows: [], readEnds: [], cellProblems: [] };
  readCsvFile(filePath, {
    header: (fields) => {
      result.header = fields;
      result.headerCalls++;
    },
    row: (row) => {
      result.rows.push({ line: row.line, fields: row.fields() });
      checkCells(row, result.cellProblems);
    },
    progress: (bytesRead) => result.readEnds.push(bytesRead),
  });
  return result;
}

function readText(content: string | Uint8Array): ReadResult {
  return read(file(content));
}

const jsonWriter = new Utf8Writer(16);
const utf8Decoder = new TextDecoder();

function jsonOf(row: CsvRow, index: number): string {
  jsonWriter.length = 0;
  row.writeJsonString(index, jsonWriter);
  return utf8Decoder.decode(jsonWriter.view());
}

function checkCells(row: CsvRow, problems: string[]): void {
  if (problems.length >= 20) return;
  for (let index = 0; index < row.cellCount; index++) {
    const text = row.text(index);
    const expectedTrimmed = text.trim();
    const trimmed = row.trimmed(index);
    const where = () => `line ${row.line} cell ${index} ${JSON.stringify(text)}`;
    if (trimmed !== expectedTrimmed) problems.push(`${where()}: trimmed ${JSON.stringify(trimmed)}`);
    if (row.isBlank(index) !== (expectedTrimmed === "")) problems.push(`${where()}: isBlank ${row.isBlank(index)}`);
    const json = jsonOf(row, index);
    if (json !== JSON.stringify(expectedTrimmed)) problems.push(`${where()}: writeJsonString ${json}`);
  }
  const past = row.cellCount;
  if (row.text(past) !== "" || row.trimmed(past) !== "" || !row.isBlank(past)) problems.push(`line ${row.line}: the cell past the end is not empty`);
}

/** The first row where the two lists differ, with its neighbours' index, or undefined when they are equal. */
function firstDifference<T>(actual: T[], expected: T[]): { index: number; actual: T | undefined; expected: T | undefined } | undefined {
  const length = Math.max(actual.length, expected.length);
  for (let index = 0; index < length; index++) {
    if (!Bun.deepEquals(actual[index], expected[index])) return { index, actual: actual[index], expected: expected[index] };
  }
  return undefined;
}

/** What papaparse reads from the same bytes (decoded as TextDecoder decodes them), blank rows left out. */
function papaRows(bytes: Uint8Array, delimiter: string, newline: Newline): string[][] {
  const text = new TextDecoder().decode(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter, newline });
  return parsed.data.filter((fields) => !isBlankFields(fields));
}

function isBlankFields(fields: string[]): boolean {
  return fields.every((field) => field.trim() === "");
}

function expectSameAsPapa(result: ReadResult, bytes: Uint8Array, delimiter: string, newline: Newline): void {
  const [header, ...rows] = papaRows(bytes, delimiter, newline);
  expect(result.header).toEqual(header!);
  expect(firstDifference(result.rows.map((row) => row.fields), rows)).toBeUndefined();
}

// ---------------------------------------------------------------------------------------------------------
// Deterministic generation of CSV files whose rows are known.


/**
 * Stand-ins for invalid UTF-8, in the generated text: each is a private-use character (three bytes in UTF-8)
 * swapped for three bytes that are not UTF-8 once the text is encoded.
 */
const INVALID_UTF8: ReadonlyMap<string, readonly number[]> = new Map([
  ["\uE000", [0xff, 0x61, 0x62]], // a byte that never occurs in UTF-8
  ["\uE001", [0xe6, 0x97, 0x41]], // a three-byte sequence cut short
  ["\uE002", [0xc3, 0x28, 0x80]], // a lead byte without its continuation, then a lone continuation byte
]);
/** Each stand-in as TextDecoder decodes its bytes. */
const INVALID_UTF8_DECODED = new Map([...INVALID_UTF8].map(([standIn, bytes]) => [standIn, new TextDecoder().decode(new Uint8Array(bytes))]));

function decodedValue(value: string): string {
  return value.replace(/[\uE000-\uE002]/g, (standIn) => INVALID_UTF8_DECODED.get(standIn)!);
}

/** The file's bytes: the text as UTF-8 with each stand-in replaced by its invalid bytes, after an optional byte-order mark. */
function encode(text: string, bom = false): Buffer {
  const bytes = Buffer.from((bom ? "\uFEFF" : "") + text, "utf8");
  for (let at = bytes.indexOf(0xee); at !== -1 && at + 2 < bytes.length; at = bytes.indexOf(0xee, at + 1)) {
    if (bytes[at + 1] !== 0x80 || bytes[at + 2]! < 0x80 || bytes[at + 2]! > 0x82) continue;
    const invalid = INVALID_UTF8.get(String.fromCharCode(0xe000 + bytes[at + 2]! - 0x80))!;
    bytes.set(invalid, at);
  }
  return bytes;
}

interface Style {
  delimiter: string;
  newline: Newline;
}

/** Line breaks the reader counts inside a row's text: the file's line-end byte (LF, or CR in a CR file). */
function breaksIn(rowText: string, newline: Newline): number {
  const breakChar = newline === "\r" ? "\r" : "\n";
  return rowText.split(breakChar).length - 1;
}

/** Line breaks a quoted value may hold: the file's own, and in a CRLF file a bare LF or CR as well. */
function embeddedBreaks(newline: Newline): string[] {
  if (newline === "\r\n") return ["\r\n", "\n", "\r"];
  return [newline];
}

function randomValue(random: SeededRandom, style: Style, invalidUtf8: boolean): string {
  const pieceCount = random.integer(0, 4);
  let value = "";
  for (let piece = 0; piece < pieceCount; piece++) {
    const kind = random.integer(0, 19);
    if (kind < 7) value += random.pick(["alpha", "Bravo", "charlie 7", "135.00", "4/2/2026 10:39:21 AM", "SO-1001", "x", "Ünïcödé"]);
    else if (kind === 7) value += random.pick([" ", "  ", "\t"]);
    else if (kind === 8) value += random.pick([",", ";", "\t"]);
    else if (kind === 9) value += random.pick(['"', '""', 'say "hi"']);
    else if (kind === 10) value += random.pick(embeddedBreaks(style.newline));
    else if (kind === 11) value += random.pick(["é", "日本", "😀", "Straße", "\u00a0", "\u3000"]);
    else if (kind === 12) value += random.pick(["\\", "\\n", "C:\\path\\"]);
    else if (kind === 13) value += random.pick(["\u0001", "\u001f", "\u007f", "\b", "\f"]);
    else if (kind === 14 && invalidUtf8) value += random.pick([...INVALID_UTF8.keys()]) + "x";
    else value += random.pick(["1", "42", "Bob", "-", "#"]);
  }
  return value;
}

/** The value as written in a file: quoted when it must be, and at times when it need not. */
function serialize(value: string, random: SeededRandom, delimiter: string): string {
  const mustQuote = value.includes(delimiter) || value.includes("\r") || value.includes("\n") || value.startsWith('"');
  const quote = mustQuote || (value.includes('"') ? random.chance(0.6) : random.chance(0.2));
  return quote ? `"${value.replaceAll('"', '""')}"` : value;
}

const BLANK_ROW_TEXTS = (delimiter: string) => ["", "   ", delimiter + delimiter, '""', `""${delimiter}""`, ` ${delimiter} `, '"  "', "\u00a0"];

interface GeneratedRow {
  line: number;
  fields: string[];
}

/** Builds a file row by row, tracking lines and byte offsets. */
class FileBuilder {
  private readonly parts: string[] = [];
  /** Bytes written so far, the byte-order mark included. */
  bytes: number;
  private nextLine = 1;
  header: string[] = [];
  readonly rows: GeneratedRow[] = [];

  constructor(
    readonly style: Style,
    readonly bom: boolean,
  ) {
    this.bytes = bom ? 3 : 0;
  }

  /** Adds a row of already serialized cells; `values` are the cells as the reader should give them. */
  addRow(rowText: string, values: string[], newline: string = this.style.newline): void {
    const decoded = values.map(decodedValue);
    if (!isBlankFields(decoded)) {
      if (this.header.length === 0) this.header = decoded;
      else this.rows.push({ line: this.nextLine, fields: decoded });
    }
    this.nextLine += 1 + breaksIn(rowText, this.style.newline);
    this.parts.push(rowText + newline);
    this.bytes += Buffer.byteLength(rowText + newline);
  }

  addValues(values: string[], random: SeededRandom): void {
    this.addRow(values.map((value) => serialize(value, random, this.style.delimiter)).join(this.style.delimiter), values);
  }

  addBlankRow(rowText: string): void {
    this.addRow(rowText, rowText.split(this.style.delimiter).map((cell) => cell.replaceAll('"', "")));
  }

  /** The file, with its last line end left off when `finalNewline` is false. */
  encode(finalNewline = true): Buffer {
    let text = this.parts.join("");
    if (!finalNewline) text = text.slice(0, text.length - this.style.newline.length);
    return encode(text, this.bom);
  }
}

function headerValues(count: number): string[] {
  const names = Array.from({ length: count }, (_, index) => `Column ${index + 1}`);
  // A header holding every candidate delimiter, quoted, which the delimiter guess must look past.
  names[1] = 'Note "a", b; c\td';
  return names;
}

function randomRowValues(random: SeededRandom, style: Style, invalidUtf8: boolean): string[] {
  const count = 1 + random.integer(0, 11);
  return Array.from({ length: count }, () => randomValue(random, style, invalidUtf8));
}

function generateFile(seed: number, style: Style, options: { bom?: boolean; rows: number; invalidUtf8?: boolean }): FileBuilder {
  const random = new SeededRandom(seed);
  const builder = new FileBuilder(style, options.bom ?? false);
  builder.addValues(headerValues(8), random);
  for (let index = 0; index < options.rows; index++) {
    if (random.chance(0.05)) builder.addBlankRow(random.pick(BLANK_ROW_TEXTS(style.delimiter)));
    else builder.addValues(randomRowValues(random, style, options.invalidUtf8 ?? true), random);
  }
  return builder;
}

function expectReadAsGenerated(result: ReadResult, builder: FileBuilder): void {
  expect(result.headerCalls).toBe(1);
  expect(result.header).toEqual(builder.header);
  expect(firstDifference(result.rows, builder.rows)).toBeUndefined();
  expect(result.cellProblems).toEqual([]);
}

const STYLES: Style[] = [",", ";", "\t"].flatMap((delimiter) => (["\n", "\r\n", "\r"] as Newline[]).map((newline) => ({ delimiter, newline })));

// ---------------------------------------------------------------------------------------------------------

describe("readCsvFile", () => {
  describe("generated files, compared with papaparse", () => {
    test.each(STYLES.map((style, index) => [DELIMITER_NAMES[style.delimiter]!, NEWLINE_NAMES[style.newline], style, index] as const))(
      "a file with %s delimiters and %s line ends reads as papaparse reads it, with the right lines",
      (_, __, style, index) => {
        // Bytes that are not UTF-8 only after a UTF-8 byte-order mark: without one they would make the file Windows-1252, or refused.
        const builder = generateFile(1000 + index, style, { bom: index % 2 === 0, rows: 400, invalidUtf8: index % 2 === 0 });
        const bytes = builder.encode(index % 3 !== 0);
        const result = read(file(bytes));
        expectReadAsGenerated(result, builder);
        expectSameAsPapa(result, bytes, style.delimiter, style.newline);
        expect(result.rows.length).toBeGreaterThan(300);
      },
    );

    test.each((["\r\n", "\n", "\r"] as Newline[]).map((newline, index) => {
      const delimiter = [",", ";", "\t"][index]!;
      return [NEWLINE_NAMES[newline], DELIMITER_NAMES[delimiter]!, delimiter, newline, index] as const;
    }))(
      "a megabyte %s file with %s delimiters reads whole, its rows cut by every chunk boundary in awkward places",
      (_, __, delimiter, newline, index) => {
        const style = { delimiter, newline };
        // A megabyte of CRLF, with a cut planned at each of its 8 chunk boundaries; the others are shorter, to keep the test quick.
        const { builder, planned } = generateSteeredFile(77 + index, style, newline === "\r\n" ? 1 << 20 : 640 << 10);
        const bytes = builder.encode();
        const result = read(file(bytes));
        expectReadAsGenerated(result, builder);
        expectSameAsPapa(result, bytes, delimiter, newline);

        // The reads ended where the rows were made to straddle them, so the awkward cuts really happened.
        const readEnds = result.readEnds.filter((end) => end < bytes.length);
        expect(readEnds.length).toBeGreaterThanOrEqual(newline === "\r\n" ? 7 : 4);
        const cutBetween = (test: (before: number, after: number) => boolean) => readEnds.some((end) => test(bytes[end - 1]!, bytes[end]!));
        if (newline === "\r\n") expect({ crlfCut: cutBetween((before, after) => before === CR && after === LF) }).toEqual({ crlfCut: true });
        expect({ doubledQuoteCut: cutBetween((before, after) => before === QUOTE && after === QUOTE) }).toEqual({ doubledQuoteCut: true });
        expect({ characterCut: cutBetween((before, after) => before >= 0x80 && after >= 0x80 && after < 0xc0) }).toEqual({ characterCut: true });
        const lineEnd = Buffer.from(newline);
        expect({ cutRightAfterLineEnd: readEnds.some((end) => bytes.subarray(end - lineEnd.length, end).equals(lineEnd)) }).toEqual({ cutRightAfterLineEnd: true });
        expect(planned.length).toBeGreaterThanOrEqual(4);
      },
    );
  });

  test("rows read right wherever the first chunk boundary cuts them, byte by byte", () => {
    for (const [index, style] of [
      { delimiter: ",", newline: "\r\n" as Newline },
      { delimiter: ";", newline: "\n" as Newline },
      { delimiter: "\t", newline: "\r" as Newline },
    ].entries()) {
      const random = new SeededRandom(500 + index);
      const d = style.delimiter;
      const nl = style.newline;
      // Every awkward thing in one row: a quoted delimiter, doubled quotes and a line break, multi-byte
      // characters, invalid UTF-8 (after a UTF-8 byte-order mark only), a doubled quote at a cell's end and an empty quoted cell.
      const bom = index === 0;
      const notUtf8 = bom ? "\uE001z" : "日z";
      const probeValues = [`q${d}1 "x" ${nl}y`, "é日😀", notUtf8, 'a"b', "", '"', "plain"];
      const probeText = [`"q${d}1 ""x"" ${nl}y"`, "é日😀", notUtf8, '"a""b"', '""', '""""', "plain"].join(d);
      const probeBytes = Buffer.byteLength(probeText + nl);
      const headerText = ["Alpha", "Beta", "Gamma"].join(d);
      for (let cutAt = -1; cutAt <= probeBytes + 1; cutAt++) {
        // The probe row starts `cutAt` bytes before the end of the first chunk.
        const fillerBytes = CHUNK - cutAt - (bom ? 3 : 0) - Buffer.byteLength(headerText + nl) - nl.length;
        const builder = new FileBuilder(style, bom);
        builder.addRow(headerText, ["Alpha", "Beta", "Gamma"]);
        const filler = "f".repeat(fillerBytes - 2);
        builder.addRow(`${filler}${d}${d}`, [filler, "", ""]);
        expect(builder.bytes).toBe(CHUNK - cutAt);
        builder.addRow(probeText, probeValues);
        const tail = randomRowValues(random, style, bom);
        builder.addValues(tail, random);
        const bytes = builder.encode(cutAt % 2 === 0);
        const result = read(file(bytes, "sweep.csv"));
        try {
          expectReadAsGenerated(result, builder);
        } catch (error) {
          throw new Error(`${NEWLINE_NAMES[nl]} file cut ${cutAt} bytes into the probe row: ${(error as Error).message}`);
        }
      }
    }
  });

  test("a row longer than 300 KiB reads whole, and so do the rows before and after it", () => {
    const style: Style = { delimiter: ",", newline: "\r\n" };
    const random = new SeededRandom(31);
    const builder = new FileBuilder(style, false);
    builder.addValues(headerValues(5), random);
    builder.addValues(["before", "1"], random);
    const longValues: string[] = [];
    let longBytes = 0;
    while (longBytes < 320 * 1024) {
      const value = randomValue(random, style, false) + "z".repeat(random.integer(0, 2999));
      longValues.push(value);
      longBytes += Buffer.byteLength(value) + 3;
    }
    // Its last cell a quoted one with a line break: the row cannot end until the buffer holds all of it.
    longValues.push(`end\r\nof the long row, "quoted"`);
    builder.addValues(longValues, random);
    for (let index = 0; index < 200; index++) builder.addValues(randomRowValues(random, style, false), random);
    const bytes = builder.encode();
    const result = read(file(bytes));
    expectReadAsGenerated(result, builder);
    expectSameAsPapa(result, bytes, ",", "\r\n");
    expect(result.rows[1]!.fields.length).toBe(longValues.length);
    expect(Buffer.byteLength(longValues.join(","))).toBeGreaterThan(300 * 1024);
  });

  describe("delimiters and line ends", () => {
    test.each([
      ["comma", "Name,Email,Total\nAda,ada@x.org,1.00\n", ["Name", "Email", "Total"], ["Ada", "ada@x.org", "1.00"]],
      ["semicolon", "Name;Email;Total\nAda;ada@x.org;1,00\n", ["Name", "Email", "Total"], ["Ada", "ada@x.org", "1,00"]],
      ["tab", "Name\tEmail\tTotal\nAda, B\tada@x.org\t1.00\n", ["Name", "Email", "Total"], ["Ada, B", "ada@x.org", "1.00"]],
    ])("a %s-separated file is split on its delimiter", (_, text, header, row) => {
      const result = readText(text);
      expect(result.header).toEqual(header);
      expect(result.rows).toEqual([{ line: 2, fields: row }]);
    });

    test("the delimiter is the one that splits the header into the most columns, leaving quoted headers out", () => {
      // Outside quotes: two semicolons, one comma.
      const result = readText('"Name, full";"Amount, total";Note, short\n"Ada, L";"1,00";x, y\n');
      expect(result.header).toEqual(["Name, full", "Amount, total", "Note, short"]);
      expect(result.rows).toEqual([{ line: 2, fields: ["Ada, L", "1,00", "x, y"] }]);
    });

    test("a header with no delimiter at all reads as one comma-separated column", () => {
      expect(readText("Email\nada@x.org\n").rows).toEqual([{ line: 2, fields: ["ada@x.org"] }]);
    });

    test("the delimiter is guessed from the header even when blank lines come before it", () => {
      const result = readText("\n\nName;Email\nAda;ada@x.org\n");
      expect(result.header).toEqual(["Name", "Email"]);
      expect(result.rows).toEqual([{ line: 4, fields: ["Ada", "ada@x.org"] }]);
    });

    test.each([
      ["LF", "a,b\n1,2\n3,4"],
      ["CRLF", "a,b\r\n1,2\r\n3,4\r\n"],
      ["CR", "a,b\r1,2\r3,4\r"],
    ])("%s line ends end rows", (_, text) => {
      const result = readText(text);
      expect(result.header).toEqual(["a", "b"]);
      expect(result.rows).toEqual([
        { line: 2, fields: ["1", "2"] },
        { line: 3, fields: ["3", "4"] },
      ]);
    });

    test("in a CRLF file a bare CR or LF outside quotes is part of the cell, not a line end", () => {
      const result = readText("a,b\r\nx\ry,z\nw\r\n1,2\r\n");
      expect(result.rows).toEqual([
        { line: 2, fields: ["x\ry", "z\nw"] },
        { line: 4, fields: ["1", "2"] },
      ]);
    });

    test("a file of a single header line without a line end has no rows", () => {
      const result = readText("a,b,c");
      expect(result.header).toEqual(["a", "b", "c"]);
      expect(result.rows).toEqual([]);
    });

    test("rows keep as many cells as they have, fewer or more than the header", () => {
      const result = readText("a,b,c\n1\n1,2,3,4,5\n,\n1,\n");
      expect(result.rows).toEqual([
        { line: 2, fields: ["1"] },
        { line: 3, fields: ["1", "2", "3", "4", "5"] },
        { line: 5, fields: ["1", ""] },
      ]);
    });
  });

  describe("byte-order mark", () => {
    test("a UTF-8 byte-order mark is skipped, and the delimiter and line ends are still found", () => {
      const bytes = encode("Name;Email\r\nAda;ada@x.org\r\n", true);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const result = readText(bytes);
      expect(result.header).toEqual(["Name", "Email"]);
      expect(result.rows).toEqual([{ line: 2, fields: ["Ada", "ada@x.org"] }]);
    });

    test("a quoted first header after a byte-order mark is unquoted", () => {
      const result = readText(encode('"Order - Number","Customer Email"\n"1","a@b.co"\n', true));
      expect(result.header).toEqual(["Order - Number", "Customer Email"]);
      expect(result.rows).toEqual([{ line: 2, fields: ["1", "a@b.co"] }]);
    });

    test("a U+FEFF that begins a cell later in the file is kept, as TextDecoder keeps it", () => {
      const bytes = encode('a,b\n\uFEFFx,"\uFEFFy"\n');
      expect(new TextDecoder().decode(bytes)).toBe('a,b\n\uFEFFx,"\uFEFFy"\n');
      const result = readText(bytes);
      expect(result.rows).toEqual([{ line: 2, fields: ["\uFEFFx", "\uFEFFy"] }]);
      expectSameAsPapa(result, bytes, ",", "\n");
    });
  });

  describe("quoted fields", () => {
    test("quoted fields hold delimiters, doubled quotes and line breaks", () => {
      const result = readText('a,b,c\n"x, y","say ""hi""","two\nlines"\n"","""","a\n\nb"\nlast,"",z\n');
      expect(result.rows).toEqual([
        { line: 2, fields: ["x, y", 'say "hi"', "two\nlines"] },
        { line: 4, fields: ["", '"', "a\n\nb"] },
        { line: 7, fields: ["last", "", "z"] },
      ]);
    });

    test("in a CRLF file quoted CRLF, LF and CR are kept as written, and each LF counts as a line", () => {
      const result = readText('a,b\r\n"1\r\n2","3\n4"\r\n"5\r6",7\r\n8,9\r\n');
      expect(result.rows).toEqual([
        { line: 2, fields: ["1\r\n2", "3\n4"] },
        { line: 5, fields: ["5\r6", "7"] },
        { line: 6, fields: ["8", "9"] },
      ]);
    });

    test("text after a closing quote is kept after the quoted text", () => {
      const result = readText('a,b,c\n"ab"cd,"x""y"z,"q" \n"e"f\n');
      expect(result.rows).toEqual([
        { line: 2, fields: ["abcd", 'x"yz', "q "] },
        { line: 3, fields: ["ef"] },
      ]);
    });

    test("text after a closing quote stops at a CRLF line end", () => {
      const result = readText('a,b\r\n"ab"cd,e\r\n1,2\r\n');
      expect(result.rows).toEqual([
        { line: 2, fields: ["abcd", "e"] },
        { line: 3, fields: ["1", "2"] },
      ]);
    });

    test("a quote inside an unquoted cell is part of its text", () => {
      const result = readText('a,b\nsay "hi",5" tall\n');
      expect(result.rows).toEqual([{ line: 2, fields: ['say "hi"', '5" tall'] }]);
    });

    test("an unterminated quote runs to the end of the file", () => {
      const text = 'a,b\n1,"open\n2,3\n4,5\n';
      const result = readText(text);
      expect(result.rows).toEqual([{ line: 2, fields: ["1", "open\n2,3\n4,5\n"] }]);
      expectSameAsPapa(result, encode(text), ",", "\n");
    });

    test("an unterminated quote with doubled quotes inside undoes them", () => {
      expect(readText('a,b\n1,"x""y').rows).toEqual([{ line: 2, fields: ["1", 'x"y'] }]);
    });
  });

  describe("line numbers and blank rows", () => {
    test("a row's line is the line it starts on, counting the header, blank lines and line breaks inside quotes", () => {
      const text = ["h1,h2", '"a\nb\nc",1', "", "   ", "plain,2", '"x\n\ny",3', ",", "last,4"].join("\n") + "\n";
      const result = readText(text);
      expect(result.rows).toEqual([
        { line: 2, fields: ["a\nb\nc", "1"] },
        { line: 7, fields: ["plain", "2"] },
        { line: 8, fields: ["x\n\ny", "3"] },
        { line: 12, fields: ["last", "4"] },
      ]);
    });

    test("line breaks inside quotes in a CR file count as lines", () => {
      const result = readText('h1,h2\r"a\rb",1\rc,2\r');
      expect(result.rows).toEqual([
        { line: 2, fields: ["a\rb", "1"] },
        { line: 4, fields: ["c", "2"] },
      ]);
    });

    test("blank rows are skipped: empty lines, whitespace, empty cells and empty quoted cells", () => {
      const text = ["h1;h2", "", "  ", ";", " ; \t", '"";""', '"  "', "\u00a0;\u3000", "1;2", ""].join("\r\n");
      const result = readText(text);
      expect(result.header).toEqual(["h1", "h2"]);
      expect(result.rows).toEqual([{ line: 9, fields: ["1", "2"] }]);
    });

    test("blank lines before the header are skipped, and the header is the first row with text", () => {
      const result = readText("\n \n,\nh1,h2\n1,2\n");
      expect(result.header).toEqual(["h1", "h2"]);
      expect(result.rows).toEqual([{ line: 5, fields: ["1", "2"] }]);
    });

    test("a row with one filled cell among blank ones is kept", () => {
      expect(readText("a,b,c\n,, x\n").rows).toEqual([{ line: 2, fields: ["", "", " x"] }]);
    });
  });

  describe("refused files", () => {
    function errorOf(content: string | Uint8Array): unknown {
      try {
        readText(content);
      } catch (error) {
        return error;
      }
      return undefined;
    }

    test.each([
      ["an empty file", ""],
      ["a file of blank lines", "\n\n  \n\r\n"],
      ["a file of empty cells", ',,\n, ,\n"",""\n'],
      ["a file of only a byte-order mark", "\uFEFF"],
      ["a file of a byte-order mark and blank lines", "\uFEFF\r\n\r\n"],
    ])("%s is refused as empty", (_, content) => {
      const error = errorOf(content);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: "invalid", message: "The file is empty" });
    });

    const notText = (found: string) => `The file is not UTF-8, UTF-16 or Windows-1252 text (${found}): re-save it from Excel as 'CSV UTF-8 (Comma delimited)'`;

    test("a NUL byte in the first 8192 bytes marks the file as binary, saying where", () => {
      for (const at of [0, 5, 8191]) {
        const bytes = Buffer.from("a,b\n" + "x,y\n".repeat(3000));
        bytes[at] = 0;
        const error = errorOf(bytes);
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ kind: "invalid", field: "file", message: notText(`it holds binary data: a NUL byte at byte ${(at + 1).toLocaleString("en-US")}`) });
      }
    });

    test("workbooks and PDFs are named for what they are", () => {
      const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
      const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00, 0x00, 0x00]);
      const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n"), Buffer.from([0x78, 0x9c, 0x00, 0x01])]);
      expect(errorOf(zip)).toMatchObject({ kind: "invalid", message: notText("it is a ZIP archive, as an Excel workbook (.xlsx) is") });
      expect(errorOf(xls)).toMatchObject({ kind: "invalid", message: notText("it is an Excel 97-2003 workbook (.xls) or another Office document") });
      expect(errorOf(pdf)).toMatchObject({ kind: "invalid", message: notText("it is a PDF document") });
    });

    test("binary data without a NUL byte is refused for its control bytes, not read as Windows-1252", () => {
      const random = new SeededRandom(9);
      const bytes = Buffer.from(Array.from({ length: 20_000 }, () => random.integer(1, 255)));
      const error = errorOf(Buffer.concat([Buffer.from("a,b\n"), bytes]));
      expect(error).toBeInstanceOf(DomainError);
      expect((error as Error).message).toStartWith(`The file is not UTF-8, UTF-16 or Windows-1252 text (it holds binary data: `);
      expect((error as Error).message).toMatch(/\d control bytes in the [\d,]+ bytes from byte [\d,]+\): re-save it from Excel as 'CSV UTF-8 \(Comma delimited\)'$/);
    });

    test("UTF-8 text with bytes that are not UTF-8 among it is refused, naming the first of them", () => {
      const bytes = Buffer.concat([Buffer.from("Name,City\nRené,Zürich\nJosé,"), Buffer.from([0x4d, 0xe1, 0x6c, 0x61, 0x67, 0x61]), Buffer.from("\nAnaïs,Genève\n")]);
      expect(errorOf(bytes)).toMatchObject({ kind: "invalid", message: notText("it has UTF-8 text, and bytes that are not UTF-8 at byte 32: 0xE1 0x6C 0x61") });
    });

    test("UTF-32 text is refused as such", () => {
      const utf32 = Buffer.alloc(40);
      utf32.set([0xff, 0xfe, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]);
      expect(errorOf(utf32)).toMatchObject({ kind: "invalid", message: notText("it is UTF-32 text") });
    });

    test("a NUL byte after the first 8192 bytes is read as text", () => {
      const bytes = Buffer.from("a,b\n" + "x,y\n".repeat(3000));
      bytes[8196] = 0; // the x of row 2050
      const result = readText(bytes);
      expect(result.rows.length).toBe(3000);
      expect(result.rows[2048]).toEqual({ line: 2050, fields: ["\u0000", "y"] });
    });
  });

  describe("encodings", () => {
    /** Windows-1252's bytes for text it can write: its own table for 0x80-0x9F, Latin-1 for the rest. */
    const windows1252 = (text: string) =>
      Buffer.from(
        [...text].map((char) => {
          const at = WINDOWS_1252_SPECIAL.indexOf(char);
          if (at !== -1) return WINDOWS_1252_SPECIAL_BYTES[at]!;
          const code = char.charCodeAt(0);
          if (code > 0xff) throw new Error(`${char} is not in Windows-1252`);
          return code;
        }),
      );
    const WINDOWS_1252_SPECIAL = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
    const WINDOWS_1252_SPECIAL_BYTES = [0x80, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8e, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9e, 0x9f];
    const utf16 = (text: string, bigEndian: boolean, bom = true) => {
      const bytes = Buffer.from((bom ? "\uFEFF" : "") + text, "utf16le");
      return bigEndian ? bytes.swap16() : bytes;
    };
    const WESTERN = 'Name,Company,Note\r\nJosé Muñoz,Müller’s Lab,€12.50 «déjà vu» – ok\r\nZoë,"Café, Ltd",Straße ÿ\r\n';
    const WESTERN_ROWS = [
      { line: 2, fields: ["José Muñoz", "Müller’s Lab", "€12.50 «déjà vu» – ok"] },
      { line: 3, fields: ["Zoë", "Café, Ltd", "Straße ÿ"] },
    ];

    test("a Windows-1252 file reads as its text: é, ñ, ü, ’ (0x92) and € (0x80) among others", () => {
      const bytes = windows1252(WESTERN);
      expect([...bytes].filter((byte) => byte === 0x92 || byte === 0x80)).toEqual([0x92, 0x80]);
      const result = readText(bytes);
      expect(result.header).toEqual(["Name", "Company", "Note"]);
      expect(result.rows).toEqual(WESTERN_ROWS);
      expect(result.cellProblems).toEqual([]);
      expect(result.readEnds.at(-1)).toBe(bytes.length);
    });

    test("Windows-1252 reads every byte as a browser's decoder does, its five undefined ones as C1 controls", () => {
      const everyByte = Buffer.from(Array.from({ length: 0x80 }, (_, index) => 0x80 + index));
      const bytes = Buffer.concat([Buffer.from("h\n"), everyByte, Buffer.from("\n")]);
      const expected = [...everyByte].map((byte) => {
        const at = WINDOWS_1252_SPECIAL_BYTES.indexOf(byte);
        return at !== -1 ? WINDOWS_1252_SPECIAL[at]! : String.fromCharCode(byte);
      });
      expect(readText(bytes).rows).toEqual([{ line: 2, fields: [expected.join("")] }]);
    });

    test("a file that is ASCII for megabytes before its first Windows-1252 character reads right from there on", () => {
      for (const asciiBytes of [40, CHUNK - 30, CHUNK, CHUNK + 5, 3 * CHUNK + 1000]) {
        const header = "Order,Name,Note\n";
        const filler: string[] = [];
        let length = header.length;
        for (let row = 0; length < asciiBytes; row++) {
          const line = `SO-${row},Buyer ${row},${"n".repeat(row % 50)}\n`;
          filler.push(line);
          length += line.length;
        }
        const tail: string[] = [];
        for (let row = 0; row < 6000; row++) tail.push(`T-${row},Renée Ñúñez ${row},pâté ’${row}’ €${row}\n`);
        const text = header + filler.join("") + tail.join("");
        const bytes = windows1252(text);
        const result = readText(bytes);
        const [, ...expected] = text.trimEnd().split("\n").map((line) => line.split(","));
        expect(firstDifference(result.rows.map((row) => row.fields), expected)).toBeUndefined();
        expect(result.readEnds.at(-1)).toBe(bytes.length);
      }
    });

    test("a first Windows-1252 byte that ends a read, or begins one, reads right", () => {
      for (const at of [CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK]) {
        const header = "Name,Note\n";
        const filler = "y".repeat(at - header.length - 3);
        // "é" lands at byte `at`: after the header, the filler row's own bytes and ",ab".
        const text = `${header}${filler},ab\u00e9c\nÑu,’€\n`;
        const bytes = windows1252(text);
        expect(bytes[at]).toBe(0xe9);
        const result = readText(bytes);
        expect(result.rows).toEqual([
          { line: 2, fields: [filler, "abéc"] },
          { line: 3, fields: ["Ñu", "’€"] },
        ]);
      }
    });

    test("a Windows-1252 header decides at once", () => {
      const result = readText(windows1252("Größe;Preis €\nXL;12,50 €\n"));
      expect(result.header).toEqual(["Größe", "Preis €"]);
      expect(result.rows).toEqual([{ line: 2, fields: ["XL", "12,50 €"] }]);
    });

    test("a UTF-8 file whose first non-ASCII character comes late is read as UTF-8", () => {
      const text = "a,b\n" + "x,y\n".repeat(50_000) + "日本,😀 é\n";
      expect(readText(Buffer.from(text)).rows.at(-1)).toEqual({ line: 50_002, fields: ["日本", "😀 é"] });
    });

    test.each([
      ["UTF-16 LE", false],
      ["UTF-16 BE", true],
    ])("a %s file with a byte-order mark reads as its text", (_, bigEndian) => {
      const text = WESTERN + '日本,😀 gift,"tab\there"\r\n';
      const result = readText(utf16(text, bigEndian));
      expect(result.header).toEqual(["Name", "Company", "Note"]);
      expect(result.rows).toEqual([...WESTERN_ROWS, { line: 4, fields: ["日本", "😀 gift", "tab\there"] }]);
      expect(result.cellProblems).toEqual([]);
    });

    test.each([
      ["UTF-16 LE", false],
      ["UTF-16 BE", true],
    ])("a large tab-separated %s file, as Excel's Unicode Text is, reads whole, characters cut by every read", (_, bigEndian) => {
      const random = new SeededRandom(bigEndian ? 2 : 1);
      const values = ["Zoë", "😀", "日本", "plain", "a😀b", "é", "x"];
      const rows = Array.from({ length: 30_000 }, (_, row) => [`SO-${row}`, random.pick(values), random.pick(values) + "😀".repeat(row % 3)]);
      const text = "Order\tName\tNote\r\n" + rows.map((row) => row.join("\t")).join("\r\n") + "\r\n";
      const bytes = utf16(text, bigEndian);
      const result = readText(bytes);
      expect(result.header).toEqual(["Order", "Name", "Note"]);
      expect(firstDifference(result.rows.map((row) => row.fields), rows)).toBeUndefined();
      expect(result.readEnds.at(-1)).toBe(bytes.length);
    });

    test("UTF-16 without a byte-order mark is told by its NUL bytes", () => {
      for (const bigEndian of [false, true]) {
        const result = readText(utf16("Name,City\nRené,Zürich\n", bigEndian, false));
        expect(result.rows).toEqual([{ line: 2, fields: ["René", "Zürich"] }]);
      }
    });

    test("in UTF-16, a lone surrogate or a last odd byte reads as U+FFFD", () => {
      const bytes = Buffer.concat([utf16("a,b\nx", false), Buffer.from([0x00, 0xd8, 0x2c, 0x00, 0x00, 0xdc, 0x0a, 0x00, 0x79, 0x00, 0x7a])]);
      expect(readText(bytes).rows).toEqual([
        { line: 2, fields: ["x\uFFFD", "\uFFFD"] },
        { line: 3, fields: ["y\uFFFD"] },
      ]);
    });

    test("a UTF-16 file of only a byte-order mark is empty", () => {
      expect(() => readText(Buffer.from([0xff, 0xfe]))).toThrow("The file is empty");
    });
  });

  describe("text", () => {
    test("in a file with a UTF-8 byte-order mark, non-ASCII text decodes as TextDecoder decodes it, invalid UTF-8 as U+FFFD", () => {
      const bytes = Buffer.concat([
        Buffer.from('\uFEFFName,City,Note\r\nRené,日本 東京,"😀 ""ok"""\r\n'),
        Buffer.from([0xff, 0x2c, 0xe6, 0x97, 0x2c, 0x61, 0xc3, 0x28, 0x80, 0x0d, 0x0a]),
        Buffer.from('"\u00e9\u0301",Straße,"\u2028"\r\n'),
      ]);
      const result = readText(bytes);
      expect(result.rows).toEqual([
        { line: 2, fields: ["René", "日本 東京", '😀 "ok"'] },
        { line: 3, fields: ["\uFFFD", "\uFFFD", "a\uFFFD(\uFFFD"] },
        { line: 4, fields: ["\u00e9\u0301", "Straße", "\u2028"] },
      ]);
      expectSameAsPapa(result, bytes, ",", "\r\n");
      expect(result.cellProblems).toEqual([]);
    });

    test("a copy of a cell's bytes keeps them while the reader's buffer is written over by the rest of the file", () => {
      const rows = Array.from({ length: 20_000 }, (_, index) => `SO-${100_000 + index}, buyer${index}@clinic.example.com ,${"x".repeat(index % 40)}`);
      const copies: { expected: string; bytes: Uint8Array | null; missing: Uint8Array | null }[] = [];
      readCsvFile(file(`Order,Email,Filler\n${rows.join("\n")}\n`), {
        header: () => {},
        row: (row) => {
          if (row.line % 997 === 0) copies.push({ expected: row.trimmed(1), bytes: row.copyTrimmed(1), missing: row.copyTrimmed(7) });
        },
      });
      expect(copies.length).toBe(20);
      for (const { expected, bytes, missing } of copies) {
        expect(new TextDecoder().decode(bytes!)).toBe(expected);
        expect(missing).toEqual(new Uint8Array(0));
      }
    });

    test("text, trimmed and isBlank read a cell past the row's end as empty", () => {
      const seen: unknown[] = [];
      readCsvFile(file("a,b,c\n1, 2 \n"), {
        header: () => {},
        row: (row) => seen.push([row.cellCount, row.text(1), row.trimmed(1), row.text(2), row.trimmed(2), row.isBlank(2), row.text(-1), row.isBlank(-1)]),
      });
      expect(seen).toEqual([[2, " 2 ", "2", "", "", true, "", true]]);
    });

    test("writeJsonString writes exactly what JSON.stringify writes of the trimmed cell", () => {
      const cells = [
        "plain",
        "  padded both  ",
        '"quoted"',
        "back\\slash",
        "tab\there",
        "\ttabs around\t",
        "ctrl \u0001\u0002\u001f\u007f",
        "\b\f\v",
        "line\nbreak",
        "cr\rlf",
        "café",
        "日本",
        "😀 emoji",
        "\u00a0nbsp\u00a0",
        "a\u2028b\u2029c",
        "\u2028\u2029 only line separators",
        "in\uFEFFside\uFEFF",
        "</script>",
        "",
        "   ",
        "a\\\"b",
        "\\u0041",
      ];
      const text = `h\n${cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join("\n")}\nunquoted\\ "x" \u0001 é \n`;
      const written: [string, string, string][] = [];
      readCsvFile(file(text), {
        header: () => {},
        row: (row) => written.push([row.text(0), row.trimmed(0), jsonOf(row, 0)]),
      });
      const expectedCells = [...cells.filter((cell) => cell.trim() !== ""), 'unquoted\\ "x" \u0001 é '];
      expect(written.map(([text]) => text)).toEqual(expectedCells);
      expect(written.map(([, trimmed]) => trimmed)).toEqual(expectedCells.map((cell) => cell.trim()));
      expect(written.map(([, , json]) => json)).toEqual(expectedCells.map((cell) => JSON.stringify(cell.trim())));
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// A file whose rows are made to straddle each read of the reader in a chosen way.

type Plan = "line-end-cut" | "row-ends-at-boundary" | "doubled-quote-cut" | "character-cut" | "closing-quote-last" | "delimiter-last" | "quoted-break-cut" | "invalid-utf8-cut" | "random";
const PLANS: readonly Plan[] = [
  "line-end-cut",
  "doubled-quote-cut",
  "character-cut",
  "row-ends-at-boundary",
  "closing-quote-last",
  "delimiter-last",
  "quoted-break-cut",
  "invalid-utf8-cut",
  "random",
];

/**
 * Rows of random length, except that as each read of the file nears its end a row is shaped to put the
 * plan's awkward byte exactly at it. Where the reads end is modelled on the reader: the first ends at
 * CHUNK, and each next at the start of the row the last one cut, plus the buffer's length. The test then
 * checks, from the reader's own progress reports, that the cuts it wanted really happened.
 */
function generateSteeredFile(seed: number, style: Style, totalBytes: number): { builder: FileBuilder; planned: Plan[] } {
  const random = new SeededRandom(seed);
  const { delimiter: d, newline: nl } = style;
  // With a UTF-8 byte-order mark, which makes the bytes that are not UTF-8 read as U+FFFD.
  const builder = new FileBuilder(style, true);
  builder.addValues(headerValues(8), random);
  let readEnd = CHUNK;
  const bufferBytes = CHUNK;
  const planned: Plan[] = [];
  const add = (rowText: string, values: string[]) => {
    const start = builder.bytes;
    builder.addRow(rowText, values);
    // The reader keeps a row it could not finish and reads on from its start; a row that ends the read
    // exactly leaves the next read to begin with the next row.
    if (builder.bytes > readEnd) readEnd = start + bufferBytes;
    else if (builder.bytes === readEnd) readEnd += bufferBytes;
  };
  /** A row whose byte at `offset` of `featureText` lands at `at` of the file, behind a filler cell. */
  const addShaped = (at: number, featureText: string, featureValues: string[], offset: number) => {
    const fillerBytes = at - builder.bytes - Buffer.byteLength(featureText.slice(0, offset));
    if (fillerBytes <= 0) throw new Error("no room to shape the row");
    const filler = "f".repeat(fillerBytes - 1);
    add(`${filler}${d}${featureText}`, [filler, ...featureValues]);
  };
  while (builder.bytes < totalBytes) {
    const room = readEnd - builder.bytes;
    const values = randomRowValues(random, style, true);
    const rowText = values.map((value) => serialize(value, random, d)).join(d);
    if (Buffer.byteLength(rowText + nl) < room - 300) {
      builder.addRow(rowText, values);
      continue;
    }
    const plan = PLANS[planned.length % PLANS.length]!;
    planned.push(plan);
    const end = readEnd;
    switch (plan) {
      case "line-end-cut": {
        // The line end's first byte is the last one read, or for LF and CR the line end is the first byte not read.
        const filler = "g".repeat(end - builder.bytes - (nl.length === 2 ? 1 : 0));
        add(filler, [filler]);
        break;
      }
      case "row-ends-at-boundary": {
        const filler = "h".repeat(end - builder.bytes - nl.length);
        add(filler, [filler]);
        break;
      }
      case "doubled-quote-cut":
        addShaped(end - 1, `"a""b"`, ['a"b'], 2);
        break;
      case "character-cut":
        addShaped(end - 2, "x😀y", ["x😀y"], 1);
        break;
      case "closing-quote-last":
        addShaped(end - 1, `"q${d}r"`, [`q${d}r`], 4);
        break;
      case "delimiter-last":
        addShaped(end - 1, `${d}tail`, ["", "tail"], 0);
        break;
      case "quoted-break-cut":
        addShaped(end - 1, `"x${nl}y"`, [`x${nl}y`], 2);
        break;
      case "invalid-utf8-cut":
        addShaped(end - 1, "s\uE001t", ["s\uE001t"], 1);
        break;
      case "random":
        add(rowText, values);
        break;
    }
  }
  return { builder, planned };
}
