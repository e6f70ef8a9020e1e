import { describe, expect, test } from "bun:test";
import { AllowedHosts } from "./allowed-hosts.ts";

const requestTo = (url: string) => new Request(url);

describe("AllowedHosts", () => {
  const hosts = new AllowedHosts("0.0.0.0", ["crm.example.com"]);

  test("answers IP addresses, localhost and the names it was given, whatever their case or port", () => {
    for (const url of ["http://127.0.0.1:3000/api/config", "http://[::1]:3000/api/config", "http://192.168.1.20/", "http://LOCALHOST:3000/", "https://crm.example.com/api/accounts", "http://Crm.Example.com:8080/"]) {
      expect(hosts.allows(requestTo(url))).toBe(true);
    }
  });

  test("refuses any other name, every time it is asked: the verdicts it remembers are the same as the first", () => {
    for (let time = 0; time < 3; time++) {
      expect(hosts.allows(requestTo("http://evil.example:3000/api/accounts"))).toBe(false);
      expect(hosts.allows(requestTo("http://crm.example.com.evil.example/"))).toBe(false);
      expect(hosts.allows(requestTo("http://localhost.evil.example/"))).toBe(false);
      expect(hosts.allows(requestTo("http://127.0.0.1:3000/"))).toBe(true);
    }
  });

  test("a caller naming ever new hosts is judged each time, and the names it knows stay answered", () => {
    for (let n = 0; n < 500; n++) expect(hosts.allows(requestTo(`http://rebound-${n}.evil.example/`))).toBe(false);
    expect(hosts.allows(requestTo("http://crm.example.com/"))).toBe(true);
    expect(hosts.allows(requestTo("http://rebound-7.evil.example/"))).toBe(false);
  });
});
