import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A 1×1 PNG. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

export interface ImageServer {
  /** An image's https address on the server. */
  urlOf(name: string): string;
  /** The paths asked for so far, in order. */
  requests: string[];
  stop(): void;
}

/**
 * A sender's image host, as an e-mail's remote images point to: HTTPS on loopback, with a certificate made
 * for the test (openssl), which the browser's page must be told to accept (ignoreHTTPSErrors). It counts
 * what it is asked for, so a test sees what a message loaded.
 */
export async function startImageServer(): Promise<ImageServer> {
  const directory = mkdtempSync(path.join(tmpdir(), "crm-e2e-images-"));
  const [key, cert] = [path.join(directory, "key.pem"), path.join(directory, "cert.pem")];
  const openssl = Bun.spawn(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], {
    stdout: "ignore",
    stderr: "pipe",
  });
  if ((await openssl.exited) !== 0) throw new Error(`openssl could not make the image server's certificate: ${await new Response(openssl.stderr).text()}`);
  const requests: string[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls: { key: await Bun.file(key).text(), cert: await Bun.file(cert).text() },
    fetch(request) {
      requests.push(new URL(request.url).pathname);
      return new Response(PIXEL, { headers: { "content-type": "image/png" } });
    },
  });
  rmSync(directory, { recursive: true, force: true });
  return {
    urlOf: (name) => `https://127.0.0.1:${server.port}/${name}`,
    requests,
    stop: () => void server.stop(true),
  };
}
