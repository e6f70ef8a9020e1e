import { beforeEach, expect, test } from "bun:test";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openersFolderName, otherOpeners, registerOpener } from "./openers.ts";
import { useTemporaryDirectory } from "../../testing/temporary-directory.ts";

const dir = useTemporaryDirectory("crm-openers-");
let databaseFile: string;
beforeEach(() => {
  databaseFile = path.join(dir.path, "crm.db");
});

test("a process sees the other processes that have the database open, by kind, and not itself", async () => {
  const unregister = registerOpener(databaseFile, "command");
  expect(otherOpeners(databaseFile)).toEqual([]);
  const server = Bun.spawn([process.execPath, "-e", "setInterval(() => {}, 1000)"]);
  const command = Bun.spawn([process.execPath, "-e", "setInterval(() => {}, 1000)"]);
  try {
    writeFileSync(path.join(openersFolderName(databaseFile), String(server.pid)), "server");
    writeFileSync(path.join(openersFolderName(databaseFile), String(command.pid)), "command");
    expect(otherOpeners(databaseFile).sort()).toEqual(["command", "server"]);
  } finally {
    server.kill();
    command.kill();
    await Promise.all([server.exited, command.exited]);
  }
  // Killed without taking their word back: known by their processes being gone, and forgotten.
  expect(otherOpeners(databaseFile)).toEqual([]);
  expect(readdirSync(openersFolderName(databaseFile))).toEqual([String(process.pid)]);
  unregister();
  expect(existsSync(path.join(openersFolderName(databaseFile), String(process.pid)))).toBe(false);
});

test("with no process recorded, there are none", () => {
  expect(otherOpeners(databaseFile)).toEqual([]);
});
