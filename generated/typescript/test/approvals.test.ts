/**
 * The approvals profile against the real daemon (issue #38, "Front ends"): a daemon whose agent
 * is the scripted ACP agent of the daemon's tests (`daemon/tests/acp/fake-agent.mjs ask-edit`:
 * it announces an `edit` of config.toml with a diff, asks permission offering all four option
 * kinds, then says "Answer: <optionId|cancelled>."), in a temporary state root and workspace.
 *
 * The binary is `$AGENTWIRE_BIN`, else `../../target/debug/agentwire`; without it (or without
 * the scripted agent) these tests are skipped, as test/daemon.test.ts is.
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN, NO_BIN, PACKAGE, daemonEnv, stopDaemon } from "./liveDaemon.js";
import { APPROVALS_VERSION, AgentwireClient, ProfileUnavailableError, ServiceError, resume } from "../dist/client.js";
import type { Claim, ClientOptions, TurnEvent } from "../dist/client.js";
import type { AnyEvent, ApprovalRequested, ApprovalResolved } from "../dist/index.js";

const AGENT = resolve(PACKAGE, "../../daemon/tests/acp/fake-agent.mjs");
const SKIP = NO_BIN || (existsSync(AGENT) ? false : `no scripted ACP agent at ${AGENT}`);
const PROMPT = "Turn debugging on.";

/** What a turn's (or a session's) events showed until its terminal. */
interface Seen {
  readonly events: string[];
  readonly requested: ApprovalRequested[];
  readonly resolved: ApprovalResolved[];
  text: string;
  status: string | null;
}

/** Reads `events` to the turn's terminal; `onRequest` answers each permission request. */
async function watch(events: AsyncIterable<TurnEvent | AnyEvent>, onRequest: (r: ApprovalRequested) => Promise<void>): Promise<Seen> {
  const seen: Seen = { events: [], requested: [], resolved: [], text: "", status: null };
  for await (const e of events) {
    seen.events.push(e.event);
    if (e.event === "approval.requested") {
      seen.requested.push(e.payload);
      await onRequest(e.payload);
    }
    if (e.event === "approval.resolved") seen.resolved.push(e.payload);
    if (e.event === "turn.assistant_delta") seen.text += e.payload.text;
    if (e.event === "turn.terminal") {
      seen.status = e.payload.status;
      break;
    }
  }
  return seen;
}

/** The offered option of `kind`: options are chosen by their kind, never by their IDs. */
function option(r: ApprovalRequested, kind: string): string {
  const found = r.options.find((o) => o.kind === kind);
  assert.ok(found !== undefined, `no ${kind} option offered: ${JSON.stringify(r.options)}`);
  return found.id;
}

const isCode = (code: string) => (e: unknown) => e instanceof ServiceError && e.code === code;

