import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { acceptsGzip, DashboardFiles, HASHED_FILE_CACHING, PAGE_CACHING, withPreloads } from "./dashboard-files.ts";
import { INTL_WARM_UP_SCRIPT } from "./intl-warm-up.ts";
import { useTemporaryDirectoryForAll } from "../testing/temporary-directory.ts";

/**
 * A build as Bun's HTML import lists it: the page, its entry script importing two chunks (one of them
 * another) and holding the table of the screens' code, a screen's chunk loaded on demand with a chunk of
 * its own, the stylesheet.
 */
const PAGE = `<!doctype html><html><head><link rel="stylesheet" crossorigin href="/chunk-style.css"><script type="module" crossorigin src="/chunk-entry.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPTS: Record<string, string> = {
  "chunk-entry.js": `import{a}from"/chunk-react.js";import"/chunk-shared.js";const code={"/accounts/:id":()=>import("/chunk-screen.js").then((t)=>t.screen)};${"console.log(a);".repeat(200)}`,
  "chunk-react.js": `import{s}from"/chunk-shared.js";export const a=s;${"/* react */".repeat(200)}`,
  "chunk-shared.js": "export const s=1;",
  "chunk-screen.js": `import{a}from"/chunk-react.js";import{c}from"/chunk-card.js";export const screen=a+c;`,
  "chunk-card.js": "export const c=2;",
};

describe("the dashboard's files", () => {
  const dir = useTemporaryDirectoryForAll("crm-dashboard-files-");
  let files: DashboardFiles;

  beforeAll(async () => {
    writeFileSync(path.join(dir.path, "index.html"), PAGE);
    writeFileSync(path.join(dir.path, "chunk-style.css"), `.a{color:red}${".b{margin:0}".repeat(200)}`);
    for (const [name, code] of Object.entries(SCRIPTS)) writeFileSync(path.join(dir.path, name), code);
    const file = (name: string, type: string) => ({ path: path.join(dir.path, name), headers: { etag: `etag-${name}`, "content-type": type } });
    files = new DashboardFiles({
      index: path.join(dir.path, "index.html"),
      files: [file("index.html", "text/html;charset=utf-8"), file("chunk-style.css", "text/css;charset=utf-8"), ...Object.keys(SCRIPTS).map((name) => file(name, "text/javascript;charset=utf-8"))],
    });
    await files.ready;
  });

  const get = (urlPath: string, headers: Record<string, string> = {}, pagePath = "/accounts") =>
    files.answer(urlPath, new Request(`http://localhost${urlPath === "/*" ? pagePath : urlPath}`, { headers }), { "x-frame-options": "DENY" });

  test("are routed by their own paths, and every other path gets the page", () => {
    expect([...files.routes()].sort()).toEqual(["/*", "/chunk-card.js", "/chunk-entry.js", "/chunk-react.js", "/chunk-screen.js", "/chunk-shared.js", "/chunk-style.css"]);
  });

  test("a file named by its content is kept by the browser for a year without asking again; the page is asked for each time", () => {
    for (const urlPath of ["/chunk-entry.js", "/chunk-style.css", "/chunk-shared.js"]) {
      expect({ urlPath, caching: get(urlPath).headers.get("cache-control") }).toEqual({ urlPath, caching: HASHED_FILE_CACHING });
    }
    expect(HASHED_FILE_CACHING).toBe("public, max-age=31536000, immutable");
    expect(get("/*").headers.get("cache-control")).toBe(PAGE_CACHING);
    expect(PAGE_CACHING).toBe("no-cache");
  });

  test("a browser accepting gzip gets the file gzipped, with its own ETag; others get it as it is; both vary by Accept-Encoding", async () => {
    const gzipped = get("/chunk-entry.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(gzipped.headers.get("etag")).toBe("etag-chunk-entry.js-gzip");
    expect(gzipped.headers.get("content-type")).toBe("text/javascript;charset=utf-8");
    const body = new Uint8Array(await gzipped.arrayBuffer());
    expect(new TextDecoder().decode(gunzipSync(body))).toBe(SCRIPTS["chunk-entry.js"]!);
    expect(body.byteLength).toBeLessThan(SCRIPTS["chunk-entry.js"]!.length / 4);

    const plain = get("/chunk-entry.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.headers.get("etag")).toBe("etag-chunk-entry.js");
    expect(await plain.text()).toBe(SCRIPTS["chunk-entry.js"]!);
  });

  test("a file too small to gain from it is sent as it is", () => {
    expect(get("/chunk-shared.js", { "accept-encoding": "gzip" }).headers.get("content-encoding")).toBeNull();
  });

  test("a browser holding the current copy gets 304, for the encoding it holds", () => {
    expect(get("/chunk-entry.js", { "if-none-match": "etag-chunk-entry.js" }).status).toBe(304);
    expect(get("/chunk-entry.js", { "if-none-match": "etag-chunk-entry.js-gzip", "accept-encoding": "gzip" }).status).toBe(304);
    // A gzipped copy is not the plain one.
    expect(get("/chunk-entry.js", { "if-none-match": "etag-chunk-entry.js", "accept-encoding": "gzip" }).status).toBe(200);
  });

  test("every answer carries the headers the server adds (the security headers)", () => {
    for (const urlPath of ["/*", "/chunk-entry.js"]) expect(get(urlPath).headers.get("x-frame-options")).toBe("DENY");
    expect(get("/chunk-entry.js", { "if-none-match": "etag-chunk-entry.js" }).headers.get("x-frame-options")).toBe("DENY");
  });

  test("the page names every script its entry imports, however deeply, for preloading, and the first reads; not a screen's chunk loaded on demand", async () => {
    const page = await get("/*").text();
    const preloaded = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded.sort()).toEqual(["/chunk-react.js", "/chunk-shared.js"]);
    const fetched = [...page.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((match) => match[1]);
    expect(fetched).toEqual(["/api/auth/me", "/api/config"]);
    expect(page).toContain('<script type="module" crossorigin src="/chunk-entry.js"></script>');
    expect(page.indexOf("modulepreload")).toBeLessThan(page.indexOf("</head>"));
  });

  test("the page for a screen with code of its own names that code and what it imports too, under an ETag of its own", async () => {
    const page = get("/*", {}, "/accounts/214/");
    const preloaded = [...(await page.text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded.sort()).toEqual(["/chunk-card.js", "/chunk-react.js", "/chunk-screen.js", "/chunk-shared.js"]);
    const etag = page.headers.get("etag")!;
    expect(etag).not.toBe(get("/*").headers.get("etag"));
    expect(get("/*", { "if-none-match": etag }, "/accounts/7").status).toBe(304);
    expect(get("/*", { "if-none-match": etag }, "/accounts").status).toBe(200);
  });
  test("the page holds each screen's chunks that it does not preload itself, for the dashboard to ask for at once when the screen opens", async () => {
    const tableOf = async (pagePath: string) => JSON.parse(/<script type="application\/json" id="screen-chunks">(.*?)<\/script>/.exec(await get("/*", {}, pagePath).text())![1]!);
    expect(await tableOf("/accounts")).toEqual({ "/accounts/:id": ["/chunk-screen.js", "/chunk-card.js"] });
    // The account's page preloads that screen's chunks already.
    expect(await tableOf("/accounts/214")).toEqual({ "/accounts/:id": [] });
  });
});

describe("withPreloads", () => {
  test("the first reads are asked for before the scripts, which would otherwise hold the browser's connections first", () => {
    const scripts: Record<string, string> = { "/chunk-entry.js": 'import"/chunk-react.js";', "/chunk-react.js": "" };
    const page = withPreloads(PAGE, (urlPath) => scripts[urlPath], new Map());
    const firstScript = Math.min(page.indexOf('src="/chunk-entry.js"'), page.indexOf('href="/chunk-react.js"'));
    expect(page.indexOf('href="/api/auth/me"')).toBeGreaterThan(0);
    expect(page.indexOf('href="/api/auth/me"')).toBeLessThan(firstScript);
    expect(page.indexOf('href="/api/config"')).toBeLessThan(firstScript);
  });

  test("a page without scripts gets only Intl's early set-up, the first reads and an empty table of screens' chunks", () => {
    expect(withPreloads("<html><head></head></html>", () => undefined, new Map())).toBe(
      `<html><head><script>${INTL_WARM_UP_SCRIPT}</script>` +
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me"><link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/config"><script type="application/json" id="screen-chunks">{}</script></head></html>',
    );
  });
});

describe("acceptsGzip", () => {
  test("reads Accept-Encoding as browsers and proxies write it", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br, gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0.0")).toBe(false);
  });
});
