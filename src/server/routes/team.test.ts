import { beforeEach, describe, expect, test } from "bun:test";
import { useMailingServers, useTestServer } from "../../testing/test-server.ts";
import { setPasswordLinkIn } from "../../testing/smtp-catcher.ts";

describe("/api/team", () => {
  const crm = useTestServer();
  let admin: { cookie: string; user: { id: number } };
  beforeEach(async () => {
    admin = await crm.server.signInAs("admin", "boss@example.com");
  });

  test("lists the real users with their last activity; everyone may see it, only admins act", async () => {
    const sales = await crm.server.signInAs("sales", "sam@example.com");
    const team = (await crm.server.request("GET", "/api/team", { cookie: sales.cookie })).body;
    expect(team.map((member: { email: string }) => member.email).sort()).toEqual(["boss@example.com", "sam@example.com"]);
    expect(team[0].lastActiveAt).toBeString();
    expect((await crm.server.request("POST", "/api/team", { cookie: sales.cookie, body: { name: "X", email: "x@example.com", role: "sales" } })).status).toBe(403);
    expect((await crm.server.request("PATCH", `/api/team/${admin.user.id}`, { cookie: sales.cookie, body: { active: false } })).status).toBe(403);
  });

  test("an invited user gets a one-time password that signs in", async () => {
    const invited = await crm.server.request("POST", "/api/team", { cookie: admin.cookie, body: { name: "New Hire", email: "New@Example.com", role: "sales" } });
    const password = invited.body.password as string;
    expect(invited).toMatchObject({
      status: 201,
      body: { user: { name: "New Hire", email: "new@example.com", role: "sales", active: true }, password: expect.stringMatching(/^[A-Za-z2-9]{16}$/), invitationSentTo: null, mailFailure: null },
    });
    const login = await crm.server.request("POST", "/api/auth/login", { body: { email: "new@example.com", password } });
    expect(login).toMatchObject({ status: 200, body: { mustChangePassword: true } });
    expect((await crm.server.request("POST", "/api/team", { cookie: admin.cookie, body: { name: "Again", email: "new@example.com", role: "sales" } })).status).toBe(409);
  });

  test("deactivation ends the user's sessions at once and stops sign-in; reactivation allows it again", async () => {
    const sales = await crm.server.signInAs("sales", "sam@example.com");
    const deactivated = await crm.server.request("PATCH", `/api/team/${sales.user.id}`, { cookie: admin.cookie, body: { active: false } });
    expect(deactivated.body.active).toBe(false);
    expect((await crm.server.request("GET", "/api/auth/me", { cookie: sales.cookie })).status).toBe(401);
    expect((await crm.server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: sales.password } })).status).toBe(401);
    await crm.server.request("PATCH", `/api/team/${sales.user.id}`, { cookie: admin.cookie, body: { active: true } });
    expect((await crm.server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: sales.password } })).status).toBe(200);
  });

  test("the last active admin cannot be demoted or deactivated (409); with another admin it can", async () => {
    expect(await crm.server.request("PATCH", `/api/team/${admin.user.id}`, { cookie: admin.cookie, body: { role: "sales" } })).toMatchObject({
      status: 409,
      body: { message: "The last active administrator cannot be demoted" },
    });
    expect((await crm.server.request("PATCH", `/api/team/${admin.user.id}`, { cookie: admin.cookie, body: { active: false } })).status).toBe(409);
    const second = await crm.server.signInAs("admin", "second@example.com");
    expect((await crm.server.request("PATCH", `/api/team/${admin.user.id}`, { cookie: second.cookie, body: { role: "sales" } })).body.role).toBe("sales");
  });

  test("resetting a password gives a new one-time password and ends the old sessions", async () => {
    const sales = await crm.server.signInAs("sales", "sam@example.com");
    const reset = await crm.server.request("POST", `/api/team/${sales.user.id}/reset-password`, { cookie: admin.cookie });
    expect(reset.body.password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(reset.body).toMatchObject({ linkSentTo: null, mailFailure: null });
    expect((await crm.server.request("GET", "/api/auth/me", { cookie: sales.cookie })).status).toBe(401);
    const login = await crm.server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: reset.body.password } });
    expect(login).toMatchObject({ status: 200, body: { mustChangePassword: true } });
    expect((await crm.server.request("PATCH", `/api/team/${sales.user.id}`, { cookie: admin.cookie, body: { role: "owner" } })).status).toBe(400);
  });

  test("an admin ends every session of a team member, who can sign in again; sales may not", async () => {
    const sales = await crm.server.signInAs("sales", "sam@example.com");
    const secondBrowser = await crm.server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: sales.password } });
    const secondCookie = secondBrowser.headers.get("set-cookie")!.split(";")[0]!;
    expect(await crm.server.request("POST", `/api/team/${admin.user.id}/end-sessions`, { cookie: sales.cookie })).toMatchObject({
      status: 403,
      body: { message: "Only administrators can do this" },
    });

    const ended = await crm.server.request("POST", `/api/team/${sales.user.id}/end-sessions`, { cookie: admin.cookie });
    expect(ended).toMatchObject({ status: 200, body: { id: sales.user.id, email: "sam@example.com", active: true, lastActiveAt: null } });
    for (const cookie of [sales.cookie, secondCookie]) expect((await crm.server.request("GET", "/api/auth/me", { cookie })).status).toBe(401);
    expect((await crm.server.request("GET", "/api/auth/me", { cookie: admin.cookie })).status).toBe(200);
    expect((await crm.server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: sales.password } })).status).toBe(200);
  });

  test("a bad id in the path answers 400 naming it; an unknown user 404", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "1e309"]) {
      for (const [method, path] of [["PATCH", `/api/team/${id}`], ["POST", `/api/team/${id}/reset-password`], ["POST", `/api/team/${id}/end-sessions`]] as const) {
        const response = await crm.server.request(method, path, { cookie: admin.cookie, body: { active: true } });
        expect(response).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^id must be a whole number from 1 to /) } });
      }
    }
    expect(await crm.server.request("PATCH", "/api/team/999999", { cookie: admin.cookie, body: {} })).toMatchObject({ status: 404, body: { message: "User not found" } });
    expect((await crm.server.request("POST", "/api/team/999999/reset-password", { cookie: admin.cookie })).status).toBe(404);
    expect((await crm.server.request("POST", "/api/team/999999/end-sessions", { cookie: admin.cookie })).status).toBe(404);
  });

  test("a role outside the known ones answers 400 naming it", async () => {
    const invite = await crm.server.request("POST", "/api/team", { cookie: admin.cookie, body: { name: "X", email: "x@example.com", role: "owner" } });
    expect(invite).toMatchObject({ status: 400, body: { field: "role", message: "role must be one of admin, sales" } });
    const change = await crm.server.request("PATCH", `/api/team/${admin.user.id}`, { cookie: admin.cookie, body: { role: "owner" } });
    expect(change).toMatchObject({ status: 400, body: { field: "role", message: "role must be one of admin, sales" } });
  });
});

