/** The socket client against a scripted fake daemon on a real Unix socket. */

import assert from "node:assert/strict";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import type { Server, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { AgentwireClient, ConnectionClosedError, HandshakeError, PACKAGE_VERSION, PreflightError, ServiceError, VersionMismatchError } from "../dist/client.js";
import { LAUNCH_ERROR_MESSAGES, LIMITS, ProtocolError } from "../dist/index.js";
import type { AnyEvent } from "../dist/index.js";
import { CONNECTION, INSTANCE, initResult, terminal } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "agentwire-ts-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let sockets = 0;

type Req = { request_id: string; method: string; session_id: string | null; operation_id: string | null; control: unknown; payload: any };
type Script = (req: Req, send: (record: object) => void) => void;

interface Fake {
  path: string;
  server: Server;
  seen: Req[];
}

/** A daemon that accepts the handshake, answers initialize with `init`, then runs `script`. */
async function daemon(script: Script, init: any = initResult(), reject?: string): Promise<Fake> {
  const path = join(dir, `d${++sockets}.sock`);
  const seen: Req[] = [];
  const server = createServer((socket) => serve(socket, script, init, seen, reject));
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { path, server, seen };
}

function serve(socket: Socket, script: Script, init: any, seen: Req[], reject?: string): void {
  let buffer = "";
  let lines = 0;
  const send = (record: object): void => void socket.write(`${JSON.stringify(record)}\n`);
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
      const line = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      if (lines++ === 0) {
        if (reject !== undefined) return void send({ handshake: "agentwire-unix", status: "rejected", code: reject, message: "a daemon of another package version is running" });
        send({ handshake: "agentwire-unix", status: "accepted", version: PACKAGE_VERSION, pid: 42, instance_id: INSTANCE, workspace_id: init.workspace_id, state_root_id: init.state_root_id });
        continue;
      }
      seen.push(line);
      if (line.method === "initialize") send(reply(line, init));
      else script(line, send);
    }
  });
  socket.on("error", () => undefined);
}

function reply(req: Req, payload: unknown, error: unknown = null): object {
  const init = req.method === "initialize";
  return {
    protocol_version: 2,
    kind: "response",
    request_id: req.request_id,
    instance_id: init ? null : INSTANCE,
    connection_id: init ? null : CONNECTION,
    session_id: req.session_id,
    operation_id: req.operation_id,
    payload: error === null ? payload : null,
    error,
  };
}

function event(name: string, payload: object, session: string | null = "s-01"): object {
  return { protocol_version: 2, kind: "event", event: name, instance_id: INSTANCE, connection_id: CONNECTION, session_id: session, operation_id: "op-turn", grant_generation: 1, live_sequence: 1, payload };
}

/** Claims s-01, then starts a turn that streams `events` (payloads of the turn). */
const turnScript = (events: [string, object][]): Script => (req, send) => {
  if (req.method === "session.claim") {
    send(reply(req, { session_id: "s-01", claim_id: "cl-1", grant_generation: 1, live_sequence: 1, snapshot: { state: "idle", turn: null, replay_cursor: "c0" } }));
  } else if (req.method === "turn.start") {
    assert.deepEqual(req.control, { claim_id: "cl-1", grant_generation: 1 });
    send(reply(req, { turn_id: "t-1", status: "accepted" }));
    for (const [name, payload] of events) send({ ...event(name, payload), operation_id: req.operation_id });
  } else if (req.method === "status") {
    send(reply(req, null, { code: "internal_error", message: "application service failed to handle the request" }));
  } else if (req.method === "config.get") {
    send(reply(req, null, { code: "future_error", message: "a future failure" }));
  }
};

const options = (path: string) => ({ socketPath: path, version: PACKAGE_VERSION, workspace: "/abs/project", requiredOperations: ["turn.start" as const] });

async function collect(client: AgentwireClient, n: number): Promise<AnyEvent[]> {
  const out: AnyEvent[] = [];
  for await (const e of client.eventsSinceConnect()) {
    out.push(e);
    if (out.length === n) break;
  }
  return out;
}

