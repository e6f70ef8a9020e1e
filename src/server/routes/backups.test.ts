import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { takeBackupLock } from "../../core/backups/backup-lock.ts";
import { backupsDirectory } from "../../core/backups/backup-taking.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/admin/backups", () => {
  const crm = useTestServer({ signInAs: "admin" });
  const request = (method: string, url: string, body?: unknown) => crm.server.request(method, url, { cookie: crm.cookie, body });

  test("an administrator backs up now, sees it listed newest first with when the last was taken, downloads it whole and deletes it", async () => {
    expect((await request("GET", "/api/admin/backups")).body).toEqual({ backups: [], lastGoodBackupAt: null });
    const first = await request("POST", "/api/admin/backups");
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ name: expect.stringMatching(/^crm-manual-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db\.gz$/), kind: "manual", bytes: expect.any(Number), createdAt: expect.any(String) });
    const second = (await request("POST", "/api/admin/backups")).body;
    const listed = (await request("GET", "/api/admin/backups")).body;
    expect(listed).toEqual({ backups: [second, first.body], lastGoodBackupAt: second.createdAt });

    const download = await crm.server.app.handle(new Request(`http://localhost/api/admin/backups/${second.name}`, { headers: { cookie: crm.cookie } }));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gzip");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${second.name}"`);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.length).toBe(second.bytes);
    const copy = Database.deserialize(gunzipSync(bytes));
    expect(copy.query("SELECT count(*) AS n FROM users").get()).toEqual({ n: 1 });
    const manifest = JSON.parse((copy.query("SELECT manifest FROM backup_manifest").get() as { manifest: string }).manifest);
    expect(manifest.takenBy).toEqual({ userId: expect.any(Number), name: "Test admin", source: "user" });
    copy.close();

    expect((await request("DELETE", `/api/admin/backups/${second.name}`)).status).toBe(204);
    expect((await request("GET", "/api/admin/backups")).body.backups).toEqual([first.body]);
    expect((await request("DELETE", `/api/admin/backups/${second.name}`)).status).toBe(404);
  });

  test("names nothing outside DATA_DIR/backups, nor anything there that is not a finished backup: 404", async () => {
    const folder = backupsDirectory(crm.server.dataDir);
    mkdirSync(path.join(folder, ".backup-killed"), { recursive: true });
    writeFileSync(path.join(folder, ".backup-killed", "backup.gz"), "half a backup");
    writeFileSync(path.join(folder, "notes.txt"), "not a backup");
    expect((await request("GET", "/api/admin/backups")).body.backups).toEqual([]);
    for (const name of ["notes.txt", ".backup-killed", "..%2Fcrm.db", "..%2F..%2Fetc%2Fpasswd", "crm-manual-2026-11-28T02-00-00Z.db.gz", "crm-manual-2026-11-28T02-00-00Z.db.gz%2F..%2F..%2Fcrm.db"]) {
      expect(await request("GET", `/api/admin/backups/${name}`)).toMatchObject({ status: 404, body: { message: expect.stringContaining("No backup is named") } });
      expect((await request("DELETE", `/api/admin/backups/${name}`)).status).toBe(404);
    }
  });

  test("a second backup while one is being taken answers 409", async () => {
    const lock = takeBackupLock(backupsDirectory(crm.server.dataDir));
    try {
      expect(await request("POST", "/api/admin/backups")).toMatchObject({ status: 409, body: { message: "A backup is already being taken" } });
    } finally {
      lock.release();
    }
    expect((await request("POST", "/api/admin/backups")).status).toBe(201);
  });

  test("the daily backup's schedule: New York hour, on or off, how many are kept, within limits", async () => {
    expect((await request("GET", "/api/admin/backup-schedule")).body).toEqual({ enabled: true, hour: 2, keep: 14 });
    expect((await request("PUT", "/api/admin/backup-schedule", { enabled: false, hour: 23, keep: 30 })).body).toEqual({ enabled: false, hour: 23, keep: 30 });
    expect((await request("GET", "/api/admin/backup-schedule")).body).toEqual({ enabled: false, hour: 23, keep: 30 });
    expect(await request("PUT", "/api/admin/backup-schedule", { enabled: true, hour: 24, keep: 30 })).toMatchObject({ status: 400, body: { field: "hour", message: "hour must be a whole number from 0 to 23" } });
    expect(await request("PUT", "/api/admin/backup-schedule", { enabled: true, hour: 2, keep: 366 })).toMatchObject({ status: 400, body: { field: "keep", message: "keep must be a whole number from 1 to 365" } });
  });

  test("sales gets 403 on every backup route", async () => {
    const sales = (await crm.server.signInAs("sales")).cookie;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/backups"],
      ["POST", "/api/admin/backups"],
      ["GET", "/api/admin/backups/crm-manual-2026-11-28T02-00-00Z.db.gz"],
      ["DELETE", "/api/admin/backups/crm-manual-2026-11-28T02-00-00Z.db.gz"],
      ["GET", "/api/admin/backup-schedule"],
      ["PUT", "/api/admin/backup-schedule", { enabled: false, hour: 2, keep: 14 }],
    ];
    for (const [method, url, body] of calls) expect((await crm.server.request(method, url, { cookie: sales, body })).status).toBe(403);
  });
});
