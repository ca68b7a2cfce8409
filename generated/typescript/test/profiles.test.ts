/**
 * Optional profiles: "Nothing of an optional profile leaks into the ordinary one". The
 * advertisement lists the ordinary profile's operations, events and limits only; every table
 * says which profile an item belongs to; a consumer reads the optional `profiles` member.
 */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CAPABILITIES,
  EVENTS,
  LIMITS,
  OPERATIONS,
  ORDINARY_EVENT_NAMES,
  ORDINARY_METHODS,
  PROFILES,
  decodeCapabilities,
} from "../dist/index.js";

describe("profiles", () => {
  it("the advertisement lists the ordinary profile and nothing of a profile", () => {
    assert.deepEqual([...CAPABILITIES.operations], [...ORDINARY_METHODS]);
    assert.deepEqual([...CAPABILITIES.events], [...ORDINARY_EVENT_NAMES]);
    assert.equal(CAPABILITIES.profiles, undefined);
    for (const [method, info] of Object.entries(OPERATIONS)) {
      assert.equal(CAPABILITIES.operations.includes(method), info.membership === "ordinary", method);
    }
    for (const [name, info] of Object.entries(EVENTS)) {
      assert.equal(CAPABILITIES.events.includes(name), info.membership === "ordinary", name);
    }
  });

  it("each profile owns what its tables say, and its limits are not ordinary ones", () => {
    const approvals = PROFILES["approvals"];
    assert.ok(approvals, "approvals is declared");
    assert.equal(approvals.version, 1);
    for (const m of approvals.operations) assert.equal(OPERATIONS[m].membership, "approvals", m);
    for (const e of approvals.events) assert.equal(EVENTS[e].membership, "approvals", e);
    for (const l of Object.keys(approvals.limits)) assert.ok(!(l in LIMITS), l);
    assert.equal(OPERATIONS["profile.negotiate"].membership, "negotiation");
  });

  it("a consumer reads the optional profiles member, and ignores members it does not know in it", () => {
    const offered = { ...CAPABILITIES, profiles: [{ name: "approvals", versions: [1], future: true }] };
    const caps = decodeCapabilities(JSON.parse(JSON.stringify(offered)), false);
    assert.deepEqual(caps.profiles?.map((p) => [p.name, [...p.versions]]), [["approvals", [1]]]);
    assert.throws(() => decodeCapabilities(JSON.parse(JSON.stringify(offered)), true));
  });
});
