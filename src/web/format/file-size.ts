const UNITS = ["KB", "MB", "GB", "TB"] as const;

/**
 * A file's size as people read it: '812 bytes', '4.2 MB', '257 MB', '1.3 GB'. Units of 1,024, as file
 * managers count; one decimal below 10, where it still says something.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  const shown = size < 10 ? size.toFixed(1).replace(/\.0$/, "") : String(Math.round(size));
  // 1,023.6 KB rounds to '1024 KB': say '1 MB' instead.
  if (shown === "1024" && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${shown} ${UNITS[unit]}`;
}
