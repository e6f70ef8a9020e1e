/**
 * The ShipStation V2 stand-in in a process of its own, as ShipStation is: the server's worker fetching
 * shipments and the JWKS from it must not take turns with a benchmark's load generator on one JavaScript
 * thread. Prints its URL, then answers commands on standard input, one line each:
 *   jwks-url       where it publishes its signing keys
 *   sign           the webhooks naming each of its shipments, in order, signed now as ShipStation signs them (JSON)
 *   jwks-requests  how many times the JWKS was fetched
 * Usage: bun bench/support/v2-stand-in-server.ts SHIPMENTS FIRST_SHIPMENT_NUMBER
 */
import { startShipStationV2StandIn, standInShipment } from "../../src/testing/shipstation-v2-stand-in.ts";

const [shipments, firstNumber] = process.argv.slice(2).map(Number) as [number, number];
const standIn = startShipStationV2StandIn();
const resourceUrls = Array.from({ length: shipments }, (_, index) => standIn.addShipments([standInShipment(firstNumber + index)]));
console.log(standIn.url);

const answers: Record<string, () => unknown> = {
  "jwks-url": () => standIn.jwksUrl,
  sign: () => JSON.stringify(resourceUrls.map((resourceUrl) => standIn.signedWebhook({ resource_url: resourceUrl }))),
  "jwks-requests": () => standIn.jwksRequests,
};
for await (const line of console) {
  const answer = answers[line.trim()];
  console.log(answer ? answer() : `unknown command: ${line}`);
}
