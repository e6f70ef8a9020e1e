import { isAscii } from "node:buffer";
import { readSync } from "node:fs";
import { invalid } from "../errors.ts";
import { formatCount } from "../../contracts/counts.ts";

/** The encodings an export is read in: what Excel and ShipStation write. */
export type FileTextEncoding = "UTF-8" | "UTF-16LE" | "UTF-16BE" | "Windows-1252";

/** How a file that is none of them is refused: what was found goes in the brackets. */
export const NOT_TEXT_MESSAGE = "The file is not UTF-8, UTF-16 or Windows-1252 text";
export const RESAVE_ADVICE = "re-save it from Excel as 'CSV UTF-8 (Comma delimited)'";

/** Where binary data is looked for: a NUL byte here is no text's (but UTF-16's). */
const BINARY_CHECK_BYTES = 8192;
/** How much of a file is looked at to tell UTF-8 from Windows-1252, from its first byte that is not ASCII on. */
const DECIDING_BYTES = 64 << 10;
/** Bytes of a UTF-16 or Windows-1252 file read at a time, to be transcoded. */
const RAW_CHUNK_BYTES = 64 << 10;

/**
 * A file's text as UTF-8, read from its start: the bytes the CSV reader works on. Which encoding the file
 * is in is told from its bytes:
 *
 * - a byte-order mark: UTF-8 (EF BB BF), UTF-16 LE (FF FE) or BE (FE FF);
 * - without one, NUL bytes in the first 8 KB: UTF-16 when they fall on every other byte as ASCII text's
 *   high (or low) bytes do, otherwise binary data, refused;
 * - otherwise the file is ASCII up to its first byte that is not, and the 64 KB from there decide: valid
 *   UTF-8 is UTF-8, bytes that are not UTF-8 are Windows-1252 (Excel's "CSV (Comma delimited)" on a Western
 *   Windows), and both together, or many control bytes, are refused as no text that can be read right.
 *
 * A UTF-8 file's bytes are read straight into the caller's buffer, as they were before encodings were
 * told apart: only while everything read so far is ASCII is each read checked (with a native scan), as
 * the first byte that is not decides. A file that turns out to be Windows-1252 is transcoded from that
 * byte on, the ASCII before it being the same in both. UTF-16 and Windows-1252 are transcoded as read.
 */
export class FileText {
  private mode: "ascii so far" | FileTextEncoding;
  /** Where the next read of the file starts. */
  private position = 0;
  private transcoder: Transcoder | undefined;
  /** Transcoded bytes not yet handed out: out[outStart, outEnd). */
  private out: Buffer = Buffer.alloc(0);
  private outStart = 0;
  private outEnd = 0;
  private raw: Buffer = Buffer.alloc(0);

  constructor(
    private readonly fd: number,
    private readonly totalBytes: number,
  ) {
    const head = Buffer.allocUnsafe(Math.min(BINARY_CHECK_BYTES, totalBytes));
    const headLength = readFully(fd, head, 0);
    const { encoding, skip } = encodingFromStart(head.subarray(0, headLength));
    this.mode = encoding ?? "ascii so far";
    this.position = skip;
    if (encoding === "UTF-16LE" || encoding === "UTF-16BE") this.transcodeFromHere(new Utf16Transcoder(encoding === "UTF-16BE"));
  }

  /** The file's encoding, once told: undefined while all of it read so far is ASCII (which reads the same in each). */
  get encoding(): FileTextEncoding | undefined {
    return this.mode === "ascii so far" ? undefined : this.mode;
  }

  /** Bytes of the file read so far, as progress counts them. */
  get bytesRead(): number {
    return Math.min(this.position, this.totalBytes);
  }

  /** Reads up to `length` bytes of UTF-8 text into `into` at `offset`, as readSync would; 0 only at the end of the file. */
  read(into: Buffer, offset: number, length: number): number {
    if (this.mode === "UTF-8") return this.readAsIs(into, offset, length);
    if (this.mode === "ascii so far") {
      const count = this.readAsIs(into, offset, length);
      if (count === 0 || isAscii(into.subarray(offset, offset + count))) return count;
      return this.decide(into, offset, length, count);
    }
    return this.readTranscoded(into, offset, length);
  }

