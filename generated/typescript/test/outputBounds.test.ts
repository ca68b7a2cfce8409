/**
 * OUTPUT_BOUNDS is exactly the set of limits protocol.toml marks `bounds_output = true`, and
 * preflight refuses an advertisement above the local bound for those limits and no others.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { OUTPUT_BOUNDS as CLIENT_OUTPUT_BOUNDS } from "../dist/client.js";
import { LIMITS, LIMIT_NAMES, OUTPUT_BOUNDS, PreflightError, preflight } from "../dist/index.js";
import type { LimitName } from "../dist/index.js";
import { initResult } from "./helpers.js";

const SPEC = new URL("../../../protocol.toml", import.meta.url);

/**
 * The `[limits.NAME]` tables of the ordinary profile (no `profile` key: a profile's limits are
 * advertised by its negotiation) that say `bounds_output = true`, in spec order. Read from the
 * TOML text itself, not from anything the generator emitted, so the two can disagree.
 */
function flaggedInSpec(text: string): string[] {
  const flagged: string[] = [];
  const profiled = new Set<string>();
  let table = "";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (header) table = header[1];
    else if (table.startsWith("limits.") && /^bounds_output\s*=\s*true$/.test(line)) flagged.push(table.slice("limits.".length));
    else if (table.startsWith("limits.") && /^profile\s*=/.test(line)) profiled.add(table.slice("limits.".length));
  }
  return flagged.filter((name) => !profiled.has(name));
}

/** Preflight of the spec's own initialize result with one limit raised in both maps. */
function advertising(name: LimitName, value: number): void {
  const init = initResult();
  init.limits[name] = value;
  init.capabilities.limits[name] = value;
  preflight(init);
}

describe("output bounds", () => {
  it("are exactly the limits protocol.toml marks bounds_output", () => {
    const text = readFileSync(SPEC);
    // A stale package (the spec edited, not regenerated) is `agentwire-codegen verify`'s to catch.
    const flagged = flaggedInSpec(text.toString("utf8"));
    assert.ok(flagged.length > 0, "the spec flags no output bound");
    assert.deepEqual([...OUTPUT_BOUNDS], flagged);
    assert.equal(CLIENT_OUTPUT_BOUNDS, OUTPUT_BOUNDS, "the client entry point re-exports the generated list");
  });

  it("preflight refuses each of them above the local bound, and only them", () => {
    for (const name of LIMIT_NAMES) {
      advertising(name, LIMITS[name]);
      if (OUTPUT_BOUNDS.includes(name)) assert.throws(() => advertising(name, LIMITS[name] + 1), PreflightError, name);
      else assert.doesNotThrow(() => advertising(name, LIMITS[name] + 1), name);
    }
  });
});
