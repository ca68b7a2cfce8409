// Consumer decode cost, side by side in one process and run: JSON.parse alone; the package's
// full consumer decode (record-level JSON profile incl. duplicates, depth, items, fields, string
// bytes and noncharacters + JSON.parse + generated validators + correlation slots); zod 4
// schemas of the same records (written below from the spec's types); and ajv validators
// compiled from the project's JSON Schema (generated/schema/agentwire.schema.json). zod and ajv
// cannot see duplicate member names or UTF-8 byte bounds, so the package does strictly more.
//
// Records are taken from a live daemon: a `turn.terminal` event and a `session.replay` page of
// a session whose user message is ~15 KB (the daemon cuts text into 2,048-byte parts, so the
// page is near max_session_replay_page_bytes with long strings, as real pages are). Inputs are
// the record bytes as a socket delivers them (UTF-8 decoding included in every variant), then
// the same as strings; and the bytes once more with the package decoding TextDecoder's text, as
// zod and ajv do. Times are CPU time per call (see `round`), medians of interleaved rounds.
//
// "floor" is what no decoder making the package's checks can skip on a string input, with no
// scanning and no validation: JSON.parse, one native search of the record for UTF-16 units from
// U+D800 up (where lone surrogates and noncharacters are) and the native UTF-8 count of each
// replay part long enough to need one (more than a third of replay_part_bytes in UTF-16 units).
//
// Usage: npm run bench  (or: node bench/decode.mjs [rounds] [ms per round]); the daemon binary
// is $AGENTWIRE_BIN, else ../../target/debug/agentwire (cargo build -p agentwire-daemon).

import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { z } from "zod";
import { AgentwireClient, startOrConnect } from "../dist/client.js";
import { CONSTANTS, LIMITS, decodeEventRecord, decodeResponseRecord } from "../dist/index.js";

const rounds = Number(process.argv[2] ?? 21);
const roundMs = Number(process.argv[3] ?? 40);
const PACKAGE = fileURLToPath(new URL("../", import.meta.url));
const BIN = resolve(PACKAGE, process.env.AGENTWIRE_BIN ?? "../../target/debug/agentwire");

// ---------------------------------------------------------------------------------------------
// Records from a live daemon
// ---------------------------------------------------------------------------------------------

async function capture() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "awbn-")));
  const workspace = join(root, "ws");
  mkdirSync(workspace);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(MC_|ANTHROPIC_|OPENAI_|AGENTWIRE_TEST_)/.test(k)));
  const discovery = await startOrConnect({ workspace, executable: BIN, env: { ...env, HOME: root }, mcHome: join(root, "mc") });
  const received = [];
  const client = await AgentwireClient.connect({ socketPath: discovery.socket, workspace, onRecord: (d, r) => d === "received" && received.push(r) });
  try {
    const { session_id } = await client.request("session.create", {});
    await client.request("session.claim", {}, { sessionId: session_id });
    const sentence = "The decoder validates every member it knows — «ça va», naïve café — and keeps the rest aside.\n";
    const prompt = sentence.repeat(Math.floor(15000 / Buffer.byteLength(sentence)));
    for await (const _ of await client.startTurn(session_id, prompt));
    const terminal = received.find((r) => r.includes('"event":"turn.terminal"'));
    await client.replay(session_id, { limit: 32 });
    const replay = received.at(-1);
    return { terminal, replay };
  } finally {
    client.close();
    process.kill(discovery.pid, "SIGTERM");
    setTimeout(() => rmSync(root, { recursive: true, force: true }), 500).unref();
  }
}

// ---------------------------------------------------------------------------------------------
// zod 4 schemas of the same records (consumer side: unknown members stripped, as the package
// keeps them out of the typed value)
// ---------------------------------------------------------------------------------------------

