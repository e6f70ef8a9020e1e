/**
 * bun bench/inline-edit.ts — what one inline edit of an account costs inside the server: PATCH
 * /api/accounts/{id} changing its phone, through the app as the server runs it (session, validation, the
 * write and everything that follows the change feed: the timeline, duplicate detection, the audit trail),
 * without the network. 3,000 edits after 200 to warm up, five rounds; the median round's time per edit
 * is reported. Run it beside the build before a change to see what the change costs a write.
 */
import { useTestServerOnce } from "./support/in-process-server.ts";

const EDITS = 3_000;
const WARM_UP = 200;
const ROUNDS = 5;

const crm = await useTestServerOnce();
try {
  const account = (await crm.request("POST", "/api/accounts", { name: "Riverside Clinic", phone: "412-690-4025" })).body as { id: number };
  const edit = (index: number) => crm.request("PATCH", `/api/accounts/${account.id}`, { phone: index % 2 === 0 ? "(412) 690-4025" : "412-690-4025" });
  for (let index = 0; index < WARM_UP; index++) await edit(index);
  const perEdit: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let index = 0; index < EDITS; index++) await edit(index);
    perEdit.push((performance.now() - started) / EDITS);
  }
  perEdit.sort((a, b) => a - b);
  console.log(`inline edit (PATCH /api/accounts/{id}, phone): ${perEdit.map((ms) => ms.toFixed(3)).join(" / ")} ms per edit; median ${perEdit[ROUNDS >> 1]!.toFixed(3)} ms`);
} finally {
  await crm.dispose();
}
