/**
 * The socket client against the real daemon: `agentwire daemon start-or-connect` in a temporary
 * state root (MC_HOME) and workspace, then handshake, initialize with the full preflight,
 * session.create, session.claim, one turn on the offline `local` provider (it lists the
 * workspace through one tool call, then answers), and the durable replay of that turn.
 *
 * The binary is `$AGENTWIRE_BIN`, else `../../target/debug/agentwire` relative to the package.
 * This test builds nothing: without the binary it is skipped (`test.sh` builds it first).
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BIN, NO_BIN, PACKAGE, daemonEnv, exited, stopDaemon } from "./liveDaemon.js";
import { AgentwireClient, HandshakeError, ServiceError, resume, startOrConnect } from "../dist/client.js";
import type { AnyEvent, Method, ReplayItem, ResponsePayloads } from "../dist/index.js";

const VERSION = (JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as { version: string }).version;
const SKIP = NO_BIN;

/** The discovery line start-or-connect prints (service-lifecycle). */
interface Discovery {
  readonly socket: string;
  readonly version: string;
  readonly pid: number;
  readonly instance_id: string;
  readonly workspace_id: string;
  readonly state_root_id: string;
}

const REQUIRED: readonly Method[] = ["session.create", "session.claim", "turn.start", "session.replay"];
const PROMPT = "What is in this workspace? ✓";

