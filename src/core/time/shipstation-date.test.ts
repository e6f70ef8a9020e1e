import { describe, expect, test } from "bun:test";
import { parseShipStationDate, parseUsDateTimeBytes } from "./shipstation-date.ts";
import { UnreadableValueError } from "../unreadable-value.ts";

const NEW_YORK = "America/New_York";

const utcOf = (text: string, timeZone = NEW_YORK) => parseShipStationDate(text, timeZone)?.toISOString();

function failureOf(text: string): UnreadableValueError {
  try {
    parseShipStationDate(text, NEW_YORK);
  } catch (error) {
    if (error instanceof UnreadableValueError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be unreadable`);
}

describe("parseShipStationDate, US style", () => {
  test("the formats seen in ShipStation exports, as New York wall-clock times", () => {
    expect(utcOf("4/2/2026 10:39:21 AM")).toBe("2026-04-02T14:39:21.000Z");
    expect(utcOf("05/01/2026 10:30:00 AM")).toBe("2026-05-01T14:30:00.000Z");
    expect(utcOf("9/6/2026 8:31")).toBe("2026-09-06T12:31:00.000Z");
    expect(utcOf("9/5/2026 17:33")).toBe("2026-09-05T21:33:00.000Z");
    expect(utcOf("02/01/2025")).toBe("2025-02-01T05:00:00.000Z");
    expect(utcOf("12/31/2025 11:59 PM")).toBe("2026-01-01T04:59:00.000Z");
  });

  test("12 AM is midnight and 12 PM is noon, in any case and with or without a space", () => {
    expect(utcOf("1/15/2026 12:00 AM")).toBe("2026-01-15T05:00:00.000Z");
    expect(utcOf("1/15/2026 12:30:15 pm")).toBe("2026-01-15T17:30:15.000Z");
    expect(utcOf("1/15/2026 1:05PM")).toBe("2026-01-15T18:05:00.000Z");
  });

  test("the zone decides the instant", () => {
    expect(utcOf("4/2/2026 10:39:21 AM", "America/Los_Angeles")).toBe("2026-04-02T17:39:21.000Z");
    expect(utcOf("4/2/2026 10:39:21 AM", "UTC")).toBe("2026-04-02T10:39:21.000Z");
  });

  test("times on New York's 2026 transition days follow the wall-clock rules", () => {
    expect(utcOf("3/8/2026 2:30 AM")).toBe("2026-03-08T07:30:00.000Z");
    expect(utcOf("11/1/2026 1:30 AM")).toBe("2026-11-01T05:30:00.000Z");
    expect(utcOf("11/1/2026 2:30 AM")).toBe("2026-11-01T07:30:00.000Z");
  });

  test("surrounding whitespace is ignored and blank is null", () => {
    expect(utcOf("  2/29/2024 \t")).toBe("2024-02-29T05:00:00.000Z");
    expect(parseShipStationDate("", NEW_YORK)).toBeNull();
    expect(parseShipStationDate("   ", NEW_YORK)).toBeNull();
  });
});

describe("parseShipStationDate, ISO 8601", () => {
  test("date only, date and time with T or a space, as New York wall-clock times", () => {
    expect(utcOf("2026-04-02")).toBe("2026-04-02T04:00:00.000Z");
    expect(utcOf("2026-04-02T10:39:21")).toBe("2026-04-02T14:39:21.000Z");
    expect(utcOf("2026-04-02 10:39:21")).toBe("2026-04-02T14:39:21.000Z");
    expect(utcOf("2026-01-02T10:39")).toBe("2026-01-02T15:39:00.000Z");
  });

  test("the API's seven-digit fractions keep their milliseconds, truncated", () => {
    expect(utcOf("2015-06-29T14:44:26.3500000")).toBe("2015-06-29T18:44:26.350Z");
    expect(utcOf("2026-04-02T10:39:21.9999999Z")).toBe("2026-04-02T10:39:21.999Z");
    expect(utcOf("2026-04-02T10:39:21.5Z")).toBe("2026-04-02T10:39:21.500Z");
  });

  test("an offset or Z in the value wins over the zone", () => {
    expect(utcOf("2026-04-02T10:39:21Z")).toBe("2026-04-02T10:39:21.000Z");
    expect(utcOf("2026-04-02T10:39:21+02:00")).toBe("2026-04-02T08:39:21.000Z");
    expect(utcOf("2026-04-02T10:39:21-0500")).toBe("2026-04-02T15:39:21.000Z");
    expect(utcOf("2026-04-02 10:39:21.123 +05:30")).toBe("2026-04-02T05:09:21.123Z");
    expect(utcOf("2026-04-02T10:39:21-07")).toBe("2026-04-02T17:39:21.000Z");
  });
});

describe("parseShipStationDate, unreadable values", () => {
  test("impossible dates and times say what is wrong", () => {
    expect(failureOf("2/30/2026").message).toBe('unreadable date "2/30/2026": 2/2026 has no day 30');
    expect(failureOf("2/29/2026").message).toBe('unreadable date "2/29/2026": 2/2026 has no day 29');
    expect(failureOf("13/01/2026").message).toBe('unreadable date "13/01/2026": month 13 does not exist');
    expect(failureOf("1/1/2026 25:00").message).toBe('unreadable date "1/1/2026 25:00": hour 25 does not exist');
    expect(failureOf("1/1/2026 10:60").message).toBe('unreadable date "1/1/2026 10:60": minute 60 does not exist');
    expect(failureOf("1/1/2026 13:00 PM").message).toBe('unreadable date "1/1/2026 13:00 PM": 13 PM is not a 12-hour clock time');
    expect(failureOf("1/1/2026 0:30 am").message).toBe('unreadable date "1/1/2026 0:30 am": 0 AM is not a 12-hour clock time');
    expect(failureOf("2026-02-30").message).toBe('unreadable date "2026-02-30": 2/2026 has no day 30');
    expect(failureOf("2026-04-02T24:00:00").message).toBe('unreadable date "2026-04-02T24:00:00": hour 24 does not exist');
    expect(failureOf("2026-04-02T10:00:00+25:00").message).toBe('unreadable date "2026-04-02T10:00:00+25:00": the UTC offset does not exist');
    expect(failureOf("0999-01-01").message).toBe('unreadable date "0999-01-01": year 999 is outside 1000-9999');
  });

  test("text in no known format is rejected rather than guessed at", () => {
    for (const text of ["yesterday", "4/2/26", "2026/04/02", "4-2-2026", "1/1/2026 10", "2026-4-2", "2026-04-02T10", "4/2/2026 10:39:21 XM", "Apr 2, 2026"]) {
      const failure = failureOf(text);
      expect(failure.message).toBe(`unreadable date "${text}": expected M/D/YYYY with an optional h:mm[:ss] [AM|PM], or ISO 8601`);
    }
  });

  test("the message quotes the text trimmed", () => {
    expect(failureOf("  junk ").message).toStartWith('unreadable date "junk": ');
  });
});

describe("parseUsDateTimeBytes, the import's reading of a date cell's bytes", () => {
  const fromBytes = (text: string, timeZone = NEW_YORK) => {
    const bytes = Buffer.from(`,${text},`);
    return parseUsDateTimeBytes(bytes, 1, bytes.length - 1, timeZone)?.toISOString();
  };

  test("reads every US form exactly as parseShipStationDate reads its text", () => {
    const forms = [
      "4/2/2026 10:39:21 AM",
      "05/01/2026 10:30:00 am",
      "9/6/2026 8:31",
      "9/5/2026 17:33",
      "02/01/2025",
      "12/31/2025 11:59 PM",
      "1/15/2026 12:00 AM",
      "1/15/2026 12:00:59 pM",
      "3/8/2026 2:30 AM",
      "11/1/2026 1:30 AM",
    ];
    for (const text of forms) {
      expect(fromBytes(text)).toBeString();
      expect(fromBytes(text)).toBe(utcOf(text));
      expect(fromBytes(text, "America/Los_Angeles")).toBe(utcOf(text, "America/Los_Angeles"));
    }
  });

  test("leaves anything else to parseShipStationDate: other spacing, ISO dates, impossible dates and clocks", () => {
    for (const text of ["4/2/2026  10:39 AM", "4/2/2026 10:39AM", "2026-04-02T10:39:21", "2/30/2026", "13/1/2026", "4/2/2026 13:00 PM", "4/2/2026 0:00 AM", "4/2/26", "4/2/2026 10:3", "4/2/2026 10:39:2", "4/2/2026 10:39 XM"]) {
      expect(fromBytes(text)).toBeUndefined();
    }
  });
});
