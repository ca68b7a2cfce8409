/** Every example of the spec decodes, in both directions where it can be sent. */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CAPABILITIES,
  EVENT_EXAMPLES,
  MESSAGE_EXAMPLES,
  METHODS,
  EVENT_NAMES,
  OPERATION_EXAMPLES,
  REQUEST_PAYLOAD_DECODERS,
  RESPONSE_PAYLOAD_DECODERS,
  decodeCapabilities,
  decodeEventRecord,
  decodeRequestRecord,
  decodeResponseRecord,
  decodeSessionMessageRecord,
  encodeRequest,
  toWire,
} from "../dist/index.js";
import { event, request, response } from "./helpers.js";

describe("spec examples", () => {
  it("cover every operation and event", () => {
    assert.deepEqual(new Set(OPERATION_EXAMPLES.map((e) => e.method)), new Set(METHODS));
    assert.deepEqual(new Set(EVENT_EXAMPLES.map((e) => e.event)), new Set(EVENT_NAMES));
    assert.ok(MESSAGE_EXAMPLES.length > 0);
  });

  for (const [i, ex] of OPERATION_EXAMPLES.entries()) {
    it(`${ex.method} #${i}: the request encodes strictly and the service accepts it`, () => {
      const text = encodeRequest(request(ex.method, JSON.parse(ex.request)));
      const outcome = decodeRequestRecord(text);
      assert.ok(outcome.ok, JSON.stringify(outcome));
      assert.deepEqual(toWire(outcome.request.payload), JSON.parse(ex.request));
    });

    it(`${ex.method} #${i}: the success response decodes, and strictly too`, () => {
      const r = decodeResponseRecord(response(ex.method, ex.response), ex.method);
      assert.equal(r.error, null);
      assert.deepEqual(toWire(r.payload), JSON.parse(ex.response));
      REQUEST_PAYLOAD_DECODERS[ex.method](JSON.parse(ex.request), true);
      RESPONSE_PAYLOAD_DECODERS[ex.method](JSON.parse(ex.response), true);
    });
  }

  for (const [i, ex] of EVENT_EXAMPLES.entries()) {
    it(`${ex.event} #${i}: the event decodes`, () => {
      const e = decodeEventRecord(event(ex.event, ex.payload));
      assert.equal(e.event, ex.event);
      assert.deepEqual(toWire(e.payload), JSON.parse(ex.payload));
    });
  }

  for (const [i, ex] of MESSAGE_EXAMPLES.entries()) {
    it(`session message #${i} decodes`, () => {
      assert.deepEqual(toWire(decodeSessionMessageRecord(ex)), JSON.parse(ex));
    });
  }

  it("the generated capability advertisement satisfies its own type", () => {
    const wire = toWire(CAPABILITIES);
    assert.deepEqual(toWire(decodeCapabilities(wire, true)), wire);
    assert.ok(Object.isFrozen(CAPABILITIES.limits));
  });
});
