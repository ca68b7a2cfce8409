/**
 * The package's published shape: the README's first example is examples/turn.ts verbatim (the
 * installed-package test compiles and runs that file), package.json's version is the generated
 * PACKAGE_VERSION, and every file the exports map names exists after the build.
 */

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { PACKAGE_VERSION } from "../dist/index.js";

const PACKAGE = fileURLToPath(new URL("../", import.meta.url));
const manifest = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as {
  version: string;
  private?: boolean;
  exports: Record<string, string | Record<string, Record<string, string>>>;
  typesVersions: Record<string, Record<string, string[]>>;
  files: string[];
};

describe("packaging", () => {
  it("the README's first example is examples/turn.ts, copied verbatim", () => {
    const readme = readFileSync(join(PACKAGE, "README.md"), "utf8");
    const first = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.equal(first, readFileSync(join(PACKAGE, "examples/turn.ts"), "utf8"));
  });

  it("package.json's version is the generated PACKAGE_VERSION, and the package is publishable", () => {
    assert.equal(manifest.version, PACKAGE_VERSION);
    assert.equal(manifest.private, undefined);
    for (const f of ["dist", "src", "bin", "examples"]) assert.ok(manifest.files.includes(f), f);
  });

  it("every exports condition (import, require, default) and typesVersions entry names a built file", () => {
    for (const [entry, conditions] of Object.entries(manifest.exports)) {
      if (typeof conditions === "string") {
        assert.ok(existsSync(join(PACKAGE, conditions)), conditions);
        continue;
      }
      assert.deepEqual(Object.keys(conditions), ["import", "require", "default"], entry);
      for (const target of Object.values(conditions)) {
        assert.deepEqual(Object.keys(target), ["types", "default"], entry);
        for (const file of Object.values(target)) assert.ok(existsSync(join(PACKAGE, file)), `${entry}: ${file}`);
      }
    }
    for (const paths of Object.values(manifest.typesVersions["*"] ?? {})) for (const p of paths) assert.ok(existsSync(join(PACKAGE, p)), p);
    assert.deepEqual(JSON.parse(readFileSync(join(PACKAGE, "dist/cjs/package.json"), "utf8")), { type: "commonjs" });
  });
});