  private readAsIs(into: Buffer, offset: number, length: number): number {
    const count = readSync(this.fd, into, offset, length, this.position);
    this.position += count;
    return count;
  }

  /**
   * The read just made, of `count` bytes at `offset`, holds the file's first byte that is not ASCII: the
   * bytes from there tell UTF-8 from Windows-1252. Returns how many of the bytes read stand.
   */
  private decide(into: Buffer, offset: number, length: number, count: number): number {
    let first = offset;
    while (into[first]! < 0x80) first++;
    const filePosition = this.position - count + (first - offset);
    const window = Buffer.allocUnsafe(Math.max(0, Math.min(DECIDING_BYTES, this.totalBytes - filePosition)));
    const windowLength = readFully(this.fd, window, filePosition);
    const encoding = encodingOfNonAscii(window.subarray(0, windowLength), filePosition, filePosition + windowLength >= this.totalBytes);
    if (encoding === "UTF-8") {
      this.mode = "UTF-8";
      return count;
    }
    this.mode = "Windows-1252";
    this.position = filePosition;
    this.transcodeFromHere(new Windows1252Transcoder());
    // The ASCII before that byte stands; with none, this read is made again, transcoding.
    return first > offset ? first - offset : this.readTranscoded(into, offset, length);
  }

  private transcodeFromHere(transcoder: Transcoder): void {
    this.transcoder = transcoder;
    this.raw = Buffer.allocUnsafe(RAW_CHUNK_BYTES);
    this.out = Buffer.allocUnsafe(RAW_CHUNK_BYTES * 3 + 8);
  }

  private readTranscoded(into: Buffer, offset: number, length: number): number {
    const transcoder = this.transcoder!;
    while (this.outStart === this.outEnd) {
      const count = readSync(this.fd, this.raw, 0, this.raw.length, this.position);
      this.position += count;
      this.outStart = 0;
      this.outEnd = count === 0 ? transcoder.end(this.out) : transcoder.transcode(this.raw, count, this.out);
      if (count === 0 && this.outEnd === 0) return 0;
    }
    const copied = Math.min(length, this.outEnd - this.outStart);
    this.out.copy(into, offset, this.outStart, this.outStart + copied);
    this.outStart += copied;
    return copied;
  }
}

/** The encoding a file's first bytes say, with the length of its byte-order mark; undefined for one to tell later. Throws for binary data. */
function encodingFromStart(head: Buffer): { encoding: FileTextEncoding | undefined; skip: number } {
  const [b0, b1, b2, b3] = head;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { encoding: "UTF-8", skip: 0 };
  if ((b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) || (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff)) throw notText("it is UTF-32 text");
  const byteOrderMark = b0 === 0xff && b1 === 0xfe ? "UTF-16LE" : b0 === 0xfe && b1 === 0xff ? "UTF-16BE" : undefined;
  const utf16 = byteOrderMark ?? utf16ByNulBytes(head);
  if (utf16 !== undefined) {
    const skip = byteOrderMark === undefined ? 0 : 2;
    const nul = nulCharacterAt(head, skip);
    if (nul !== -1) throw notText(`it holds binary data: a NUL character at byte ${formatCount(nul + 1)}`);
    return { encoding: utf16, skip };
  }
  const nul = head.indexOf(0);
  if (nul !== -1) throw notText(describeBinary(head, nul));
  return { encoding: undefined, skip: 0 };
}

/**
 * UTF-16 without a byte-order mark, told by its NUL bytes: text that is mostly ASCII, as an export is,
 * has a NUL as the high byte of nearly every character, so on every other byte, and hardly any on the others.
 */
function utf16ByNulBytes(head: Buffer): FileTextEncoding | undefined {
  const pairs = head.length >> 1;
  if (pairs === 0) return undefined;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let at = 0; at < pairs * 2; at += 2) {
    if (head[at] === 0) evenNuls++;
    if (head[at + 1] === 0) oddNuls++;
  }
  if (oddNuls >= pairs * 0.3 && evenNuls * 20 <= oddNuls) return "UTF-16LE";
  if (evenNuls >= pairs * 0.3 && oddNuls * 20 <= evenNuls) return "UTF-16BE";
  return undefined;
}

