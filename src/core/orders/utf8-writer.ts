/**
 * Appends text to a growing buffer as UTF-8, plain or as JSON. An import writes half a million stored
 * orders; building each as a JavaScript string made hundreds of short-lived strings per order, and the
 * garbage collector cost more than the writing. Bytes are also what SQLite stores and what a thread can
 * hand to another without a copy.
 */
export class Utf8Writer {
  bytes: Uint8Array;
  length = 0;
  private readonly encodedKeys = new Map<string, Uint8Array>();

  constructor(initialBytes = 4096) {
    this.bytes = new Uint8Array(initialBytes);
  }

  /** Writes from the start of `bytes` from now on, leaving what was written to whoever holds the old buffer. */
  startOver(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.length = 0;
  }

  /** Text encoded as TextEncoder encodes it: a lone surrogate becomes U+FFFD. */
  text(text: string): void {
    this.reserve(text.length * 3);
    const bytes = this.bytes;
    let at = this.length;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code < 0x80) bytes[at++] = code;
      else if (code < 0xd800 || code > 0xdfff) at = writeCodeUnit(bytes, at, code);
      else if (isPairAt(text, index)) at = writeCodePoint(bytes, at, text.codePointAt(index++)!);
      else at = writeCodeUnit(bytes, at, REPLACEMENT_CHARACTER);
    }
    this.length = at;
  }

  /** A JSON string literal, escaped exactly as JSON.stringify escapes it. */
  jsonString(text: string): void {
    this.reserve(text.length * 6 + 2);
    const bytes = this.bytes;
    let at = this.length;
    bytes[at++] = QUOTE;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code < 0x80) {
        if (code >= 0x20 && code !== QUOTE && code !== BACKSLASH) bytes[at++] = code;
        else at = writeEscape(bytes, at, code);
      } else if (code < 0xd800 || code > 0xdfff) at = writeCodeUnit(bytes, at, code);
      else if (isPairAt(text, index)) at = writeCodePoint(bytes, at, text.codePointAt(index++)!);
      // JSON.stringify writes a lone surrogate as an escape, keeping the output well-formed.
      else at = writeUnicodeEscape(bytes, at, code);
    }
    bytes[at++] = QUOTE;
    this.length = at;
  }

  /**
   * An object key and its colon, `"name":`. Keys come from a small set (fields, column headers) and
   * make up half the strings of a stored order, so each is escaped once and copied from then on.
   */
  jsonKey(key: string): void {
    let encoded = this.encodedKeys.get(key);
    if (encoded === undefined) {
      const start = this.length;
      this.jsonString(key);
      this.ascii(":");
      encoded = this.bytes.slice(start, this.length);
      if (this.encodedKeys.size < MAX_ENCODED_KEYS) this.encodedKeys.set(key, encoded);
      return;
    }
    this.reserve(encoded.length);
    for (let index = 0; index < encoded.length; index++) this.bytes[this.length++] = encoded[index]!;
  }

  /** `bytes[start, end)`, printable ASCII without quotes or backslashes, as a JSON string literal: a copy between quotes. */
  quotedAscii(bytes: Uint8Array, start: number, end: number): void {
    this.reserve(end - start + 2);
    const out = this.bytes;
    let at = this.length;
    out[at++] = QUOTE;
    // Cells are short: copying them byte by byte beats making a subarray to copy from.
    for (let index = start; index < end; index++) out[at++] = bytes[index]!;
    out[at++] = QUOTE;
    this.length = at;
  }

  /** Bytes already encoded, such as what another writer wrote. */
  append(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A number as JSON.stringify writes it: null when it is not finite. */
  jsonNumber(value: number): void {
    if (Number.isSafeInteger(value)) this.integer(value);
    else this.text(Number.isFinite(value) ? String(value) : "null");
  }

  /** Text known to be ASCII with nothing to escape, such as JSON punctuation and fixed keys. */
  ascii(text: string): void {
    this.reserve(text.length);
    for (let index = 0; index < text.length; index++) this.bytes[this.length++] = text.charCodeAt(index);
  }

  /** Everything written from `start` on, as a view that stays valid until the writer next grows. */
  view(start = 0, end = this.length): Uint8Array {
    return this.bytes.subarray(start, end);
  }

  private integer(value: number): void {
    this.reserve(17);
    // -0 is written "0", as String(-0) is.
    if (value < 0) this.bytes[this.length++] = MINUS;
    let rest = Math.abs(value);
    let digits = 1;
    for (let power = 10; power <= rest; power *= 10) digits++;
    let at = (this.length += digits);
    do {
      this.bytes[--at] = DIGIT_ZERO + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  }

  private reserve(extraBytes: number): void {
    if (this.length + extraBytes <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extraBytes));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}

/** Enough for every key of an export's columns; keys past it are written without the shortcut. */
const MAX_ENCODED_KEYS = 512;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DIGIT_ZERO = 0x30;
const REPLACEMENT_CHARACTER = 0xfffd;
const HEX_DIGITS = "0123456789abcdef";
/** The two-character escapes JSON.stringify uses; other control characters become \u00XX. */
const SHORT_ESCAPES = new Map<number, number>([
  [0x08, 0x62], // \b
  [0x09, 0x74], // \t
  [0x0a, 0x6e], // \n
  [0x0c, 0x66], // \f
  [0x0d, 0x72], // \r
  [QUOTE, QUOTE],
  [BACKSLASH, BACKSLASH],
]);

function isPairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/** A code unit outside the surrogates, of two or three bytes. */
function writeCodeUnit(bytes: Uint8Array, at: number, code: number): number {
  if (code < 0x800) {
    bytes[at] = 0xc0 | (code >> 6);
    bytes[at + 1] = 0x80 | (code & 0x3f);
    return at + 2;
  }
  bytes[at] = 0xe0 | (code >> 12);
  bytes[at + 1] = 0x80 | ((code >> 6) & 0x3f);
  bytes[at + 2] = 0x80 | (code & 0x3f);
  return at + 3;
}

/** A code point beyond U+FFFF (a surrogate pair in the string), in four bytes. */
function writeCodePoint(bytes: Uint8Array, at: number, codePoint: number): number {
  bytes[at] = 0xf0 | (codePoint >> 18);
  bytes[at + 1] = 0x80 | ((codePoint >> 12) & 0x3f);
  bytes[at + 2] = 0x80 | ((codePoint >> 6) & 0x3f);
  bytes[at + 3] = 0x80 | (codePoint & 0x3f);
  return at + 4;
}

function writeEscape(bytes: Uint8Array, at: number, code: number): number {
  const short = SHORT_ESCAPES.get(code);
  if (short === undefined) return writeUnicodeEscape(bytes, at, code);
  bytes[at] = BACKSLASH;
  bytes[at + 1] = short;
  return at + 2;
}

function writeUnicodeEscape(bytes: Uint8Array, at: number, code: number): number {
  bytes[at++] = BACKSLASH;
  bytes[at++] = 0x75; // u
  for (let shift = 12; shift >= 0; shift -= 4) bytes[at++] = HEX_DIGITS.charCodeAt((code >> shift) & 0xf);
  return at;
}
