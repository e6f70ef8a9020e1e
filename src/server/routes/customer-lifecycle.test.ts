import { describe, expect, test } from "bun:test";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { useTestServer } from "../../testing/test-server.ts";

describe("/api/settings/customer-lifecycle", () => {
  const crm = useTestServer({ signInAs: "admin" });
  const path = "/api/settings/customer-lifecycle";

  test("everyone signed in reads the windows; the defaults are 30 and 180 days", async () => {
    const sales = (await crm.server.signInAs("sales")).cookie;
    expect(await crm.server.request("GET", path, { cookie: sales })).toMatchObject({ status: 200, body: { newWithinDays: 30, activeWithinDays: 180 } });
    expect((await crm.server.request("GET", path)).status).toBe(401);
  });

  test("only admins change them; a refused value answers 400 naming the field and changes nothing", async () => {
    const sales = (await crm.server.signInAs("sales")).cookie;
    expect((await crm.server.request("PUT", path, { cookie: sales, body: { newWithinDays: 14, activeWithinDays: 90 } })).status).toBe(403);
    const refused = await crm.server.request("PUT", path, { cookie: crm.cookie, body: { newWithinDays: 60, activeWithinDays: 45 } });
    expect(refused).toMatchObject({ status: 400, body: { message: "activeWithinDays must be more days than newWithinDays" } });
    expect(await crm.server.request("PUT", path, { cookie: crm.cookie, body: { newWithinDays: "thirty", activeWithinDays: 90 } })).toMatchObject({
      status: 400,
      body: { message: "newWithinDays must be a whole number of days from 1 to 365", field: "newWithinDays" },
    });
    expect(await crm.server.request("PUT", path, { cookie: crm.cookie, body: { newWithinDays: 30, activeWithinDays: 3651 } })).toMatchObject({
      status: 400,
      body: { message: "activeWithinDays must be a whole number of days from 2 to 3,650", field: "activeWithinDays" },
    });
    expect((await crm.server.request("GET", path, { cookie: crm.cookie })).body).toEqual({ newWithinDays: 30, activeWithinDays: 180 });
  });

  test("a change moves the accounts the rules place, at once and in the background", async () => {
    const id = seedCustomer(crm.server.db, { email: "a@clinic.com", orders: [{ number: "1", placedAt: daysAgo(20), total: 5 }] });
    const account = async () => (await crm.server.request("GET", `/api/accounts/${id}`, { cookie: crm.cookie })).body;
    expect(await account()).toMatchObject({ listType: "new", isNew: true });

    const saved = await crm.server.request("PUT", path, { cookie: crm.cookie, body: { newWithinDays: 14, activeWithinDays: 90 } });
    expect(saved).toMatchObject({ status: 200, body: { newWithinDays: 14, activeWithinDays: 90 } });
    // The new customer badge follows the window at once; the list follows once the pass has run.
    expect((await account()).isNew).toBe(false);
    for (let wait = 0; (await account()).listType !== "active" && wait < 100; wait++) await Bun.sleep(10);
    expect(await account()).toMatchObject({ listType: "active", listPinned: false });
  });
});
