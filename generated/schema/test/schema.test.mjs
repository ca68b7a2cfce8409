// Validates the generated JSON Schema with a real validator (Ajv, JSON Schema 2020-12):
// every example of the spec and every IR-labelled mutation in examples.json, hand-picked
// invalid values, and the conformance vectors when they exist.
// Hand-written; run with `npm test` here or `bash generated/test-node.sh`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadVectors, vectorsSkipReason } from './vectors.mjs';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const schema = read('../agentwire.schema.json');
const examples = read('../examples.json');

// strict: unknown keywords, ignored defaults and type mistakes in the schema are errors.
// strictRequired is Ajv's own lint against `anyOf: [{required: [x]}]`, the standard way to
// say "at least one of", so it is the one strict check turned off.
const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
// The schema's one annotation of its own: which optional profile a record belongs to. Strict
// mode refuses keywords it does not know, so it is declared (a string, validating nothing).
ajv.addKeyword({ keyword: 'x-profile', schemaType: 'string' });
ajv.addSchema(schema);

/** The compiled validator of a fragment of the schema, e.g. `#/$defs/records/$defs/event`. */
export function validator(fragment) {
  const v = ajv.getSchema(schema.$id + fragment);
  assert.ok(v, `no schema at ${fragment}`);
  return v;
}

const valid = (fragment, value) => validator(fragment)(value);
const clone = (v) => structuredClone(v);
const caseNamed = (name) => {
  const c = examples.cases.find((x) => x.name === name);
  assert.ok(c, `no example case named ${name}`);
  return clone(c.value);
};

test('the schema compiles under Ajv strict mode', () => {
  assert.equal(ajv.validateSchema(schema), true, JSON.stringify(ajv.errors));
  assert.equal(examples.schema, schema.$id);
});

test('every example case is judged as the IR labels it', () => {
  const wrong = [];
  for (const c of examples.cases) {
    const got = valid(c.schema, c.value);
    if (got !== c.valid) wrong.push(`${c.name}: expected ${c.valid ? 'valid' : 'invalid'} against ${c.schema}`);
  }
  assert.ok(examples.cases.length > 100, 'examples.json has the cases');
  assert.deepEqual(wrong, []);
});

test('request records: unknown members, slot rules and version are enforced', () => {
  const req = caseNamed('turn.start example 1 request record');
  const ref = '#/$defs/records/$defs/request';
  assert.equal(valid(ref, req), true);
  assert.equal(valid(ref, { ...clone(req), future_hint: true }), false, 'servers reject unknown envelope members');
  assert.equal(valid(ref, { ...clone(req), operation_id: null }), false, 'mutations need an operation_id');
  assert.equal(valid(ref, { ...clone(req), control: null }), false, 'turn.start needs control');
  assert.equal(valid(ref, { ...clone(req), protocol_version: 1 }), false);
  assert.equal(valid(ref, { ...clone(req), method: 'turn.unknown' }), false);
  const init = caseNamed('initialize example 1 request record');
  assert.equal(valid(ref, init), true);
  const { requested_capabilities: _omitted, ...withoutDefaulted } = init.payload;
  assert.equal(valid(ref, { ...init, payload: withoutDefaulted }), true, 'a defaulted member may be omitted');
  assert.equal(valid(ref, { ...init, payload: { ...init.payload, requested_capabilities: null } }), false, 'defaulted is not nullable');
  assert.equal(valid(ref, { ...init, payload: { supported_protocol_versions: [2, 2, 2, 2, 2, 2, 2, 2, 2] } }), false, 'negotiation lists hold 8');
});

test('response records: exactly one of payload and error, unknown members ignored', () => {
  const res = caseNamed('status example 1 response record');
  const ref = '#/$defs/responses/$defs/status';
  assert.equal(valid(ref, { ...clone(res), future_hint: true }), true, 'consumers ignore unknown envelope members');
  const error = { code: 'internal_error', message: 'application service failed to handle the request' };
  assert.equal(valid(ref, { ...clone(res), error }), false, 'payload and error both set');
  assert.equal(valid(ref, { ...clone(res), payload: null }), false, 'payload and error both null');
  assert.equal(valid(ref, { ...clone(res), payload: null, error: { code: 'future_code', message: 'x' } }), true, 'an unfamiliar code is a generic failure');
  assert.equal(valid(ref, { ...clone(res), payload: { ...res.payload, provider_auth_ready: 'false' } }), false);
  const { provider_auth_ready: _gone, ...missing } = res.payload;
  assert.equal(valid(ref, { ...clone(res), payload: missing }), false, 'required boolean missing');
});

test('events: unknown names, correlation and payload types', () => {
  const ev = caseNamed('turn.activity example 1 record');
  const ref = '#/$defs/records/$defs/event';
  assert.equal(valid(ref, ev), true);
  assert.equal(valid(ref, { ...clone(ev), event: 'turn.future' }), false, 'unknown event name');
  assert.equal(valid(ref, { ...clone(ev), session_id: null }), false, 'turn events are session-scoped');
  const login = caseNamed('auth.login.progress example 1 record');
  assert.equal(valid(ref, { ...clone(login), session_id: 's-01' }), false, 'login events carry a null session');
  const activity = (patch) => ({ ...clone(ev), payload: { ...ev.payload, activity: { ...ev.payload.activity, ...patch } } });
  assert.equal(valid(ref, activity({ parent_activity_id: null })), false, 'optional is not nullable');
  assert.equal(valid(ref, activity({ parent_activity_id: 'act_1' })), true);
  assert.equal(valid(ref, activity({ kind: 'future_kind' })), false, 'unknown discriminator');
  assert.equal(valid(ref, activity({ status: 'paused' })), false, 'unknown enum value');
  assert.equal(valid(ref, activity({ details_omitted: false })), false, 'const');
  const tool = { activity_id: 'a', kind: 'tool', tool_id: 't', tool_name: null, server_id: null, status: 'running', timed_out: null, details_omitted: true };
  assert.equal(valid('#/$defs/consumer/$defs/Activity', { ...tool, transport: 'unknown' }), true, 'the literal fallback is a value');
  assert.equal(valid('#/$defs/consumer/$defs/Activity', { ...tool, transport: 'bluetooth' }), false, 'not a wildcard');
});

