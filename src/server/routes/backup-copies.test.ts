import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { S3_STAND_IN_ACCESS_KEY_ID, S3_STAND_IN_REGION, S3_STAND_IN_SECRET_ACCESS_KEY, startS3StandIn } from "../../testing/s3-stand-in.ts";
import { testServer } from "../../testing/test-server.ts";

describe("/api/settings/backup-copies", () => {
  let storage: ReturnType<typeof startS3StandIn>;
  let server: ReturnType<typeof testServer>;
  let admin: string;
  let sales: string;
  beforeEach(async () => {
    storage = startS3StandIn("crm-backups");
    server = testServer();
    admin = (await server.signInAs("admin")).cookie;
    sales = (await server.signInAs("sales")).cookie;
  });
  afterEach(async () => {
    await server.dispose();
    storage.stop();
  });

  const target = () => ({
    endpoint: storage.endpoint,
    bucket: "crm-backups",
    region: S3_STAND_IN_REGION,
    prefix: "supply-crm/",
    accessKeyId: S3_STAND_IN_ACCESS_KEY_ID,
    secretAccessKey: S3_STAND_IN_SECRET_ACCESS_KEY,
  });

  test("an administrator sets where copies go and tests it; the secret never comes back", async () => {
    const saved = await server.request("PUT", "/api/settings/backup-copies", { cookie: admin, body: target() });
    expect(saved.status).toBe(200);
    expect(saved.body.target).toEqual({ endpoint: storage.endpoint, bucket: "crm-backups", region: "us-east-1", prefix: "supply-crm/", accessKeyId: S3_STAND_IN_ACCESS_KEY_ID });
    const tested = await server.request("POST", "/api/settings/backup-copies/test", { cookie: admin });
    expect(tested.body.status.state).toBe("connected");
    const read = await server.request("GET", "/api/settings/backup-copies", { cookie: admin });
    expect(JSON.stringify(read.body)).not.toContain(S3_STAND_IN_SECRET_ACCESS_KEY);
    expect((await server.request("DELETE", "/api/settings/backup-copies", { cookie: admin })).body.target).toBeNull();
  });

  test("sales may neither see nor change it", async () => {
    expect((await server.request("GET", "/api/settings/backup-copies", { cookie: sales })).status).toBe(403);
    expect((await server.request("PUT", "/api/settings/backup-copies", { cookie: sales, body: target() })).status).toBe(403);
    expect((await server.request("POST", "/api/settings/backup-copies/test", { cookie: sales })).status).toBe(403);
  });

  test("bad values answer 400 naming the field, and change nothing", async () => {
    const put = (changes: object) => server.request("PUT", "/api/settings/backup-copies", { cookie: admin, body: { ...target(), ...changes } });
    expect(await put({ bucket: "Not A Bucket" })).toMatchObject({ status: 400, body: { field: "bucket" } });
    expect(await put({ endpoint: "s3.example.com" })).toMatchObject({ status: 400, body: { field: "endpoint" } });
    expect(await put({ secretAccessKey: undefined })).toMatchObject({ status: 400, body: { message: "Secret access key is required", field: "secretAccessKey" } });
    expect((await server.request("POST", "/api/settings/backup-copies/test", { cookie: admin })).status).toBe(400);
    expect((await server.request("GET", "/api/settings/backup-copies", { cookie: admin })).body.target).toBeNull();
  });
});
