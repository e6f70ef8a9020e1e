import { expect, test } from "bun:test";
import { formatFileSize } from "./file-size";

test("a file's size in the unit that reads best, one decimal below 10", () => {
  expect(formatFileSize(0)).toBe("0 bytes");
  expect(formatFileSize(1)).toBe("1 byte");
  expect(formatFileSize(812)).toBe("812 bytes");
  expect(formatFileSize(1024)).toBe("1 KB");
  expect(formatFileSize(4.2 * 1024 * 1024)).toBe("4.2 MB");
  expect(formatFileSize(257 * 1024 * 1024 + 300_000)).toBe("257 MB");
  expect(formatFileSize(1024 * 1024 - 10)).toBe("1 MB");
  expect(formatFileSize(1.34 * 1024 ** 3)).toBe("1.3 GB");
});
