import { describe, expect, test } from "bun:test";
import { cameOverHttps, clientAddressOf } from "./client-address.ts";

const request = (headers: Record<string, string>, url = "http://crm.example.com/api/auth/login") => new Request(url, { headers });

describe("clientAddressOf", () => {
  test("without a trusted proxy the connection's peer is the client, whatever the headers say", () => {
    expect(clientAddressOf(request({ "x-forwarded-for": "203.0.113.9" }), "198.51.100.2", false)).toBe("198.51.100.2");
  });

  test("behind a trusted proxy the client is the last forwarded address, the one the proxy appended", () => {
    expect(clientAddressOf(request({ "x-forwarded-for": "203.0.113.9" }), "10.0.0.1", true)).toBe("203.0.113.9");
    // An attacker writing a victim's address first cannot borrow it: the proxy's own entry comes last.
    expect(clientAddressOf(request({ "x-forwarded-for": "192.0.2.44, 203.0.113.9" }), "10.0.0.1", true)).toBe("203.0.113.9");
    expect(clientAddressOf(request({ "x-forwarded-for": " 192.0.2.44 ,, 203.0.113.9 , " }), "10.0.0.1", true)).toBe("203.0.113.9");
  });

  test("behind a trusted proxy a request without X-Forwarded-For is the peer's", () => {
    expect(clientAddressOf(request({}), "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientAddressOf(request({}), undefined, false)).toBe("unknown");
  });
});

describe("cameOverHttps", () => {
  test("is the URL's scheme, and behind a trusted proxy the scheme the proxy was reached by", () => {
    expect(cameOverHttps(request({}, "https://crm.example.com/"), false)).toBe(true);
    expect(cameOverHttps(request({ "x-forwarded-proto": "https" }), false)).toBe(false);
    expect(cameOverHttps(request({ "x-forwarded-proto": "https" }), true)).toBe(true);
    expect(cameOverHttps(request({ "x-forwarded-proto": "http" }, "https://crm.example.com/"), true)).toBe(false);
    expect(cameOverHttps(request({}), true)).toBe(false);
  });
});