describe("against the real daemon", { skip: SKIP }, () => {
  let root = "";
  let workspace = "";
  let discovery: Discovery | undefined;
  let client: AgentwireClient | undefined;

  before(() => {
    // Short, canonical paths: the socket lives under MC_HOME (sun_path limit) and the handshake
    // names the canonical workspace.
    root = realpathSync(mkdtempSync(join(tmpdir(), "awts-")));
    workspace = join(root, "project");
    mkdirSync(workspace);
    writeFileSync(join(workspace, "README.md"), "# demo\nTODO: write docs\n");
    const run = spawnSync(BIN, ["daemon", "start-or-connect", "--workspace", workspace, "--executable", BIN], {
      env: daemonEnv(root),
      encoding: "utf8",
      timeout: 30_000,
    });
    assert.equal(run.status, 0, `start-or-connect failed (${run.error?.message ?? run.signal ?? run.status}): ${run.stdout}${run.stderr}`);
    const lines = run.stdout.split("\n").filter((l) => l.trim() !== "");
    assert.equal(lines.length, 1, `start-or-connect prints one discovery line: ${run.stdout}`);
    discovery = JSON.parse(lines[0] as string) as Discovery;
  });

  after(async () => {
    client?.close();
    // Stop only the daemon this test started, by the PID its discovery reported.
    if (discovery !== undefined) {
      try {
        process.kill(discovery.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
      if (!(await exited(discovery.pid, 10_000))) assert.fail(`daemon ${discovery.pid} did not stop on SIGTERM`);
    }
    if (root !== "") rmSync(root, { recursive: true, force: true });
  });

  it("runs a turn end to end and replays it durably", { timeout: 60_000 }, async () => {
    const d = discovery as Discovery;
    assert.equal(d.version, VERSION, "the daemon runs this package's version");

    // Handshake, initialize and the full preflight, with identities from discovery.
    const c = await AgentwireClient.connect({
      socketPath: d.socket,
      version: VERSION,
      workspace,
      expect: { instanceId: d.instance_id, workspaceId: d.workspace_id, stateRootId: d.state_root_id },
      requiredOperations: REQUIRED,
    });
    client = c;
    assert.deepEqual(
      [c.identity.serverVersion, c.identity.pid, c.identity.instanceId, c.identity.workspaceId, c.identity.stateRootId],
      [VERSION, d.pid, d.instance_id, d.workspace_id, d.state_root_id],
    );
    assert.match(c.identity.connectionId, /^cn_/);
    for (const op of REQUIRED) assert.ok(c.init.capabilities.operations.includes(op), op);
    assert.deepEqual(await c.request("capabilities", {}), c.init.capabilities, "capabilities repeats initialize's advertisement");
    // More requests at once than may be in flight: the client queues the rest, none fails.
    const many = await Promise.all(Array.from({ length: c.init.limits.max_inflight_requests + 8 }, () => c.request("status", {})));
    assert.ok(many.every((s) => s.instance_id === d.instance_id));

    // A session, claimed by this connection.
    const { session_id: session } = await c.request("session.create", {});
    const claim = await c.request("session.claim", { take_over: false }, { sessionId: session });
    assert.equal(claim.session_id, session);
    assert.equal(claim.snapshot.turn, null, "a new session runs no turn");
    const status = await c.request("session.status", {}, { sessionId: session });
    assert.deepEqual([status.controlled_by_caller, status.grant_generation], [true, claim.grant_generation]);

    // One turn; the control proof defaults to the grant just received.
    const accepted = await c.request("turn.start", { prompt: PROMPT }, { sessionId: session });
    assert.equal(accepted.status, "accepted");
    const turn = accepted.turn_id;

    const events: AnyEvent[] = [];
    let terminal: Extract<AnyEvent, { event: "turn.terminal" }> | undefined;
    for await (const e of c.eventsSinceConnect()) {
      events.push(e);
      if (e.event === "turn.terminal") {
        terminal = e;
        break;
      }
    }
    assert.ok(terminal !== undefined, "the stream ended before the terminal");

    // Every event: this connection, this session and grant, the operation that started the turn.
    const operation = events[0]?.operation_id;
    assert.equal(typeof operation, "string");
    for (const e of events) {
      assert.deepEqual(
        [e.instance_id, e.connection_id, e.session_id, e.grant_generation, e.operation_id],
        [d.instance_id, c.identity.connectionId, session, claim.grant_generation, operation],
        e.event,
      );
    }
    // Per-turn sequences: turn.started at 0, then strictly increasing (gaps allowed), terminal last.
    const first = events[0];
    assert.ok(first?.event === "turn.started");
    assert.deepEqual(first.payload, { turn_id: turn, session_id: session, status: "started", sequence: 0 });
    const sequences = events.map((e) => (e.payload as { turn_id: string; sequence: number }).sequence);
    for (const e of events) assert.equal((e.payload as { turn_id: string }).turn_id, turn, e.event);
    for (let i = 1; i < sequences.length; i++) {
      assert.ok((sequences[i] as number) > (sequences[i - 1] as number), `sequence ${sequences[i]} after ${sequences[i - 1]}`);
    }
    assert.equal(events.filter((e) => e.event === "turn.terminal").length, 1);

    // The terminal: completed, committed, its text exactly the deltas in order.
    const deltas = events.flatMap((e) => (e.event === "turn.assistant_delta" ? [e.payload.text] : [])).join("");
    const t = terminal.payload;
    assert.deepEqual([t.turn_id, t.session_id, t.status, t.persistence, t.error], [turn, session, "completed", "committed", null]);
    assert.ok(deltas.length > 0, "the turn streamed assistant text");
    assert.equal(t.assistant_text, deltas);
    assert.equal(t.activity_replay_available, false);
    // The local provider lists the workspace through one built-in tool call.
    const tools = events.flatMap((e) => (e.event === "turn.activity" && e.payload.activity.kind === "tool" ? [e.payload.activity] : []));
    assert.deepEqual(
      tools.map((a) => [a.tool_name, a.status]),
      [
        ["list_folder", "running"],
        ["list_folder", "completed"],
      ],
    );
    assert.ok(t.assistant_text.includes("README.md"), t.assistant_text);

    // Durable replay, one item per page so paging is exercised, until not truncated.
    const items: ReplayItem[] = [];
    const pages: ResponsePayloads["session.replay"][] = [];
    let cursor: string | null = null;
    for (;;) {
      const page: ResponsePayloads["session.replay"] = await c.request("session.replay", { after: cursor, limit: 1 }, { sessionId: session });
      pages.push(page);
      assert.deepEqual([page.gap, page.resync_required], [false, false]);
      assert.ok(page.events.length <= 1);
      const last = page.events[page.events.length - 1];
      if (last !== undefined) assert.equal(page.next_cursor, last.cursor, "next_cursor follows the page's last item");
      items.push(...page.events);
      if (!page.truncated) break;
      assert.notEqual(page.next_cursor, cursor, "paging advances");
      cursor = page.next_cursor;
      assert.ok(pages.length < 100, "replay never ends");
    }
    assert.ok(pages.length > 1, "the replay took several pages");
    assert.equal(new Set(items.map((i) => i.cursor)).size, items.length, "cursors are unique");

    // Join message parts; the projection is: the user's prompt, the assistant's text, the terminal.
    const messages: { role: string; text: string }[] = [];
    let part = "";
    for (const item of items.slice(0, -1)) {
      assert.equal(item.kind, "message", JSON.stringify(item));
      if (item.kind !== "message") continue;
      part += item.text;
      if (item.last_part) {
        messages.push({ role: item.role, text: part });
        part = "";
      }
    }
    assert.equal(part, "", "every message ends with its last part");
    assert.deepEqual(messages[0], { role: "user", text: PROMPT });
    const assistant = messages.slice(1);
    assert.ok(assistant.length >= 1 && assistant.every((m) => m.role === "assistant"), JSON.stringify(messages));
    assert.equal(assistant.map((m) => m.text).join(""), t.assistant_text, "the replayed assistant messages are the terminal text");
    const end = items[items.length - 1];
    assert.ok(end?.kind === "terminal", JSON.stringify(end));
    assert.equal(end.status, "completed");
    assert.equal(pages[pages.length - 1]?.next_cursor, pages[pages.length - 1]?.snapshot_cursor, "the last page ends at the snapshot");
  });

  it("startOrConnect, startTurn, then resume from a saved cursor on a new connection (lookup, claim, replay; nothing resent)", { timeout: 60_000 }, async () => {
    const d = await startOrConnect({ workspace, executable: BIN, env: daemonEnv(root) });
    assert.deepEqual([d.pid, d.instance_id, d.socket], [(discovery as Discovery).pid, (discovery as Discovery).instance_id, (discovery as Discovery).socket], "the running daemon is reached, not replaced");
    const sent: string[] = [];
    const first = await AgentwireClient.connect({ socketPath: d.socket, workspace, onRecord: (dir, r) => dir === "sent" && sent.push(r) });
    let cursor: string;
    let operationId: string;
    let session: string;
    try {
      session = (await first.request("session.create", {})).session_id;
      const claim = await first.request("session.claim", {}, { sessionId: session });
      cursor = claim.snapshot.replay_cursor;
      const turn = await first.startTurn(session, "first turn");
      operationId = turn.operationId;
      const events: AnyEvent[] = [];
      for await (const e of turn) events.push(e);
      assert.equal(events.at(-1)?.event, "turn.terminal", "the turn stream ends with its terminal");
      assert.ok(events.every((e) => e.operation_id === operationId && (e.payload as { turn_id: string }).turn_id === turn.turnId));
      // The error message says the code once.
      await assert.rejects(first.request("turn.cancel", { turn_id: "t-unknown" }, { sessionId: session }), (e: unknown) => e instanceof ServiceError && e.message.split("unknown_turn").length === 2);
    } finally {
      first.close();
    }
    // As if the turn.start answer had been lost: resume names it uncertain and never resends it.
    const resumed = await resume({ socketPath: d.socket, workspace, sessionId: session, after: cursor, uncertain: [operationId], onRecord: (dir, r) => dir === "sent" && sent.push(r) });
    try {
      assert.deepEqual([resumed.operations[0]?.method, resumed.operations[0]?.session_id], ["turn.start", session]);
      assert.ok(resumed.operations[0]?.state === "settled" || resumed.operations[0]?.state === "accepted", JSON.stringify(resumed.operations[0]));
      assert.equal(resumed.claim.session_id, session);
      assert.equal(resumed.resynced, false);
      assert.equal(resumed.items[0]?.kind, "message");
      assert.equal(resumed.items.at(-1)?.kind, "terminal");
      assert.equal(sent.filter((r) => r.includes('"method":"turn.start"')).length, 1, "turn.start was sent once, never resent");
      // Saved cursor: a later resume from it reads nothing new.
      const again = await resumed.client.replay(session, { after: resumed.cursor });
      assert.deepEqual([again.events.length, again.truncated], [0, false]);
    } finally {
      resumed.client.close();
    }
  });
});

describe("cancel on the slow local provider", { skip: SKIP }, () => {
  let root = "";
  let pid: number | undefined;

  before(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "awtc-")));
    mkdirSync(join(root, "project"));
    mkdirSync(join(root, "mc"), { mode: 0o700 });
    // `local_turn_ms`: every turn on the offline provider takes ten seconds, in many deltas.
    writeFileSync(join(root, "mc", "settings.toml"), "local_turn_ms = 10000\n", { mode: 0o600 });
  });

  after(() => stopDaemon(pid, root));

  it("a turn cancelled after its first delta ends cancelled, every time", { timeout: 60_000 }, async () => {
    // "Cancel tests use it and assert `cancelled` every time."
    const workspace = join(root, "project");
    const d = await startOrConnect({ workspace, executable: BIN, env: daemonEnv(root) });
    pid = d.pid;
    const c = await AgentwireClient.connect({ socketPath: d.socket, workspace });
    try {
      const { session_id } = await c.request("session.create", {});
      await c.request("session.claim", {}, { sessionId: session_id });
      for (let round = 0; round < 5; round++) {
        const turn = await c.startTurn(session_id, "Talk slowly");
        let status: string | undefined;
        let cancelled = false;
        for await (const e of turn) {
          if (e.event === "turn.assistant_delta" && !cancelled) {
            cancelled = true;
            const answer = await c.request("turn.cancel", { turn_id: turn.turnId }, { sessionId: session_id });
            assert.equal(answer.status, "cancellation_requested");
          }
          if (e.event === "turn.terminal") status = e.payload.status;
        }
        assert.equal(status, "cancelled", `round ${round}`);
      }
    } finally {
      c.close();
    }
  });

  it("startTurn's signal is the Stop button: aborting it cancels the turn (claim handle)", { timeout: 60_000 }, async () => {
    const workspace = join(root, "project");
    const c = await AgentwireClient.startOrConnect({ workspace, executable: BIN, env: daemonEnv(root) });
    pid = c.identity.pid;
    try {
      const { session_id } = await c.request("session.create", {});
      const claim = await c.claim(session_id);
      for (let round = 0; round < 3; round++) {
        const stop = new AbortController();
        const turn = await claim.startTurn("Talk slowly", { signal: stop.signal });
        let status: string | undefined;
        for await (const e of turn) {
          if (e.event === "turn.assistant_delta") stop.abort();
          if (e.event === "turn.terminal") status = e.payload.status;
        }
        assert.equal(status, "cancelled", `round ${round}`);
      }
      await claim.detach();
    } finally {
      c.close();
    }
  });

  it("startOrConnect applies the path rules: relative refused, trailing / canonicalised, a bare name found on PATH or refused", { timeout: 60_000 }, async () => {
    const workspace = join(root, "project");
    const env = daemonEnv(root);
    await assert.rejects(startOrConnect({ workspace: ".", executable: BIN, env }), (e: unknown) => e instanceof HandshakeError && e.code === "invalid_workspace" && /relative/.test(e.message));
    await assert.rejects(startOrConnect({ workspace, executable: "agentwire-nowhere", env }), (e: unknown) => e instanceof HandshakeError && e.code === "invalid_executable" && /not on PATH/.test(e.message));
    await assert.rejects(startOrConnect({ workspace, executable: "bin/agentwire", env }), (e: unknown) => e instanceof HandshakeError && e.code === "invalid_executable" && /relative/.test(e.message));
    const onPath = { ...env, PATH: `${dirname(BIN)}:${env.PATH ?? ""}` };
    const d = await startOrConnect({ workspace: `${workspace}/`, executable: basename(BIN), env: onPath });
    pid = d.pid;
    const c = await AgentwireClient.connect({ socketPath: d.socket, workspace });
    c.close();
  });
});