/** The offset of the first U+0000 in UTF-16 bytes from `start`, or -1. */
function nulCharacterAt(head: Buffer, start: number): number {
  for (let at = start; at + 1 < head.length; at += 2) if (head[at] === 0 && head[at + 1] === 0) return at;
  return -1;
}

/** What a file holding a NUL byte at `nul` is, as far as its first bytes tell. */
function describeBinary(head: Buffer, nul: number): string {
  const startsWith = (...bytes: number[]) => bytes.every((byte, at) => head[at] === byte);
  if (startsWith(0x50, 0x4b, 0x03, 0x04)) return "it is a ZIP archive, as an Excel workbook (.xlsx) is";
  if (startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return "it is an Excel 97-2003 workbook (.xls) or another Office document";
  if (startsWith(0x25, 0x50, 0x44, 0x46)) return "it is a PDF document";
  return `it holds binary data: a NUL byte at byte ${formatCount(nul + 1)}`;
}

/**
 * UTF-8 or Windows-1252, told from `window`, the file's bytes from its first that is not ASCII (at
 * `filePosition`). Throws when neither reads it right: UTF-8 and bytes that are not UTF-8 together, or
 * control bytes that no text has.
 */
function encodingOfNonAscii(window: Buffer, filePosition: number, endsFile: boolean): FileTextEncoding {
  const { valid, invalid: invalidCount, firstInvalid } = countUtf8Sequences(window, endsFile);
  if (invalidCount === 0) return "UTF-8";
  if (valid > invalidCount) {
    const shown = [...window.subarray(firstInvalid, firstInvalid + 3)].map((byte) => `0x${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(" ");
    throw notText(`it has UTF-8 text, and bytes that are not UTF-8 at byte ${formatCount(filePosition + firstInvalid + 1)}: ${shown}`);
  }
  let controls = 0;
  for (const byte of window) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  if (controls > window.length / 100) throw notText(`it holds binary data: ${formatCount(controls)} control bytes in the ${formatCount(window.length)} bytes from byte ${formatCount(filePosition + 1)}`);
  return "Windows-1252";
}

/**
 * The UTF-8 sequences of two bytes or more in `bytes`, and the sequences that are not UTF-8 (as WHATWG's
 * decoder tells them: overlong forms, surrogates and code points past U+10FFFF included), with where the
 * first of those starts. A sequence cut off by the end of `bytes` counts only when the file ends there.
 */
export function countUtf8Sequences(bytes: Uint8Array, endsFile: boolean): { valid: number; invalid: number; firstInvalid: number } {
  let valid = 0;
  let invalidCount = 0;
  let firstInvalid = -1;
  const length = bytes.length;
  let at = 0;
  while (at < length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at++;
      continue;
    }
    let need = 0;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) need = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      need = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      need = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    }
    let seen = 0;
    let ok = need > 0;
    while (ok && seen < need) {
      const next = at + 1 + seen;
      if (next >= length) {
        if (!endsFile) return { valid, invalid: invalidCount, firstInvalid };
        ok = false;
        break;
      }
      const byte = bytes[next]!;
      if (byte < (seen === 0 ? low : 0x80) || byte > (seen === 0 ? high : 0xbf)) ok = false;
      else seen++;
    }
    if (ok) {
      valid++;
      at += 1 + need;
    } else {
      if (firstInvalid === -1) firstInvalid = at;
      invalidCount++;
      at += 1 + seen;
    }
  }
  return { valid, invalid: invalidCount, firstInvalid };
}

interface Transcoder {
  /** Writes the UTF-8 of `raw[0, count)` into `out` (room for three times `count` and more), returning its length; keeps what a later chunk completes. */
  transcode(raw: Buffer, count: number, out: Buffer): number;
  /** At the end of the file: what was kept, as U+FFFD when it was cut off. */
  end(out: Buffer): number;
}

/** Windows-1252's 0x80-0x9F; the five bytes it leaves undefined read as the C1 controls, as WHATWG's decoder reads them. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022,
  0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

class Windows1252Transcoder implements Transcoder {
  transcode(raw: Buffer, count: number, out: Buffer): number {
    let written = 0;
    for (let at = 0; at < count; at++) {
      const byte = raw[at]!;
      if (byte < 0x80) out[written++] = byte;
      else written = writeUtf8(byte < 0xa0 ? WINDOWS_1252_HIGH[byte - 0x80]! : byte, out, written);
    }
    return written;
  }

  end(): number {
    return 0;
  }
}

class Utf16Transcoder implements Transcoder {
  /** A byte left over from the last chunk, or -1. */
  private oddByte = -1;
  /** A high surrogate waiting for its low one, or 0. */
  private highSurrogate = 0;

  constructor(private readonly bigEndian: boolean) {}

  transcode(raw: Buffer, count: number, out: Buffer): number {
    let written = 0;
    let at = 0;
    if (this.oddByte !== -1 && count > 0) {
      written = this.unit(this.bigEndian ? (this.oddByte << 8) | raw[0]! : this.oddByte | (raw[0]! << 8), out, written);
      this.oddByte = -1;
      at = 1;
    }
    const big = this.bigEndian;
    for (; at + 1 < count; at += 2) {
      const unit = big ? (raw[at]! << 8) | raw[at + 1]! : raw[at]! | (raw[at + 1]! << 8);
      if (unit < 0x80 && this.highSurrogate === 0) out[written++] = unit;
      else written = this.unit(unit, out, written);
    }
    if (at < count) this.oddByte = raw[at]!;
    return written;
  }

  end(out: Buffer): number {
    const cutOff = this.oddByte !== -1 || this.highSurrogate !== 0;
    this.oddByte = -1;
    this.highSurrogate = 0;
    return cutOff ? writeUtf8(0xfffd, out, 0) : 0;
  }

  private unit(unit: number, out: Buffer, written: number): number {
    if (this.highSurrogate !== 0) {
      const high = this.highSurrogate;
      this.highSurrogate = 0;
      if (unit >= 0xdc00 && unit <= 0xdfff) return writeUtf8(0x10000 + ((high - 0xd800) << 10) + (unit - 0xdc00), out, written);
      written = writeUtf8(0xfffd, out, written);
    }
    if (unit >= 0xd800 && unit <= 0xdbff) {
      this.highSurrogate = unit;
      return written;
    }
    return writeUtf8(unit >= 0xdc00 && unit <= 0xdfff ? 0xfffd : unit, out, written);
  }
}

function writeUtf8(codePoint: number, out: Buffer, at: number): number {
  if (codePoint < 0x80) {
    out[at] = codePoint;
    return at + 1;
  }
  if (codePoint < 0x800) {
    out[at] = 0xc0 | (codePoint >> 6);
    out[at + 1] = 0x80 | (codePoint & 0x3f);
    return at + 2;
  }
  if (codePoint < 0x10000) {
    out[at] = 0xe0 | (codePoint >> 12);
    out[at + 1] = 0x80 | ((codePoint >> 6) & 0x3f);
    out[at + 2] = 0x80 | (codePoint & 0x3f);
    return at + 3;
  }
  out[at] = 0xf0 | (codePoint >> 18);
  out[at + 1] = 0x80 | ((codePoint >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((codePoint >> 6) & 0x3f);
  out[at + 3] = 0x80 | (codePoint & 0x3f);
  return at + 4;
}

/** Fills `into` from the file at `position`, as far as the file goes; returns the bytes read. */
function readFully(fd: number, into: Buffer, position: number): number {
  let filled = 0;
  while (filled < into.length) {
    const count = readSync(fd, into, filled, into.length - filled, position + filled);
    if (count === 0) break;
    filled += count;
  }
  return filled;
}

function notText(found: string): Error {
  return invalid("file", `${NOT_TEXT_MESSAGE} (${found}): ${RESAVE_ADVICE}`);
}