describe("approvals against the real daemon and the scripted asking agent", { skip: SKIP }, () => {
  let root = "";
  let workspace = "";
  let pid: number | undefined;
  let socket = "";
  let connect: (extra?: Partial<ClientOptions>) => Promise<AgentwireClient>;

  before(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "awap-")));
    workspace = join(root, "project");
    mkdirSync(workspace);
    mkdirSync(join(root, "mc"), { mode: 0o700 });
    const settings = `provider = "fake"\nmodel = "default"\napproval_deadline_ms = 120000\n[agents.fake]\ncommand = "node"\nargs = ${JSON.stringify([AGENT, "ask-edit"])}\n`;
    writeFileSync(join(root, "mc", "settings.toml"), settings, { mode: 0o600 });
    const run = spawnSync(BIN, ["daemon", "start-or-connect", "--workspace", workspace, "--executable", BIN], { env: daemonEnv(root), encoding: "utf8", timeout: 30_000 });
    assert.equal(run.status, 0, `start-or-connect failed: ${run.stdout}${run.stderr}`);
    const d = JSON.parse(run.stdout.trim()) as { socket: string; pid: number };
    pid = d.pid;
    socket = d.socket;
    connect = (extra = {}) => AgentwireClient.connect({ socketPath: d.socket, workspace, ...extra });
  });

  after(() => stopDaemon(pid, root));

  async function session(client: AgentwireClient): Promise<Claim> {
    const { session_id } = await client.request("session.create", {});
    return client.claim(session_id);
  }

  it("opted in, the turn's stream yields the request and its resolution, and respond answers with an offered option", { timeout: 60_000 }, async () => {
    const client = await connect({ approvals: true });
    try {
      // "learns in the answer exactly what was accepted (profile version, its limits)".
      const terms = client.negotiated("approvals");
      assert.deepEqual([terms?.profile, terms?.version, terms?.operations], ["approvals", APPROVALS_VERSION, ["approval.respond"]]);
      assert.equal(terms?.limits["approval_deadline_ms"], 120_000, "the advertised deadline is the effective one");
      const claim = await session(client);
      const turn = await claim.startTurn(PROMPT);
      const seen = await watch(turn, async (r) => {
        // "the call, title, kind, bounded arguments, the proposed change ..., the offered options with their kinds".
        assert.deepEqual([r.session_id, r.turn_id, r.kind, r.title], [claim.sessionId, turn.turnId, "edit", "Edit `config.toml`"]);
        assert.deepEqual(r.options.map((o) => o.kind), ["allow-once", "allow-always", "reject-once", "reject-always"]);
        assert.ok(r.change?.type === "diff" && r.change.path.startsWith("/") && r.change.path.endsWith("/config.toml") && r.change.new_text === "debug = true\n", JSON.stringify(r.change));
        assert.match(r.arguments ?? "", /config\.toml/);
        // Defined errors that change nothing: an option not offered, an unknown approval.
        await assert.rejects(claim.respond(r.approval_id, "maybe"), isCode("approval_option_unknown"));
        await assert.rejects(claim.respond("ap-unknown", option(r, "allow-once")), isCode("approval_unknown"));
        const answer = await claim.respond(r.approval_id, option(r, "allow-once"));
        assert.deepEqual([answer.approval_id, answer.option_kind], [r.approval_id, "allow-once"]);
        // "The first valid answer wins; a second ... gets a defined error".
        await assert.rejects(claim.respond(r.approval_id, option(r, "reject-once")), isCode("approval_unknown"));
      });
      assert.equal(seen.status, "completed");
      assert.deepEqual(seen.events.filter((e) => e.startsWith("approval.")), ["approval.requested", "approval.resolved"]);
      assert.ok(seen.events.indexOf("approval.resolved") < seen.events.indexOf("turn.terminal"));
      const [resolved] = seen.resolved;
      assert.deepEqual([resolved?.outcome, resolved?.option_kind, resolved?.decided_by], ["selected", "allow-once", "person"]);
      assert.match(seen.text, /Answer: ao\./, "the agent got the chosen option");
      // A late answer, after the turn: unknown.
      await assert.rejects(claim.respond(resolved?.approval_id ?? "", "ao"), isCode("approval_unknown"));
    } finally {
      client.close();
    }
  });

  it("a connection that claimed first gets mismatch, and stays ordinary: no profile event, the fallback rejects at once", { timeout: 60_000 }, async () => {
    const client = await connect();
    try {
      const claim = await session(client);
      await assert.rejects(client.optInApprovals(), (e: unknown) => e instanceof ProfileUnavailableError && e.reason === "mismatch" && e.cause instanceof ServiceError && e.cause.code === "profile_mismatch");
      assert.equal(client.negotiated("approvals"), undefined);
      // "approval.respond answers exactly as an unknown method does today".
      await assert.rejects(claim.respond("ap-1", "ao"), isCode("unsupported_operation"));
      const seen = await watch(await claim.startTurn(PROMPT), async () => assert.fail("never asked"));
      assert.equal(seen.status, "completed");
      assert.deepEqual(seen.requested, []);
      assert.match(seen.text, /Answer: ro\./, "the policy's fallback rejected");
    } finally {
      client.close();
    }
  });

  it("claim.cancel while a request is pending resolves it by cancel and ends the turn cancelled", { timeout: 60_000 }, async () => {
    // "`turn.cancel` while a request is pending answers the agent `cancelled`, ends the call
    // cancelled and the turn cancelled."
    const client = await connect({ approvals: true });
    try {
      const claim = await session(client);
      const turn = await claim.startTurn(PROMPT);
      const seen = await watch(turn, async () => {
        await claim.cancel(turn.turnId);
      });
      assert.equal(seen.status, "cancelled");
      const [resolved] = seen.resolved;
      assert.deepEqual([resolved?.outcome, resolved?.option_id, resolved?.decided_by], ["cancelled", null, "cancel"]);
      await assert.rejects(claim.respond(seen.requested[0]?.approval_id ?? "", "ao"), isCode("approval_unknown"));
    } finally {
      client.close();
    }
  });

  it("a pending request is re-delivered after resume with take-over, and answered there", { timeout: 60_000 }, async () => {
    // "The controller disconnecting does not answer ... a connection that claims or takes over
    // the session receives the pending requests and can answer them".
    const first = await connect({ approvals: true });
    const claim = await session(first);
    const turn = await claim.startTurn(PROMPT);
    let asked: ApprovalRequested | undefined;
    for await (const e of turn) {
      if (e.event === "approval.requested") {
        asked = e.payload;
        break;
      }
    }
    assert.ok(asked !== undefined);
    const cursor = claim.response.snapshot.replay_cursor;
    first.close();
    const resumed = await resume({ socketPath: socket, workspace, sessionId: claim.sessionId, after: cursor, takeOver: true, approvals: true });
    try {
      const pending = asked;
      const seen = await watch(resumed.client.eventsSinceConnect(), async (r) => {
        assert.equal(r.approval_id, pending.approval_id, "the same request, still pending");
        await resumed.handle.respond(r.approval_id, option(r, "reject-once"));
      });
      assert.equal(seen.status, "completed");
      assert.equal(seen.requested.length, 1);
      assert.equal(seen.resolved[0]?.decided_by, "person");
      assert.match(seen.text, /Answer: ro\./);
    } finally {
      resumed.client.close();
    }
  });
});
