import { chromium } from "playwright-core";
const base = process.argv[2]!;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
for (const [width, height] of [[1440, 900], [390, 844]] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(base + "/login");
  await page.getByRole("button", { name: "Use a different e-mail" }).click();
  await page.getByLabel("Email").fill("a@look.test");
  await page.getByLabel("Password").fill("Look-Pass-123456");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"), { timeout: 20000 });
  const shots: [string, string][] = [["/accounts", "accounts"], ["/tasks", "tasks"], ["/lists", "lists"], ["/settings", "settings"]];
  for (const [path, name] of shots) {
    const t0 = Date.now();
    await page.goto(base + path);
    await page.waitForLoadState("networkidle");
    console.log(width, path, Date.now() - t0, "ms");
    await page.screenshot({ path: `/tmp/look/${name}-${width}.png` });
  }
  await page.goto(base + "/accounts");
  await page.waitForLoadState("networkidle");
  await page.locator("tbody tr a, [data-testid=account-row] a").first().click().catch(() => {});
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `/tmp/look/detail-${width}.png` });
  // An inline edit the server refuses: the contact e-mail / account e-mail typed wrong.
  const status = await page.evaluate(async () => (await fetch("/api/accounts?limit=0")).status + " " + (await (await fetch("/api/accounts?limit=0")).text()));
  console.log("bad query:", status);
  const doc = await page.evaluate(async () => { const r = await fetch("/api/openapi.json"); const j = await r.json(); return r.status + " paths=" + Object.keys(j.paths).length; });
  console.log("openapi:", doc);
  console.log("errors:", errors.slice(0, 5));
  await page.close();
}
await browser.close();