describe("client", () => {
  it("handshakes, initializes, preflights, then runs a turn with correlated, sequenced events", async () => {
    const turn: [string, object][] = [
      ["turn.started", { turn_id: "t-1", session_id: "s-01", status: "started", sequence: 0 }],
      ["turn.assistant_delta", { turn_id: "t-1", sequence: 1, text: "partial" }],
      ["turn.activity", { turn_id: "t-1", sequence: 3, activity: { activity_id: "a", kind: "usage", effective_input: 1, output: 2, cache_read: 0, cache_known: true, request_sequence: 1, final_usage: true, source: "provider_request" } }],
      ["turn.terminal", JSON.parse(terminal())],
    ];
    const fake = await daemon(turnScript(turn));
    const client = await AgentwireClient.connect(options(fake.path));
    try {
      assert.deepEqual([client.identity.instanceId, client.identity.connectionId, client.identity.pid], [INSTANCE, CONNECTION, 42]);
      assert.deepEqual(fake.seen[0]?.payload, { supported_protocol_versions: [2], requested_capabilities: ["turn.start"] });
      await client.request("session.claim", { take_over: false }, { sessionId: "s-01" });
      const accepted = await client.request("turn.start", { prompt: "hi" }, { sessionId: "s-01" });
      assert.equal(accepted.turn_id, "t-1");
      const events = await collect(client, 4);
      assert.deepEqual(events.map((e) => e.event), ["turn.started", "turn.assistant_delta", "turn.activity", "turn.terminal"]);
      const last = events[3];
      assert.ok(last?.event === "turn.terminal" && last.payload.assistant_text === "The complete answer.");
      await assert.rejects(client.request("status", {}), (e: unknown) => e instanceof ServiceError && e.errorCode === "internal_error");
      await assert.rejects(client.request("config.get", {}), (e: unknown) => e instanceof ServiceError && !e.known && e.code === "future_error");
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("a regressing sequence makes the stream untrusted", async () => {
    const turn: [string, object][] = [
      ["turn.assistant_delta", { turn_id: "t-1", sequence: 2, text: "a" }],
      ["turn.assistant_delta", { turn_id: "t-1", sequence: 2, text: "b" }],
    ];
    const fake = await daemon(turnScript(turn));
    const client = await AgentwireClient.connect(options(fake.path));
    try {
      await client.request("session.claim", { take_over: false }, { sessionId: "s-01" });
      await client.request("turn.start", { prompt: "hi" }, { sessionId: "s-01" });
      await assert.rejects(collect(client, 3), (e: unknown) => e instanceof ProtocolError && e.code === "sequence");
      await assert.rejects(client.request("status", {}), ProtocolError);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("an event for a session this connection does not control is refused", async () => {
    const fake = await daemon((req, send) => {
      send(reply(req, { turn_id: "t-9", status: "accepted" }));
      send(event("turn.assistant_delta", { turn_id: "t-9", sequence: 1, text: "x" }, "s-02"));
    });
    const client = await AgentwireClient.connect(options(fake.path));
    try {
      await client.request("turn.start", { prompt: "hi" }, { sessionId: "s-01", control: { claim_id: "c", grant_generation: 1 } });
      await assert.rejects(collect(client, 1), (e: unknown) => e instanceof ProtocolError && e.code === "correlation");
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("queues requests beyond max_inflight_requests until answers free a slot, in call order", async () => {
    let unanswered = 0;
    let most = 0;
    const order: string[] = [];
    // Answers every status after a pause, so the client reaches its in-flight bound.
    const fake = await daemon((req, send) => {
      order.push(req.request_id);
      most = Math.max(most, ++unanswered);
      setTimeout(() => {
        unanswered--;
        send(reply(req, { service: "ready", provider_auth_ready: false, instance_id: INSTANCE, workspace_id: "ws_1", state_root_id: "sr_1", connected_clients: 1, admitted_operations: 0 }));
      }, 20);
    });
    const client = await AgentwireClient.connect(options(fake.path));
    try {
      const n = LIMITS.max_inflight_requests + 8;
      const answers = await Promise.all(Array.from({ length: n }, () => client.request("status", {})));
      assert.equal(answers.length, n);
      assert.equal(most, LIMITS.max_inflight_requests);
      assert.deepEqual(order, Array.from({ length: n }, (_, i) => `r${i + 1}`));
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("refuses an advertisement with an unknown event before any other request", async () => {
    const init = initResult();
    init.capabilities.events.push("turn.future");
    const fake = await daemon(() => assert.fail("no request may follow a failed preflight"), init);
    await assert.rejects(AgentwireClient.connect(options(fake.path)), PreflightError);
    assert.deepEqual(fake.seen.map((r) => r.method), ["initialize"]);
    fake.server.close();
  });

  it("refuses a service whose output bounds exceed the local ones", async () => {
    const fake = await daemon(() => undefined);
    await assert.rejects(AgentwireClient.connect({ ...options(fake.path), localBounds: { max_string_bytes: 1024 } }), /max_string_bytes/);
    fake.server.close();
  });

  it("refuses a required operation that is not advertised", async () => {
    const init = initResult();
    init.capabilities.operations = init.capabilities.operations.filter((o: string) => o !== "turn.start");
    const fake = await daemon(() => undefined, init);
    await assert.rejects(AgentwireClient.connect(options(fake.path)), /turn.start/);
    fake.server.close();
  });

  it("reports a rejected handshake", async () => {
    const fake = await daemon(() => undefined, initResult(), "version_mismatch");
    // "Package versions must match exactly": the refusal names this package's own version.
    await assert.rejects(AgentwireClient.connect(options(fake.path)), (e: unknown) => {
      assert.ok(e instanceof VersionMismatchError && e instanceof HandshakeError);
      assert.equal(e.code, "version_mismatch");
      assert.deepEqual([e.packageVersion, e.daemonVersion], [PACKAGE_VERSION, null]);
      assert.match(e.message, /same version/);
      return true;
    });
    fake.server.close();
  });

  it("an accepted handshake naming another version is version_mismatch naming both versions", async () => {
    const fake = await daemon(() => undefined);
    // "Package versions must match exactly": the fake accepts as this package's version, the client claims 9.9.9.
    await assert.rejects(AgentwireClient.connect({ ...options(fake.path), version: "9.9.9" }), (e: unknown) => {
      assert.ok(e instanceof VersionMismatchError);
      assert.equal(e.code, "version_mismatch");
      assert.deepEqual([e.packageVersion, e.daemonVersion], ["9.9.9", PACKAGE_VERSION]);
      assert.ok(e.message.startsWith(`version_mismatch: ${LAUNCH_ERROR_MESSAGES.version_mismatch} (this package is 9.9.9, the daemon runs ${PACKAGE_VERSION};`), e.message);
      return true;
    });
    fake.server.close();
  });

  it("a socket file of another user is foreign_service, a spec launch error code", { skip: process.getuid?.() !== 0 ? "needs root to chown the socket" : false }, async () => {
    const fake = await daemon(() => undefined);
    chownSync(fake.path, 65534, 65534);
    await assert.rejects(AgentwireClient.connect(options(fake.path)), (e: unknown) => e instanceof HandshakeError && e.code === "foreign_service" && e.message === `foreign_service: ${LAUNCH_ERROR_MESSAGES.foreign_service}`);
    fake.server.close();
  });

  it("a missing socket is a clear ConnectionClosedError, not a raw ENOENT", async () => {
    const path = join(dir, "absent.sock");
    await assert.rejects(AgentwireClient.connect(options(path)), (e: unknown) => {
      assert.ok(e instanceof ConnectionClosedError, String(e));
      assert.match(e.message, /^cannot connect to .*absent\.sock: no daemon socket exists there; start the daemon/);
      assert.doesNotMatch(e.message, /ENOENT|stat/);
      assert.equal((e.cause as { code?: string }).code, "ENOENT");
      return true;
    });
  });
});
