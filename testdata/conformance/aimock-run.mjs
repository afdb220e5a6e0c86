// aimock-run.mjs: starts @copilotkit/aimock, a third-party mock of the
// protocols atelier speaks, on a loopback port with the fixtures of
// aimock-fixtures.json (aimock's own fixture format), prints
//
//	{"url":"http://127.0.0.1:<port>"}
//
// as its first stdout line once it listens, and runs until killed (SIGTERM,
// SIGINT) or until its stdin closes, so a parent that dies takes it along.
// The Go test client/aimock_conformance_test.go drives it through a
// path-mapping proxy.
//
// Environment:
//
//	AIMOCK_API_KEYS  comma-separated keys aimock accepts (unset: any request)
//	AIMOCK_POLLS     "<in progress>,<completed>": status polls before a queued
//	                 task turns IN_PROGRESS and then COMPLETED (default 1,3)

import { LLMock } from "@copilotkit/aimock";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const [inProgress, completed] = (process.env.AIMOCK_POLLS ?? "2,4").split(",").map(Number);
const keys = (process.env.AIMOCK_API_KEYS ?? "").split(",").filter(Boolean);

const mock = new LLMock({
  host: "127.0.0.1",
  port: 0,
  logLevel: "warn", // to stderr; stdout carries only the URL line
  strict: true, // an unmatched request is an error, never a made-up reply
  falQueue: { pollsBeforeInProgress: inProgress, pollsBeforeCompleted: completed },
  ...(keys.length > 0 ? { auth: { apiKeys: keys } } : {}),
});
mock.loadFixtureFile(join(here, "aimock-fixtures.json"));
const url = await mock.start();
console.log(JSON.stringify({ url }));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await mock.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