describe("POST /api/team when the CRM sends e-mail", () => {
  const mailing = useMailingServers();

  async function invite(env: Record<string, string>, headers: Record<string, string> = {}) {
    const server = mailing.start(env);
    const admin = await server.signInAs("admin", "boss@example.com");
    return server.request("POST", "/api/team", { cookie: admin.cookie, headers, body: { name: "New Hire", email: "new@example.com", role: "sales" } });
  }

  test("e-mails the invitation, with its link on CRM_PUBLIC_URL, and shows no password", async () => {
    const invited = await invite({ CRM_PUBLIC_URL: "https://crm.example.com" });
    expect(invited).toMatchObject({ status: 201, body: { user: { email: "new@example.com" }, password: null, invitationSentTo: "new@example.com", mailFailure: null } });
    const mail = await mailing.smtp.nextMail();
    expect(mail.to).toEqual(["new@example.com"]);
    expect(mail.text).toContain("Test admin invited you to Supply CRM.");
    expect(setPasswordLinkIn(mail)).toStartWith("https://crm.example.com/set-password#token=");
  });

  test("without CRM_PUBLIC_URL the links go where the administrator reached the CRM", async () => {
    await invite({});
    expect(setPasswordLinkIn(await mailing.smtp.nextMail())).toStartWith("http://localhost/set-password#token=");
  });
});

describe("POST /api/team/{id}/reset-password when the CRM sends e-mail", () => {
  const mailing = useMailingServers();

  test("e-mails a link to choose a new password and shows no password; the old one and the sessions end, and the link sets the new one", async () => {
    const server = mailing.start({ CRM_PUBLIC_URL: "https://crm.example.com" });
    const admin = await server.signInAs("admin", "boss@example.com");
    const sales = await server.signInAs("sales", "sam@example.com");
    const reset = await server.request("POST", `/api/team/${sales.user.id}/reset-password`, { cookie: admin.cookie });
    expect(reset).toMatchObject({ status: 200, body: { user: { email: "sam@example.com", lastActiveAt: null }, password: null, linkSentTo: "sam@example.com", mailFailure: null } });
    const mail = await mailing.smtp.nextMail();
    expect(mail).toMatchObject({ to: ["sam@example.com"], subject: "Choose a new Supply CRM password" });
    expect(mail.text).toContain("Test admin reset the password of your Supply CRM account (sam@example.com): your old password no longer works.");
    const link = setPasswordLinkIn(mail);
    expect(link).toStartWith("https://crm.example.com/set-password#token=");

    expect((await server.request("GET", "/api/auth/me", { cookie: sales.cookie })).status).toBe(401);
    expect((await server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: sales.password } })).status).toBe(401);
    const token = decodeURIComponent(link.split("#token=")[1]!);
    expect((await server.request("POST", "/api/auth/password-reset/confirm", { body: { token, newPassword: "a brand new passphrase" } })).status).toBeLessThan(300);
    expect((await server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: "a brand new passphrase" } })).body).toMatchObject({ email: "sam@example.com", mustChangePassword: false });

    const audit = await server.request("GET", `/api/admin/audit?entity=user&entityId=${sales.user.id}`, { cookie: admin.cookie });
    expect(audit.body.map((entry: { action: string }) => entry.action).slice(0, 3)).toEqual(["password_set_by_link", "password_link_sent", "password_reset"]);
  });

  test("when the e-mail cannot be sent, the administrator gets a one-time password and the reason", async () => {
    const server = mailing.start({ CRM_MAIL_SMTP: mailing.smtp.url.replace(/:[^:@]+@/, ":wrong@") });
    const admin = await server.signInAs("admin", "boss@example.com");
    const sales = await server.signInAs("sales", "sam@example.com");
    const reset = await server.request("POST", `/api/team/${sales.user.id}/reset-password`, { cookie: admin.cookie });
    expect(reset.body.password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(reset.body.linkSentTo).toBeNull();
    expect(reset.body.mailFailure).toStartWith("The e-mail could not be sent (Invalid login");
    expect((await server.request("POST", "/api/auth/login", { body: { email: "sam@example.com", password: reset.body.password } })).body).toMatchObject({ mustChangePassword: true });
  });
});
