/**
 * Collects garbage after every so many bytes of input. An import churns through strings (cells, chunks of
 * the file, fields crossing threads) whose characters JavaScriptCore weighs lightly when deciding when to
 * collect: left alone, the two threads of a million-row import held some 120 MB more than with a
 * collection every few megabytes, which costs one to two seconds of work across those rows.
 */
export class GarbagePacer {
  private nextAt: number;

  constructor(private readonly bytesBetweenCollections: number) {
    this.nextAt = bytesBetweenCollections;
  }

  /** Call with the bytes of input read so far. */
  progressed(bytesRead: number): void {
    if (bytesRead < this.nextAt) return;
    Bun.gc(true);
    this.nextAt = bytesRead + this.bytesBetweenCollections;
  }
}
