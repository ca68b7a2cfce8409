/** The socket client against a scripted fake daemon on a real Unix socket. */

import assert from "node:assert/strict";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import type { Server, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { APPROVALS_VERSION, AgentwireClient, ConnectionClosedError, HandshakeError, PACKAGE_VERSION, PreflightError, ProfileUnavailableError, ServiceError, VersionMismatchError } from "../dist/client.js";
import type { TurnEvent } from "../dist/client.js";
import { Conversation, EVENTS, LAUNCH_ERROR_MESSAGES, LIMITS, OPERATION_EXAMPLES, PROFILES, ProtocolError, toWire } from "../dist/index.js";
import type { AnyEvent, EventName } from "../dist/index.js";
import { CONNECTION, INSTANCE, event as eventRecord, initResult, terminal } from "./helpers.js";

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
  return { protocol_version: 2, kind: "event", event: name, instance_id: INSTANCE, connection_id: CONNECTION, session_id: session, operation_id: "op-turn", grant_generation: 1, live_sequence: EVENTS[name as EventName]?.correlation.live_sequence === "null" ? null : 1, payload };
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

/** The approvals profile's negotiate answer, as the spec's example gives it. */
const TERMS = JSON.parse(OPERATION_EXAMPLES.find((e) => e.method === "profile.negotiate")?.response ?? "null");
const REQUESTED = { approval_id: "ap-1", session_id: "s-01", turn_id: "t-1", call_id: "e1", title: "Edit config.toml", kind: "edit", arguments: null, change: { type: "command", command: "make" }, options: [{ id: "ao", label: "Allow once", kind: "allow-once" }, { id: "ro", label: "Reject", kind: "reject-once" }], expires_at: "2026-01-01T00:10:00Z" };
const RESOLVED = { approval_id: "ap-1", session_id: "s-01", turn_id: "t-1", outcome: "selected", option_id: "ao", option_kind: "allow-once", decided_by: "person" };

/** An initialize result whose capability object offers approvals v1. */
function offering(): any {
  const init = initResult();
  init.capabilities.profiles = [{ name: "approvals", versions: [APPROVALS_VERSION] }];
  return init;
}

/** turnScript, plus profile.negotiate answered with `negotiate` and approval.respond answered. */
const approvalScript = (events: [string, object][], negotiate: (req: Req, send: (record: object) => void) => void = (req, send) => send(reply(req, TERMS))): Script => {
  const turn = turnScript(events);
  return (req, send) => {
    if (req.method === "profile.negotiate") negotiate(req, send);
    else if (req.method === "approval.respond") send(reply(req, { approval_id: req.payload.approval_id, option_id: req.payload.option_id, option_kind: "allow-once" }));
    else turn(req, send);
  };
};

const approvalTurn: [string, object][] = [
  ["turn.started", { turn_id: "t-1", session_id: "s-01", status: "started", sequence: 0 }],
  ["approval.requested", REQUESTED],
  ["approval.resolved", RESOLVED],
  ["turn.assistant_delta", { turn_id: "t-1", sequence: 1, text: "Answer: ao." }],
  ["turn.terminal", JSON.parse(terminal({ sequence: 2, assistant_text: "Answer: ao." }))],
];

describe("approvals profile (scripted daemon)", () => {
  it("a daemon that does not offer it is known before any request: not_offered, nothing sent", async () => {
    // "A client library talking to a daemon without the profile learns that before any turn, with a typed reason."
    const fake = await daemon(approvalScript([]));
    const client = await AgentwireClient.connect(options(fake.path));
    try {
      await assert.rejects(client.optInApprovals(), (e: unknown) => {
        assert.ok(e instanceof ProfileUnavailableError, String(e));
        assert.deepEqual([e.profile, e.version, e.reason], ["approvals", APPROVALS_VERSION, "not_offered"]);
        assert.equal(e.message, `profile not offered: the daemon does not offer approvals version ${APPROVALS_VERSION}`);
        return true;
      });
      assert.deepEqual(fake.seen.map((r) => r.method), ["initialize"]);
      assert.equal(client.negotiated("approvals"), undefined);
      assert.equal(client.closed, false, "the connection goes on as an ordinary one");
    } finally {
      client.close();
    }
    // Another version only is not offered either; `approvals: true` fails connecting.
    const init = initResult();
    init.capabilities.profiles = [{ name: "approvals", versions: [APPROVALS_VERSION + 1] }];
    const other = await daemon(approvalScript([]), init);
    await assert.rejects(AgentwireClient.connect({ ...options(other.path), approvals: true }), (e: unknown) => e instanceof ProfileUnavailableError && e.reason === "not_offered");
    assert.deepEqual(other.seen.map((r) => r.method), ["initialize"]);
    fake.server.close();
    other.server.close();
  });

  it("the daemon's refusals are typed: profile_unsupported is rejected, profile_mismatch is mismatch", async () => {
    for (const [code, reason] of [["profile_unsupported", "rejected"], ["profile_mismatch", "mismatch"], ["unsupported_operation", "not_offered"]] as const) {
      const fake = await daemon(approvalScript([], (req, send) => send(reply(req, null, { code, message: "refused" }))), offering());
      const client = await AgentwireClient.connect(options(fake.path));
      try {
        await assert.rejects(client.optInApprovals(), (e: unknown) => {
          assert.ok(e instanceof ProfileUnavailableError, String(e));
          assert.equal(e.reason, reason);
          assert.ok(e.cause instanceof ServiceError && e.cause.code === code);
          return true;
        });
        assert.deepEqual(fake.seen.at(-1)?.payload, { profile: "approvals", version: APPROVALS_VERSION });
        assert.equal(client.negotiated("approvals"), undefined, "a refused negotiation changes nothing");
      } finally {
        client.close();
        fake.server.close();
      }
    }
  });

  it("opted in, a turn's stream yields its permission request and resolution in order, and respond answers under the claim's control", async () => {
    const fake = await daemon(approvalScript(approvalTurn), offering());
    const client = await AgentwireClient.connect({ ...options(fake.path), approvals: true });
    try {
      assert.deepEqual(toWire(client.negotiated("approvals")), TERMS);
      assert.deepEqual(fake.seen.map((r) => r.method), ["initialize", "profile.negotiate"], "negotiated before connect resolved");
      const claim = await client.claim("s-01");
      const turn = await claim.startTurn("hi");
      const seen: TurnEvent[] = [];
      for await (const e of turn) {
        seen.push(e);
        if (e.event === "approval.requested") {
          const allow = e.payload.options.find((o) => o.kind === "allow-once");
          assert.ok(allow !== undefined);
          const answer = await claim.respond(e.payload.approval_id, allow.id);
          assert.equal(answer.option_kind, "allow-once");
        }
      }
      assert.deepEqual(seen.map((e) => e.event), ["turn.started", "approval.requested", "approval.resolved", "turn.assistant_delta", "turn.terminal"]);
      const respond = fake.seen.find((r) => r.method === "approval.respond");
      assert.deepEqual([respond?.session_id, respond?.control, respond?.operation_id, respond?.payload], ["s-01", { claim_id: "cl-1", grant_generation: 1 }, null, { approval_id: "ap-1", option_id: "ao" }]);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("on a connection that did not negotiate, a profile event is an unknown event: the stream is untrusted", async () => {
    // "profile events are never sent to it": one that comes is refused as any unknown event.
    const fake = await daemon(approvalScript(approvalTurn), offering());
    const client = await AgentwireClient.connect(options(fake.path));
    try {
      const claim = await client.claim("s-01");
      const turn = await claim.startTurn("hi");
      const seen: string[] = [];
      await assert.rejects(
        (async () => {
          for await (const e of turn) seen.push(e.event);
        })(),
        (e: unknown) => e instanceof ProtocolError && e.code === "unknown_event" && /approvals profile/.test(e.message),
      );
      assert.deepEqual(seen, ["turn.started"]);
      assert.equal(client.closed, true);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("an ordinary advertisement listing a profile's event is refused by preflight", async () => {
    // The profile's events are negotiated, never advertised in the ordinary `events`.
    const init = offering();
    init.capabilities.events.push(...(PROFILES["approvals"]?.events ?? []));
    const fake = await daemon(() => assert.fail("no request may follow a failed preflight"), init);
    await assert.rejects(AgentwireClient.connect(options(fake.path)), (e: unknown) => e instanceof PreflightError && /approval\.requested is unknown/.test(e.message));
    fake.server.close();
  });

  it("a negotiate answer naming another profile version is untrusted", async () => {
    const fake = await daemon(approvalScript([], (req, send) => send(reply(req, { ...TERMS, version: APPROVALS_VERSION + 1 }))), offering());
    const client = await AgentwireClient.connect(options(fake.path));
    try {
      await assert.rejects(client.optInApprovals(), (e: unknown) => e instanceof ProtocolError && e.code === "advertisement");
      assert.equal(client.closed, true);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("a joined conversation accepts a profile's events unless it is told which profiles were negotiated", () => {
    const record = eventRecord("approval.requested", JSON.stringify(REQUESTED));
    const joined = { instanceId: INSTANCE, connectionId: CONNECTION };
    assert.equal(new Conversation({ joined, checkControl: false }).received(record).kind, "event");
    assert.equal(new Conversation({ joined: { ...joined, profiles: ["approvals"] }, checkControl: false }).received(record).kind, "event");
    assert.throws(() => new Conversation({ joined: { ...joined, profiles: [] }, checkControl: false }).received(record), (e: unknown) => e instanceof ProtocolError && e.code === "unknown_event");
  });
});
