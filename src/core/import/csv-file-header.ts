import { invalid } from "../errors.ts";
import { readCsvFile } from "./csv-file-reader.ts";

/** A file's header and its first row, cell for cell: what the upload dialog shows beside each column. */
export interface CsvFileHeader {
  headers: string[];
  /** The first row's cells, trimmed, one per header; blank when the file has no rows. */
  firstRow: string[];
}

/** Reads no further than the first row: the column map is chosen before the whole file is read. */
export function readCsvFileHeader(filePath: string): CsvFileHeader {
  let headers: string[] = [];
  let firstRow: string[] | undefined;
  try {
    readCsvFile(filePath, {
      header: (fields) => {
        headers = fields;
      },
      row: (row) => {
        firstRow = headers.map((_, index) => row.trimmed(index));
        throw FIRST_ROW_READ;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw invalid("file", `Cannot read ${filePath}: no such file`);
    if (error !== FIRST_ROW_READ) throw error;
  }
  return { headers, firstRow: firstRow ?? headers.map(() => "") };
}

const FIRST_ROW_READ = new Error("The first row is read");
