/** Session message stream helpers: the 11 message types, transcripts, grouping and nesting. */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { UNION_VARIANTS, decodeSessionMessageRecord, groupByAgent, groupByParent, groupByTurn, nest, parseTranscript, toolCalls, turnOf } from "../dist/index.js";

// The seed's example streams ("Simple tool call", "Tool call with permission", "Subagent"), as JSON.
const STREAM = [
  '{"id":"a1","time":1000,"role":"user","type":"text","text":"Find TODOs"}',
  '{"id":"a2","time":1001,"role":"agent","type":"turn-start","turn":"t1"}',
  '{"id":"a3","time":1002,"role":"agent","type":"text","turn":"t1","text":"Searching...","thinking":false}',
  '{"id":"a4","time":1003,"role":"agent","type":"tool-call-start","turn":"t1","callId":"c1","toolName":"grep","title":"Searching for TODO","description":"Searching for `TODO` in project root","args":{"pattern":"TODO"}}',
  '{"id":"b4","time":1003,"role":"agent","type":"permission-request","turn":"t1","callId":"c1","toolName":"grep","title":"Run grep","options":[{"id":"allow-once","label":"Allow once","kind":"allow-once"},{"id":"deny","label":"Deny","kind":"reject-once"}]}',
  '{"id":"b5","time":1004,"role":"user","type":"permission-response","callId":"c1","optionId":"allow-once"}',
  '{"id":"a5","time":1004,"role":"agent","type":"tool-call-end","turn":"t1","callId":"c1"}',
  '{"id":"c1","time":3000,"role":"agent","type":"tool-call-start","turn":"t1","callId":"task1","toolName":"task","title":"Exploring codebase","description":"Searching for auth implementations","args":{"prompt":"Find auth code"},"agentTitle":"Auth research"}',
  '{"id":"c2","time":3001,"role":"agent","type":"text","turn":"t1","parentId":"task1","agentId":"agent_sub1","text":"Looking at src/auth/..."}',
  '{"id":"c3","time":3002,"role":"agent","type":"tool-call-start","turn":"t1","parentId":"task1","agentId":"agent_sub1","callId":"c3","toolName":"grep","title":"Searching for login","description":"Searching for `login` in src/auth/","args":{"pattern":"login"}}',
  '{"id":"c4","time":3003,"role":"agent","type":"tool-call-end","turn":"t1","parentId":"c3","agentId":"agent_sub1","callId":"c3"}',
  '{"id":"c6","time":3005,"role":"agent","type":"tool-call-end","turn":"t1","callId":"task1"}',
  '{"id":"d1","time":4000,"role":"user","type":"photo","ref":"media/up_1","thumbhash":"3OcRJYB4d3h/iIeHeEh3eIhw+j2w","width":800,"height":600}',
  '{"id":"a7","time":1006,"role":"agent","type":"turn-end","turn":"t1","status":"completed"}',
  '{"id":"e1","time":5000,"role":"agent","type":"service","text":"Context window compacted"}',
];

describe("session message stream", () => {
  it("has 11 message types, some for both roles", () => {
    const variants = Object.values(UNION_VARIANTS.SessionMessage);
    assert.equal(new Set(variants.map((v) => v.type)).size, 11);
    assert.equal(variants.length, 15);
  });

  it("decodes one message of every variant", () => {
    const samples: Record<string, string> = {
      agent_video: '{"id":"v","time":1,"role":"agent","type":"video","turn":"t","ref":"r","thumbhash":"h","width":1,"height":1,"durationMs":5,"mimeType":"video/mp4","size":9}',
      user_video: '{"id":"v","time":1,"role":"user","type":"video","ref":"r","thumbhash":"h","width":1,"height":1,"durationMs":5,"mimeType":"video/mp4","size":9}',
      agent_file: '{"id":"f","time":1,"role":"agent","type":"file","turn":"t","ref":"r","name":"a.pdf","size":1,"mimeType":"application/pdf"}',
      user_file: '{"id":"f","time":1,"role":"user","type":"file","ref":"r","name":"a.pdf","size":1,"mimeType":"application/pdf"}',
      agent_photo: '{"id":"p","time":1,"role":"agent","type":"photo","turn":"t","ref":"r","thumbhash":"h","width":1,"height":1}',
    };
    const seen = new Set<string>();
    for (const line of [...STREAM, ...Object.values(samples)]) {
      const m = decodeSessionMessageRecord(line);
      seen.add(`${m.type}/${m.role}`);
    }
    assert.equal(seen.size, 15);
  });

  it("rejects a type not allowed for its role, and a missing required field", () => {
    assert.throws(() => decodeSessionMessageRecord('{"id":"x","time":1,"role":"user","type":"turn-start","turn":"t"}'), { code: "payload" });
    assert.throws(() => decodeSessionMessageRecord('{"id":"x","time":1,"role":"agent","type":"turn-end","turn":"t"}'), { code: "payload" });
    assert.throws(() => decodeSessionMessageRecord('{"id":"x","time":1,"role":"agent","type":"permission-request","turn":"t","callId":"c","toolName":"x","title":"t","options":[]}'), { code: "payload" });
  });

  it("parses a transcript, reporting bad lines without failing the rest", () => {
    const text = [STREAM[0], "{torn", STREAM[1], '{"id":"x","time":1,"role":"user","type":"text","text":"hi","thinking":"no"}'].join("\n") + "\n";
    const { messages, problems } = parseTranscript(text);
    // "User messages never set `thinking`": the member is rejected on a user text, whatever its value.
    assert.equal(messages.length, 2);
    assert.deepEqual(problems.map((p) => [p.line, p.error.code]), [[2, "invalid_json"], [4, "payload"]]);
  });

  it("groups by turn, parentId and agentId in stream order", () => {
    const { messages } = parseTranscript(STREAM.join("\n"));
    const byTurn = groupByTurn(messages);
    assert.deepEqual([...byTurn.keys()], [null, "t1"]);
    assert.deepEqual(byTurn.get(null)?.map((m) => m.id), ["a1", "b5", "d1", "e1"]);
    assert.equal(turnOf(messages[1]!), "t1");
    assert.deepEqual(groupByParent(messages).get("task1")?.map((m) => m.id), ["c2", "c3"]);
    assert.deepEqual(groupByAgent(messages).get("agent_sub1")?.map((m) => m.id), ["c2", "c3", "c4"]);
  });

  it("joins tool calls and nests subagent work under the call that spawned it", () => {
    const { messages } = parseTranscript(STREAM.join("\n"));
    const calls = toolCalls(messages);
    const c1 = calls.get("c1");
    assert.ok(c1?.start && c1.end);
    assert.deepEqual([c1.permissionRequests.length, c1.permissionResponses[0]?.optionId], [1, "allow-once"]);
    assert.deepEqual(calls.get("task1")?.children.map((m) => m.id), ["c2", "c3"]);
    const roots = nest(messages);
    const task = roots.find((n) => n.message.id === "c1");
    assert.deepEqual(task?.children.map((n) => n.message.id), ["c2", "c3"]);
    assert.deepEqual(task?.children[1]?.children.map((n) => n.message.id), ["c4"]);
  });
});
