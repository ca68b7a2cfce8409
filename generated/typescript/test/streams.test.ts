/**
 * Turn- and session-level streams, cancellation and typed failures of the socket client,
 * against a scripted daemon on a real Unix socket (client.test.ts has the fake).
 */

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import type { Server, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { AgentwireClient, ConnectionClosedError, PACKAGE_VERSION, ServiceError, StreamOverflowError, TimeoutError } from "../dist/client.js";
import type { RecordDirection } from "../dist/client.js";
import { ERROR_MESSAGES, EncodeError, encodeRequest } from "../dist/index.js";
import type { AnyEvent } from "../dist/index.js";
import { CONNECTION, INSTANCE, initResult, terminal } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "agentwire-streams-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let sockets = 0;

type Req = { request_id: string; method: string; session_id: string | null; operation_id: string | null; payload: any };
type Send = (record: object) => void;
interface Fake {
  path: string;
  server: Server;
  seen: Req[];
  sockets: Socket[];
}

/** Accepts the handshake and initialize, claims s-01 on request, then hands requests to `script`. */
async function daemon(script: (req: Req, send: Send, socket: Socket) => void): Promise<Fake> {
  const path = join(dir, `s${++sockets}.sock`);
  const fake: Fake = { path, server: createServer(), seen: [], sockets: [] };
  fake.server.on("connection", (socket) => {
    fake.sockets.push(socket);
    let buffer = "";
    let first = true;
    const send: Send = (record) => void socket.write(`${JSON.stringify(record)}\n`);
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const line = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (first) {
          first = false;
          const init = initResult();
          send({ handshake: "agentwire-unix", status: "accepted", version: PACKAGE_VERSION, pid: 42, instance_id: INSTANCE, workspace_id: init.workspace_id, state_root_id: init.state_root_id });
          continue;
        }
        fake.seen.push(line);
        if (line.method === "initialize") send(reply(line, initResult()));
        else if (line.method === "session.claim") send(reply(line, { session_id: "s-01", claim_id: "cl-1", grant_generation: 1, live_sequence: 1, snapshot: { state: "idle", turn: null, replay_cursor: "c0" } }));
        else script(line, send, socket);
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => fake.server.listen(path, resolve));
  return fake;
}

function reply(req: Req, payload: unknown, error: unknown = null): object {
  const init = req.method === "initialize";
  return { protocol_version: 2, kind: "response", request_id: req.request_id, instance_id: init ? null : INSTANCE, connection_id: init ? null : CONNECTION, session_id: req.session_id, operation_id: req.operation_id, payload: error === null ? payload : null, error };
}

function event(name: string, operationId: string, payload: object): object {
  return { protocol_version: 2, kind: "event", event: name, instance_id: INSTANCE, connection_id: CONNECTION, session_id: "s-01", operation_id: operationId, grant_generation: 1, live_sequence: 1, payload };
}

const STATUS = { service: "ready", provider_auth_ready: false, instance_id: INSTANCE, workspace_id: "ws_1", state_root_id: "sr_1", connected_clients: 1, admitted_operations: 0 };

/** turn.start answers t-N and streams `deltas` deltas then the terminal; status answers at once. */
function turns(deltas: number): (req: Req, send: Send) => void {
  let n = 0;
  return (req, send) => {
    if (req.method === "status") return send(reply(req, STATUS));
    if (req.method !== "turn.start") return;
    const turn = `t-${++n}`;
    send(reply(req, { turn_id: turn, status: "accepted" }));
    send(event("turn.started", req.operation_id as string, { turn_id: turn, session_id: "s-01", status: "started", sequence: 0 }));
    for (let i = 1; i <= deltas; i++) send(event("turn.assistant_delta", req.operation_id as string, { turn_id: turn, sequence: i, text: `d${i}` }));
    send(event("turn.terminal", req.operation_id as string, { ...JSON.parse(terminal()), turn_id: turn, sequence: deltas + 1 }));
  };
}

async function drain(stream: AsyncIterable<AnyEvent>, until?: (e: AnyEvent) => boolean): Promise<AnyEvent[]> {
  const out: AnyEvent[] = [];
  for await (const e of stream) {
    out.push(e);
    if (until?.(e) === true) break;
  }
  return out;
}

const connect = (fake: Fake, extra: object = {}) => AgentwireClient.connect({ socketPath: fake.path, workspace: "/abs/project", requiredOperations: ["turn.start"], ...extra });

describe("event streams", () => {
  it("two concurrent eventsSinceConnect() iterators each get every event, and close() wakes both", async () => {
    const fake = await daemon(turns(40));
    const client = await connect(fake);
    try {
      const a = client.eventsSinceConnect();
      const b = client.eventsSinceConnect();
      const isTerminal = (e: AnyEvent): boolean => e.event === "turn.terminal";
      const got = Promise.all([drain(a, isTerminal), drain(b, isTerminal)]);
      await client.request("session.claim", {}, { sessionId: "s-01" });
      await client.request("turn.start", { prompt: "hi" }, { sessionId: "s-01" });
      const [x, y] = await got;
      assert.equal(x.length, 42);
      assert.equal(y.length, 42);
      // Both wait again; close must wake both (no single wake-up slot).
      const waiting = Promise.all([drain(client.eventsSinceConnect()), drain(client.events())]);
      client.close();
      assert.deepEqual(await waiting, [[], []]);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("startTurn returns the accepted response and that turn's events, ending with its terminal", async () => {
    const fake = await daemon(turns(3));
    const client = await connect(fake);
    try {
      await client.request("session.claim", {}, { sessionId: "s-01" });
      const first = await client.startTurn("s-01", "one");
      const second = await client.startTurn("s-01", "two");
      assert.equal(first.accepted.status, "accepted");
      assert.deepEqual([first.turnId, second.turnId], ["t-1", "t-2"]);
      const events = await drain(second);
      assert.deepEqual(events.map((e) => e.event), ["turn.started", "turn.assistant_delta", "turn.assistant_delta", "turn.assistant_delta", "turn.terminal"]);
      assert.ok(events.every((e) => (e.payload as { turn_id: string }).turn_id === "t-2"));
      assert.equal((await drain(first)).length, 5);
      // A session stream and a turn filter see the same events, independently.
      const bySession = client.events({ sessionId: "s-01" });
      const byTurn = client.events({ turnId: "t-3" });
      const third = await client.startTurn("s-01", "three");
      assert.equal(third.turnId, "t-3");
      assert.equal((await drain(byTurn, (e) => e.event === "turn.terminal")).length, 5);
      assert.equal((await drain(bySession, (e) => e.event === "turn.terminal")).length, 5);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("a stream nobody reads stalls neither responses nor other streams; it overflows alone", async () => {
    const fake = await daemon(turns(5000));
    const client = await connect(fake);
    try {
      const unread = client.events({ bufferSize: 100 });
      await client.request("session.claim", {}, { sessionId: "s-01" });
      const turn = await client.startTurn("s-01", "many");
      assert.equal((await drain(turn)).length, 5002);
      assert.equal((await client.request("status", {})).service, "ready");
      // The unread stream keeps what it buffered, then reports the overflow once.
      let kept = 0;
      await assert.rejects(
        (async () => {
          for await (const _ of unread) kept++;
        })(),
        (e: unknown) => e instanceof StreamOverflowError && e.bound === 100,
      );
      assert.equal(kept, 100);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("a lost connection ends every stream and request with ConnectionClosedError", async () => {
    const fake = await daemon((req, _send, socket) => {
      if (req.method === "status") socket.destroy();
    });
    const client = await connect(fake);
    const a = drain(client.events());
    const b = drain(client.events());
    await assert.rejects(client.request("status", {}), ConnectionClosedError);
    await assert.rejects(a, ConnectionClosedError);
    await assert.rejects(b, ConnectionClosedError);
    await assert.rejects(client.request("status", {}), ConnectionClosedError);
    fake.server.close();
  });
});

describe("cancellation", () => {
  it("an aborted read stops waiting; the connection goes on", async () => {
    let answered = 0;
    const fake = await daemon((req, send) => {
      // The first two are never answered; later ones are.
      if (req.method === "status" && answered++ > 1) send(reply(req, STATUS));
    });
    const client = await connect(fake);
    try {
      const ctl = new AbortController();
      const pending = client.request("status", {}, { signal: ctl.signal });
      ctl.abort();
      await assert.rejects(pending, (e: unknown) => e instanceof Error && e.name === "AbortError" && (e as { sent?: boolean }).sent === true);
      await assert.rejects(client.request("status", {}, { timeoutMs: 30 }), (e: unknown) => e instanceof TimeoutError && e.operationId === null && e.message === "status got no answer within 30 ms");
      await assert.rejects(client.request("status", {}, { signal: AbortSignal.abort() }), (e: unknown) => e instanceof Error && e.name === "AbortError" && (e as { sent?: boolean }).sent === false);
      assert.equal((await client.request("status", {})).service, "ready");
      // An aborted-before-sending request never reached the daemon.
      assert.equal(fake.seen.filter((r) => r.method === "status").length, 3);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("an aborted mutation is never resent; operation.lookup reconciles its outcome", async () => {
    const fake = await daemon((req, send) => {
      if (req.method === "operation.lookup") {
        const started = fake.seen.find((r) => r.operation_id === req.payload.operation_id);
        send(reply(req, { operation_id: req.payload.operation_id, method: started?.method ?? null, state: started === undefined ? "unknown" : "accepted", session_id: started?.session_id ?? null, turn_id: started === undefined ? null : "t-1", login_id: null, outcome: null }));
      }
      // turn.start is never answered: the outcome is uncertain.
    });
    const client = await connect(fake);
    try {
      await client.request("session.claim", {}, { sessionId: "s-01" });
      const ctl = new AbortController();
      const pending = client.startTurn("s-01", "hi", { signal: ctl.signal });
      setTimeout(() => ctl.abort(), 20);
      let operationId = "";
      await assert.rejects(pending, (e: unknown) => {
        assert.equal((e as Error).name, "AbortError");
        operationId = (e as { operationId: string }).operationId;
        return (e as { sent: boolean }).sent;
      });
      const looked = await client.lookup(operationId);
      assert.deepEqual([looked.state, looked.method, looked.turn_id], ["accepted", "turn.start", "t-1"]);
      assert.equal(fake.seen.filter((r) => r.method === "turn.start").length, 1, "never resent");
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("a timed-out mutation names its operation ID", async () => {
    const fake = await daemon(() => undefined);
    const client = await connect(fake);
    try {
      await assert.rejects(client.request("session.create", {}, { timeoutMs: 20 }), (e: unknown) => e instanceof TimeoutError && typeof e.operationId === "string" && e.operationId === fake.seen.at(-1)?.operation_id);
    } finally {
      client.close();
      fake.server.close();
    }
  });
});

describe("messages and tracing", () => {
  it("say each thing once", async () => {
    const request = { protocol_version: 2 as const, kind: "request" as const, request_id: "r1", instance_id: INSTANCE, connection_id: CONNECTION, session_id: "s-01", operation_id: "op", control: null, method: "turn.start" as const, payload: { prompt: "x" } };
    assert.throws(() => encodeRequest(request), (e: unknown) => e instanceof EncodeError && e.message === "$.control: turn.start requires control");
    const fake = await daemon((req, send) => send(reply(req, null, { code: "unknown_turn", message: ERROR_MESSAGES.unknown_turn })));
    const client = await connect(fake);
    try {
      await assert.rejects(client.request("status", {}), (e: unknown) => e instanceof ServiceError && e.message === `status failed with unknown_turn: ${ERROR_MESSAGES.unknown_turn}`);
    } finally {
      client.close();
      fake.server.close();
    }
  });

  it("onRecord traces every record both ways, handshake included", async () => {
    const fake = await daemon(turns(0));
    const trace: [RecordDirection, string][] = [];
    const client = await connect(fake, { onRecord: (d: RecordDirection, r: string) => trace.push([d, r]) });
    try {
      await client.request("status", {});
      const kinds = trace.map(([d, r]) => `${d} ${JSON.parse(r).handshake !== undefined ? "handshake" : (JSON.parse(r).method ?? JSON.parse(r).kind)}`);
      assert.deepEqual(kinds, ["sent handshake", "received handshake", "sent initialize", "received response", "sent status", "received response"]);
      assert.ok(trace.every(([, r]) => !r.endsWith("\n")));
    } finally {
      client.close();
      fake.server.close();
    }
  });
});
