/**
 * The seed's consumer-outcome table ("Evolution and consumer decoding", Received form →
 * Consumer outcome), one test per row, plus the surrounding rules it illustrates.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  Conversation,
  EXTENSIONS,
  ProtocolError,
  decodeEventRecord,
  decodeRequestRecord,
  decodeResponseRecord,
  encodeRequest,
  extensionsOf,
  toWire,
} from "../dist/index.js";
import type { ConsumerFailure } from "../dist/index.js";
import { CONNECTION, INSTANCE, OPERATION, SESSION, event, initResult, request, response, terminal } from "./helpers.js";

const STATUS = '{"service":"ready","provider_auth_ready":false,"instance_id":"in_1","workspace_id":"ws_1","state_root_id":"sr_1","connected_clients":1,"admitted_operations":0}';

function rejects(run: () => unknown, reason: ConsumerFailure): void {
  assert.throws(run, (e: unknown) => e instanceof ProtocolError && e.code === reason);
}

/** A conversation joined after initialize, holding control of the test session. */
function joined(): Conversation {
  const c = new Conversation({ joined: { instanceId: INSTANCE, connectionId: CONNECTION }, checkControl: false });
  c.sent({ method: "turn.start", requestId: "req-1", sessionId: SESSION, operationId: OPERATION });
  c.received(response("turn.start", '{"turn_id":"t-1","status":"accepted"}'));
  return c;
}

describe("consumer outcome table", () => {
  it("extra envelope member future_hint: accept, ignore only it; the same extra request member is rejected", () => {
    const r = decodeResponseRecord(response("status", STATUS, ',"future_hint":true'), "status");
    assert.deepEqual({ ...extensionsOf(r) }, { future_hint: true });
    assert.equal("future_hint" in r, false);
    assert.equal(JSON.stringify(r).includes("future_hint"), false);
    const outcome = decodeRequestRecord(JSON.stringify({ ...request("status", {}), future_hint: true }));
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.code, "invalid_request");
    assert.throws(() => encodeRequest({ ...request("status", {}), future_hint: true }), { code: "invalid_request" });
  });

  it("valid payload with bounded optional metadata: accept, kept as an extension", () => {
    const r = decodeResponseRecord(response("status", STATUS.replace("}", ',"future":{"a":[1,2,{"b":null}]}}')), "status");
    assert.ok(r.payload !== null);
    assert.deepEqual(toWire(r.payload), { ...JSON.parse(STATUS), future: { a: [1, 2, { b: null }] } });
  });

  it("limits contain a new max_future_page_items:16: accept the extension and still validate every known limit", () => {
    const init = initResult();
    init.limits.max_future_page_items = 16;
    init.capabilities.limits.max_future_page_items = 16;
    const r = decodeResponseRecord(response("initialize", JSON.stringify(init)), "initialize");
    assert.ok(r.payload !== null);
    assert.equal(r.payload.limits[EXTENSIONS]?.max_future_page_items, 16);
    delete init.limits.max_record_bytes;
    rejects(() => decodeResponseRecord(response("initialize", JSON.stringify(init)), "initialize"), "payload");
  });

  for (const bad of ['"16"', "0", "-1", "9007199254740992", "1.5", "null"]) {
    it(`new limit ${bad}: reject (extensions are not exempt from limit-value validation)`, () => {
      const init = JSON.stringify(initResult()).replace('"max_record_bytes":65536', `"max_record_bytes":65536,"max_future_page_items":${bad}`);
      rejects(() => decodeResponseRecord(response("initialize", init), "initialize"), "payload");
    });
  }

  it("optional metadata absent, or present as bounded JSON null: accept", () => {
    decodeResponseRecord(response("status", STATUS), "status");
    const r = decodeResponseRecord(response("status", STATUS.replace("}", ',"future":null}')), "status");
    assert.ok(r.payload !== null);
    assert.equal(extensionsOf(r.payload).future, null);
  });

  for (const [what, payload] of [
    ["absent", STATUS.replace('"provider_auth_ready":false,', "")],
    ["null", STATUS.replace('"provider_auth_ready":false', '"provider_auth_ready":null')],
    ['"false"', STATUS.replace('"provider_auth_ready":false', '"provider_auth_ready":"false"')],
    ["0", STATUS.replace('"provider_auth_ready":false', '"provider_auth_ready":0')],
  ] as const) {
    it(`provider_auth_ready ${what}: reject`, () => {
      rejects(() => decodeResponseRecord(response("status", payload), "status"), "payload");
    });
  }

  it("terminal lacking assistant_text or sequence, or with an unknown status: reject", () => {
    decodeEventRecord(event("turn.terminal", terminal()));
    for (const broken of [
      terminal({ assistant_text: undefined }),
      terminal({ sequence: undefined }),
      terminal({ status: "succeeded" }),
      terminal({ persistence: "maybe" }),
      terminal({ error: undefined }),
    ]) {
      rejects(() => decodeEventRecord(event("turn.terminal", broken)), "payload");
    }
  });

  it("terminal naming another turn than its operation started: reject", () => {
    rejects(() => joined().received(event("turn.terminal", terminal({ turn_id: "t-2" }))), "correlation");
    rejects(() => joined().received(event("turn.terminal", terminal({ session_id: "s-02" }))), "correlation");
  });

  it("shared sequence jumping from 2 to 4: accept the gap; reject duplicates, regressions and events after the terminal", () => {
    const delta = (n: number): string => event("turn.assistant_delta", `{"turn_id":"t-1","sequence":${n},"text":"x"}`);
    const c = joined();
    c.received(event("turn.started", '{"turn_id":"t-1","session_id":"s-01","status":"started","sequence":0}'));
    c.received(delta(2));
    c.received(delta(4));
    rejects(() => c.received(delta(4)), "sequence");
    const d = joined();
    d.received(delta(3));
    rejects(() => d.received(delta(2)), "sequence");
    const t = joined();
    t.received(event("turn.terminal", terminal({ sequence: 5 })));
    rejects(() => t.received(delta(6)), "sequence");
  });

  it("advertisement adding an unknown event: reject locally before any mutation", () => {
    const init = initResult();
    init.capabilities.events.push("turn.future");
    const c = new Conversation({ requiredOperations: ["turn.start"] });
    c.sent({ method: "initialize", requestId: "req-1", sessionId: null, operationId: null });
    rejects(() => c.received(response("initialize", JSON.stringify(init))), "advertisement");
    assert.equal(c.ready, false);
    assert.throws(() => c.sent({ method: "turn.start", requestId: "req-2", sessionId: SESSION, operationId: OPERATION }));
  });

  for (const [what, value] of [
    ["an over-limit array", `[${Array(65).fill(0).join(",")}]`],
    ["an over-limit string", JSON.stringify("a".repeat(16385))],
    ["excessive nesting", `${"[".repeat(32)}${"]".repeat(32)}`],
  ] as const) {
    it(`unknown field containing ${what}: reject the whole record`, () => {
      rejects(() => decodeResponseRecord(response("status", STATUS, `,"future":${value}`), "status"), "limit");
      rejects(() => decodeResponseRecord(response("status", STATUS.replace("}", `,"future":${value}}`)), "status"), "limit");
    });
  }
});