const opaque = z.string().min(1).max(128);
const sessionId = z.string().min(1).max(128).regex(/^[\-0-9A-Z_a-z]*$/);
const u64 = z.int().min(0);
const errorObject = z.object({ code: z.string().min(1).max(64).regex(/^[0-9_a-z]*$/), message: z.string().min(1).max(512) });
const zTerminal = z.object({
  protocol_version: z.literal(2),
  kind: z.literal("event"),
  event: z.literal("turn.terminal"),
  instance_id: opaque,
  connection_id: opaque,
  session_id: sessionId,
  operation_id: opaque,
  grant_generation: u64,
  live_sequence: u64,
  payload: z.object({
    turn_id: opaque,
    session_id: sessionId,
    status: z.enum(["completed", "cancelled", "failed"]),
    assistant_text: z.string().max(LIMITS.max_string_bytes),
    sequence: u64,
    activity_dropped: u64,
    activity_replay_available: z.literal(false),
    replay_required: z.boolean(),
    persistence: z.enum(["committed", "failed"]),
    error: errorObject.nullable(),
  }),
});
const cursor = z.string().min(1).max(128);
// The spec bounds a part at replay_part_bytes UTF-8 bytes; zod bounds UTF-16 units, the nearest it has.
const partText = z.string().max(CONSTANTS.replay_part_bytes);
const replayItem = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("message"), cursor, role: z.enum(["user", "assistant"]), text: partText, part: u64, last_part: z.boolean() }),
  z.object({ kind: z.literal("terminal"), cursor, status: z.enum(["completed", "cancelled", "failed", "compaction_required"]) }),
  z.object({ kind: z.literal("summary"), cursor, text: partText, part: u64, last_part: z.boolean() }),
]);
const zReplay = z.object({
  protocol_version: z.literal(2),
  kind: z.literal("response"),
  request_id: opaque.nullable(),
  instance_id: opaque.nullable(),
  connection_id: opaque.nullable(),
  session_id: sessionId.nullable(),
  operation_id: opaque.nullable(),
  error: z.null(),
  payload: z.object({
    events: z.array(replayItem).max(64),
    next_cursor: cursor,
    snapshot_cursor: cursor,
    truncated: z.boolean(),
    gap: z.boolean(),
    resync_required: z.boolean(),
  }),
});

// ---------------------------------------------------------------------------------------------
// ajv, compiled from the project's JSON Schema
// ---------------------------------------------------------------------------------------------

const schema = JSON.parse(readFileSync(join(PACKAGE, "../schema/agentwire.schema.json"), "utf8"));
const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
addFormats(ajv);
ajv.addSchema(schema);
const ajvTerminal = ajv.getSchema(`${schema.$id}#/$defs/events/$defs/turn.terminal`);
const ajvReplay = ajv.getSchema(`${schema.$id}#/$defs/responses/$defs/session.replay`);

// ---------------------------------------------------------------------------------------------
// Timing: medians of interleaved rounds
// ---------------------------------------------------------------------------------------------

let sink = 0;
const keep = (v) => {
  sink ^= typeof v === "object" && v !== null ? 1 : 0;
};

/**
 * ns per call over one round of about `ms` milliseconds of this process's CPU time (user +
 * system, GC threads included). CPU time, not wall time: on a shared machine a round's wall
 * time also counts the moments the process waits for a core, which moves ratios by ±0.2.
 */
function round(fn, ms) {
  let n = 0;
  const start = cpuMicros();
  const stop = start + ms * 1000;
  let now = start;
  while (now < stop) {
    for (let i = 0; i < 16; i++) fn();
    n += 16;
    now = cpuMicros();
  }
  return ((now - start) * 1000) / n;
}

function cpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Every variant runs once per round, in turn, so background load falls on all alike. */
function measure(variants) {
  for (const fn of variants) round(fn, roundMs * 2);
  const samples = variants.map(() => []);
  for (let r = 0; r < rounds; r++) variants.forEach((fn, i) => samples[i].push(round(fn, roundMs)));
  return samples.map((s) => s.sort((a, b) => a - b)[s.length >> 1]);
}

/** See "floor" at the top. Buffer.byteLength is Node's native UTF-8 count. */
function floor(text, counted) {
  const value = JSON.parse(text);
  if (/[\ud800-\uffff]/.test(text)) throw new Error("the bench records hold no unit from U+D800 up");
  for (const t of counted) sink ^= Buffer.byteLength(t, "utf8") & 1;
  return value;
}