test('limit maps: every limit required, values positive safe integers, extensions allowed', () => {
  const caps = clone(examples.cases.find((c) => c.name === 'capabilities example 1 success payload').value);
  const ref = '#/$defs/consumer/$defs/Capabilities';
  assert.equal(valid(ref, caps), true);
  const limits = (patch) => ({ ...clone(caps), limits: { ...caps.limits, ...patch } });
  assert.equal(valid(ref, limits({ max_future_page_items: 16 })), true);
  for (const bad of ['16', 0, -1, 1.5, 9007199254740992]) {
    assert.equal(valid(ref, limits({ max_future_page_items: bad })), false, `limit value ${JSON.stringify(bad)}`);
  }
  const { max_record_bytes: _gone, ...missing } = caps.limits;
  assert.equal(valid(ref, { ...clone(caps), limits: missing }), false, 'a required limit is missing');
  assert.equal(valid(ref, { ...clone(caps), activity: { ...caps.activity, approvals: true } }), false, 'activity flags are consts');
});

test('scalars: charsets, formats, blankness and structural bounds of unknown members', () => {
  assert.equal(valid('#/$defs/strict/$defs/SessionId', 's-01_A'), true);
  assert.equal(valid('#/$defs/strict/$defs/SessionId', 's/01'), false);
  assert.equal(valid('#/$defs/strict/$defs/SessionId', 'x'.repeat(129)), false);
  assert.equal(valid('#/$defs/strict/$defs/Timestamp', '2026-11-30T08:00:00.5+01:00'), true);
  assert.equal(valid('#/$defs/strict/$defs/Timestamp', '2026-11-30'), false);
  assert.equal(valid('#/$defs/strict/$defs/Timestamp', '2026-13-30T08:00:00Z'), false);
  assert.equal(valid('#/$defs/strict/$defs/TurnStartRequest', { prompt: ' \t\n\u3000' }), false, 'blank prompt');
  assert.equal(valid('#/$defs/strict/$defs/TurnStartRequest', { prompt: ' x ' }), true);
  const res = caseNamed('status example 1 success payload');
  const ref = '#/$defs/consumer/$defs/StatusResponse';
  assert.equal(valid(ref, { ...res, future: 'x'.repeat(16384) }), true);
  assert.equal(valid(ref, { ...res, future: 'x'.repeat(16385) }), false, 'over-limit string in an unknown member');
  assert.equal(valid(ref, { ...res, future: Array(65).fill(0) }), false, 'over-limit array in an unknown member');
  assert.equal(valid(ref, { ...res, future: { deep: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])) } }), false);
});

test('session messages: role constrained per type', () => {
  const ref = '#/$defs/records/$defs/session_message';
  const m = caseNamed('session message example 1');
  assert.equal(valid(ref, m), true);
  assert.equal(valid(ref, { ...m, role: 'agent' }), false, 'agent text needs a turn');
  assert.equal(valid(ref, { ...m, type: 'turn-start' }), false, 'no user turn-start');
  assert.equal(valid(ref, { ...m, future: true }), true);
});

const maxDepth = caseNamed('capabilities example 1 success payload').limits.max_json_depth;
const vectors = loadVectors(maxDepth);
test('conformance vectors agree with the schema where JSON Schema can judge them', { skip: vectorsSkipReason(vectors) }, () => {
  const wrong = [];
  for (const v of vectors.cases) {
    if (valid(v.schema, v.value) !== v.accept) wrong.push(`${v.file} ${v.id}: expected ${v.accept ? 'accept' : 'reject'} against ${v.schema}`);
  }
  assert.ok(vectors.cases.length > 0, 'some vectors are judged');
  assert.deepEqual(wrong, []);
});

// A generic validator must name the real violation of a wrong record, not a problem of some
// other union branch: discriminated unions are `if`/`then` on their discriminators (`kind`,
// `event`, `method`, `type`/`role`, ...). The same table drives jsonschema_test.py.
const violations = read('./violations.json');

/** The base case with `set` and `remove` applied (JSON Pointers). */
export function wrongRecord(c) {
  const value = caseNamed(c.base);
  const walk = (pointer) => {
    const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    let at = value;
    for (const p of parts) at = at[p];
    return [at, last];
  };
  for (const [pointer, v] of Object.entries(c.set ?? {})) {
    const [parent, key] = walk(pointer);
    parent[key] = v;
  }
  for (const pointer of c.remove ?? []) {
    const [parent, key] = walk(pointer);
    delete parent[key];
  }
  return value;
}

/** Ajv's errors less the bookkeeping: `if` wrappers and the branches of a failed `anyOf`. */
function violationsOf(errors) {
  return errors
    .filter((e) => e.keyword !== 'if' && !/\/anyOf\/\d+\//.test(e.schemaPath))
    .map((e) => ({ path: e.instancePath, keyword: e.keyword }));
}

test('a generic validator reports the real violation of a wrong record', () => {
  assert.ok(violations.cases.length >= 8);
  for (const c of violations.cases) {
    const v = validator(c.schema);
    assert.equal(v(wrongRecord(c)), false, c.name);
    assert.deepEqual(violationsOf(v.errors), [c.expect], `${c.name}: ${JSON.stringify(v.errors)}`);
  }
});
