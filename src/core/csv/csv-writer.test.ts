import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { csvByteStream, csvCell, csvChunks, csvDate, csvDateTime, csvLine, csvMoney, UTF8_BOM, writeCsvFile } from "./csv-writer.ts";
import { temporaryDirectory } from "../../testing/temporary-directory.ts";

describe("the CSV writer", () => {
  test("quotes only what RFC 4180 requires, doubling quotes, and ends lines with CRLF", () => {
    expect(csvLine(["plain", 'say "hi"', "a,b", "two\nlines", null, 42])).toBe('plain,"say ""hi""","a,b","two\nlines",,42\r\n');
    const awkward = ['Smith, "Doc" & Co', "line one\r\nline two", "", "ünïcödé ✓"];
    expect(Papa.parse<string[]>(csvLine(awkward).trimEnd()).data[0]).toEqual(awkward);
  });

  test("text a spreadsheet would run as a formula gets a leading apostrophe; plain numbers stay numbers", () => {
    expect(["=HYPERLINK(\"http://x\")", "+1 555", "-2+3", "@SUM(A1)", "\tTab", "\rReturn"].map(csvCell)).toEqual([
      `"'=HYPERLINK(""http://x"")"`,
      "'+1 555",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      `"'\rReturn"`,
    ]);
    expect(["-12.50", "-3", "a=b", "Dr. Mo-Lab"].map(csvCell)).toEqual(["-12.50", "-3", "a=b", "Dr. Mo-Lab"]);
    expect(csvCell(-7)).toBe("-7");
  });

  test("writes money with two decimals and no symbol, dates as MM/DD/YYYY and times on New York's clock", () => {
    expect([123456, 5, 0, -1995, null].map(csvMoney)).toEqual(["1234.56", "0.05", "0.00", "-19.95", null]);
    // 03:30 UTC on 1 March is still 29 February in New York (a leap year), 22:30 on its clock.
    expect(csvDate(new Date("2028-03-01T03:30:00Z"))).toBe("02/29/2028");
    expect(csvDate(null)).toBeNull();
    expect(csvDateTime(new Date("2028-03-01T03:30:00Z"))).toBe("02/29/2028 22:30");
    // Daylight time: UTC-4 in July.
    expect(csvDateTime(new Date("2026-07-04T16:05:00Z"))).toBe("07/04/2026 12:05");
  });

  test("starts with the byte order mark and the header, then one chunk per batch of rows", () => {
    const chunks = [...csvChunks(["Name", "Total"], [[["A", 1], ["B", 2]], [], [["C", 3]]])];
    expect(chunks).toEqual([`${UTF8_BOM}Name,Total\r\n`, "A,1\r\nB,2\r\n", "C,3\r\n"]);
  });

  test("streams bytes as they are pulled, and stops reading when the download is abandoned", async () => {
    let read = 0;
    function* chunks() {
      for (let batch = 0; batch < 100; batch++) {
        read++;
        yield `row ${batch}\r\n`;
      }
    }
    const whole = await new Response(csvByteStream(chunks())).arrayBuffer();
    expect(new TextDecoder().decode(whole).split("\r\n")).toHaveLength(101);

    read = 0;
    const reader = csvByteStream(chunks()).getReader();
    await reader.read();
    await reader.cancel();
    expect(read).toBeLessThan(5);
  });

  test("writes a file as UTF-8 with its BOM, and removes it when a batch fails part-way", () => {
    const dir = temporaryDirectory("crm-csv-");
    try {
      const file = path.join(dir.path, "out.csv");
      writeCsvFile(file, csvChunks(["Name"], [[["Zoë"]]]));
      expect([...readFileSync(file).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(readFileSync(file, "utf8")).toBe(`${UTF8_BOM}Name\r\nZoë\r\n`);

      function* failing(): Generator<string> {
        yield "Name\r\n";
        throw new Error("disk gone");
      }
      expect(() => writeCsvFile(file, failing())).toThrow("disk gone");
      expect(() => readFileSync(file)).toThrow();
    } finally {
      dir.dispose();
    }
  });
});
