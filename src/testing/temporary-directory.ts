import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TemporaryDirectory {
  readonly path: string;
  /** Removes the directory and all it holds; once more does nothing. */
  dispose(): void;
}

/**
 * A fresh directory in the system's temporary one, its name `prefix` and a random tail: the prefix says which
 * tests left a directory behind. For a test of its own, in try/finally, or for hooks that must dispose of it
 * in a set order (after closing what lives in it).
 */
export function temporaryDirectory(prefix: string): TemporaryDirectory {
  const made = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    path: made,
    dispose: () => rmSync(made, { recursive: true, force: true }),
  };
}

/**
 * A fresh temporary directory for each test of the enclosing `describe` (or file), removed after it. `path` is
 * replaced before every test, so read it inside tests and hooks, never at describe time. Bun runs afterEach hooks
 * in the order they were registered, so one registered after this call runs once the directory is gone: a test
 * that must close something in it first makes it with `temporaryDirectory` and disposes of it in its own hook.
 */
export function useTemporaryDirectory(prefix: string): { readonly path: string } {
  return useDirectory(prefix, beforeEach, afterEach);
}

/** As useTemporaryDirectory, but one directory for all the tests of the enclosing `describe` (or file): made before the first, removed after the last. */
export function useTemporaryDirectoryForAll(prefix: string): { readonly path: string } {
  return useDirectory(prefix, beforeAll, afterAll);
}

function useDirectory(prefix: string, before: (hook: () => void) => void, after: (hook: () => void) => void): { readonly path: string } {
  let directory: TemporaryDirectory | undefined;
  before(() => {
    directory = temporaryDirectory(prefix);
  });
  // A hook that failed before the directory was made leaves nothing to remove.
  after(() => directory?.dispose());
  return {
    get path() {
      if (!directory) throw new Error("the temporary directory is made in a hook: read its path from a test or a later hook");
      return directory.path;
    },
  };
}