describe("around the table", () => {
  it("an unknown error code with a valid shape is a generic failure, never a success", () => {
    const c = new Conversation({ joined: { instanceId: INSTANCE, connectionId: CONNECTION } });
    c.sent({ method: "status", requestId: "req-1", sessionId: null, operationId: null });
    const got = c.received(`{"protocol_version":2,"kind":"response","request_id":"req-1","instance_id":"${INSTANCE}","connection_id":"${CONNECTION}","session_id":null,"operation_id":null,"payload":null,"error":{"code":"future_error","message":"a future failure"}}`);
    assert.equal(got.kind, "response");
    assert.ok(got.kind === "response" && got.response.error?.code === "future_error");
  });

  it("exactly one of payload and error", () => {
    const both = response("status", STATUS).replace('"error":null', '"error":{"code":"internal_error","message":"m"}');
    rejects(() => decodeResponseRecord(both, "status"), "result_shape");
    rejects(() => decodeResponseRecord(response("status", "null"), "status"), "result_shape");
  });

  it("an unknown event name or envelope kind is rejected", () => {
    rejects(() => decodeEventRecord(event("turn.started", "{}").replace('"turn.started"', '"turn.future"')), "unknown_event");
    rejects(() => decodeEventRecord(response("status", STATUS).replace('"kind":"response"', '"kind":"notice"')), "unknown_kind");
  });

  it("correlation slots follow the event's declaration", () => {
    rejects(() => decodeEventRecord(event("turn.terminal", terminal()).replace('"grant_generation":1', '"grant_generation":null')), "correlation");
    rejects(() => decodeEventRecord(event("auth.login.terminal", '{"login_id":"l","provider_id":"p","state":"cancelled","cleanup_complete":true}').replace('"session_id":null', '"session_id":"s-01"')), "correlation");
  });

  it("a success response must echo the request's identities; an error may carry null", () => {
    const c = new Conversation({ joined: { instanceId: INSTANCE, connectionId: CONNECTION } });
    c.sent({ method: "status", requestId: "req-1", sessionId: null, operationId: null });
    rejects(() => c.received(response("status", STATUS).replace(`"instance_id":"${INSTANCE}"`, '"instance_id":null')), "correlation");
  });
});
