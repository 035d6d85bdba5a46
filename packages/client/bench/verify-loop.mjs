#!/usr/bin/env node
// One process verifying the tests' 2 KB order.paid CALLS times (default 20000) with one
// verifier, for farm-bench to time whole processes of ours against standardwebhooks':
//   farm-bench -n 10 --vs 'node bench/verify-loop.mjs standardwebhooks' -- node bench/verify-loop.mjs ours
// Each side keys once (ours keeps its imported key; the library is constructed once).
import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { verifyWebhook } from "../dist/webhooks.js";

const side = process.argv[2];
const calls = Number(process.argv[3] ?? 20000);
const secret = "polar_whs_6GFfpvS1qG3bN0dkx2MP9sDyI3uLbZ3QxYwVjzZk8aE";
const reference = new Webhook(Buffer.from(secret, "utf8").toString("base64"));
const body = JSON.stringify(
  JSON.parse(readFileSync(new URL("../test/webhooks/order-paid.json", import.meta.url), "utf8")),
);
const id = "msg_2uXlRS5cFdbkPZ0QjWqPxsOeGhA";
const now = new Date();
const headers = {
  "webhook-id": id,
  "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
  "webhook-signature": reference.sign(id, now, body),
};
const verify = {
  ours: () => verifyWebhook(body, headers, secret),
  standardwebhooks: async () => reference.verify(body, headers),
}[side];
if (!verify) throw new Error("usage: verify-loop.mjs ours|standardwebhooks [calls]");
let verified = 0;
for (let i = 0; i < calls; i++) if ((await verify()).type === "order.paid") verified++;
if (verified !== calls) throw new Error(`${calls - verified} of ${calls} deliveries did not verify`);