const { terminal, replay } = await capture();
const utf8 = new TextDecoder("utf-8", { fatal: true });
const rows = [];
for (const [name, text, decode, zod, ajvValidate] of [
  ["turn.terminal event", terminal, (t) => decodeEventRecord(t), zTerminal, ajvTerminal],
  ["session.replay page", replay, (t) => decodeResponseRecord(t, "session.replay"), zReplay, ajvReplay],
]) {
  const bytes = Buffer.from(text);
  // Every validator accepts the record before timing: a failure here, not a fast reject, is a bug.
  keep(decode(bytes));
  keep(zod.parse(JSON.parse(text)));
  if (!ajvValidate(JSON.parse(text))) throw new Error(`ajv rejects the ${name}: ${JSON.stringify(ajvValidate.errors)}`);
  const ajvParse = (v) => {
    if (!ajvValidate(v)) throw new Error("ajv rejected");
    return v;
  };
  const counted = (JSON.parse(text).payload.events ?? []).map((e) => e.text ?? "").filter((t) => t.length * 3 > CONSTANTS.replay_part_bytes);
  const [parseB, fullB, zodB, ajvB, parseS, fullS, zodS, ajvS, fullT, floorS] = measure([
    () => keep(JSON.parse(utf8.decode(bytes))),
    () => keep(decode(bytes)),
    () => keep(zod.parse(JSON.parse(utf8.decode(bytes)))),
    () => keep(ajvParse(JSON.parse(utf8.decode(bytes)))),
    () => keep(JSON.parse(text)),
    () => keep(decode(text)),
    () => keep(zod.parse(JSON.parse(text))),
    () => keep(ajvParse(JSON.parse(text))),
    // The package given the text as the others get it (TextDecoder first): its validation
    // against theirs, without its own UTF-8 decoding.
    () => keep(decode(utf8.decode(bytes))),
    () => keep(floor(text, counted)),
  ]);
  const longest = Math.max(...[...text.matchAll(/"text":"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].length), 0);
  rows.push({ name, bytes: bytes.length, longest, bytesIn: [parseB, fullB, zodB, ajvB], viaDecoder: [parseB, fullT, zodB, ajvB], stringIn: [parseS, fullS, zodS, ajvS], floorS });
}

const ns = (x) => `${x.toFixed(0)} ns`.padStart(10);
const ratio = (x) => `${x.toFixed(2)}×`.padStart(7);
console.log(`node ${process.version}; zod ${z.core?.version ? `${z.core.version.major}.${z.core.version.minor}.${z.core.version.patch}` : "4"}; CPU time per call, median of ${rounds} interleaved rounds of ${roundMs} ms`);
for (const x of rows) {
  console.log(`\n${x.name}: ${x.bytes} bytes (longest text ${x.longest} UTF-16 units)`);
  console.log("input    JSON.parse   package       zod 4        ajv   | package/parse  package/zod  package/ajv");
  for (const [label, [p, f, zz, a]] of [["bytes", x.bytesIn], ["bytes*", x.viaDecoder], ["string", x.stringIn]]) {
    console.log(`${label.padEnd(7)}${ns(p)} ${ns(f)} ${ns(zz)} ${ns(a)}  | ${ratio(f / p)}        ${ratio(f / zz)}      ${ratio(f / a)}`);
  }
  console.log(`floor  ${ns(x.stringIn[0])} ${ns(x.floorS)} ${ns(x.stringIn[2])} ${"".padStart(10)}  | ${ratio(x.floorS / x.stringIn[0])}        ${ratio(x.floorS / x.stringIn[2])}`);
}
console.log("\nbytes*: the package decodes TextDecoder's text of the bytes, as zod and ajv do (its validation against theirs)");
console.log("floor: JSON.parse + a search for units from U+D800 up + the UTF-8 count of the replay parts that need one, on the string; no scanning, no validation");
if (sink === 2) console.log(sink);
