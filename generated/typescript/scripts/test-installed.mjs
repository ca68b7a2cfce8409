// The package as a user gets it: `npm pack` (prepack builds dist/), then the tarball installed
// into fresh scratch projects — ESM JavaScript, CommonJS JavaScript, and TypeScript under each
// moduleResolution (node10, node16, nodenext, bundler) — each running a small program against a
// live daemon; every block of README.md (scripts/snippets.sh): the install command run in a
// fresh project, the program compiled and run there, the conformance commands run from the
// repository root, and a failure on any block it does not know; the examples/ compiled in the
// nodenext project and run there too (the stop example on the slow `local` provider, the
// approvals example and README section on a second daemon whose agent is the daemon tests'
// scripted ACP agent that asks before an edit); and `npm publish --dry-run`. The daemon binary is $AGENTWIRE_BIN, else ../../target/debug/agentwire.
// (Packing from a fresh clone, as the top-level README says, is scripts/readme-snippets.sh's.)
//
//   node scripts/test-installed.mjs        (test.sh runs it after `npm test`)
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = fileURLToPath(new URL("../", import.meta.url));
const REPO = resolve(PACKAGE, "../..");
const BIN = resolve(PACKAGE, process.env.AGENTWIRE_BIN ?? "../../target/debug/agentwire");
const TSC = join(PACKAGE, "node_modules/typescript/bin/tsc");
const TYPES = join(PACKAGE, "node_modules/@types");
const VERSION = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")).version;

if (!existsSync(BIN) || !existsSync(join(dirname(BIN), "agentwire-conformance"))) {
  console.error(`no daemon binary at ${BIN}, or no agentwire-conformance beside it: run \`cargo build -p agentwire-daemon -p agentwire-conformance\` (test.sh does) or set AGENTWIRE_BIN`);
  process.exit(1);
}

const root = realpathSync(mkdtempSync(join(tmpdir(), "awpk-")));
const workspace = join(root, "ws");
mkdirSync(workspace);
writeFileSync(join(workspace, "README.md"), "# scratch\n");
// The offline `local` provider's slow mode (a private state root, as the daemon requires): each
// turn takes 1.5 s in several deltas, so the stop example's cancels always land mid-turn.
mkdirSync(join(root, "mc"), { mode: 0o700 });
writeFileSync(join(root, "mc", "settings.toml"), "local_turn_ms = 1500\n", { mode: 0o600 });
// No provider configuration leaks in: turns run on the offline `local` provider.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(MC_|ANTHROPIC_|OPENAI_|AGENTWIRE_TEST_)/.test(k)));
Object.assign(env, { MC_HOME: join(root, "mc"), HOME: root, AGENTWIRE_BIN: BIN, SMOKE_WORKSPACE: workspace });

// A second daemon for the approvals example: its own state root and workspace, its agent the
// scripted ACP agent of the daemon's tests (`ask-edit`: asks before editing config.toml, then
// says "Answer: <optionId>.").
const approvalsWorkspace = join(root, "ap-ws");
mkdirSync(approvalsWorkspace);
mkdirSync(join(root, "ap-mc"), { mode: 0o700 });
const agent = join(REPO, "daemon/tests/acp/fake-agent.mjs");
writeFileSync(join(root, "ap-mc", "settings.toml"), `provider = "fake"\nmodel = "default"\n[agents.fake]\ncommand = "node"\nargs = ${JSON.stringify([agent, "ask-edit"])}\n`, { mode: 0o600 });
const approvalsEnv = { ...env, MC_HOME: join(root, "ap-mc") };
const shApprovals = (args, cwd) => execFileSync("node", args, { cwd, env: approvalsEnv, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 180_000 });
/** The approvals example's output, answered `allow` (or `reject`). */
const expectApprovals = (out, choice) => {
  const kind = `${choice}-once`;
  const wants = [/^approvals v1: unanswered requests are rejected after \d+ ms$/m, /^\? Edit `config.toml` \(edit\)$/m, /^  edit \/\S*\/config\.toml: "debug = false\\n" -> "debug = true\\n"$/m, /^  \[allow-always\] /m, new RegExp(`^answered ${kind}$`, "m"), new RegExp(`^= ${kind} by person$`, "m"), new RegExp(`Answer: ${choice === "allow" ? "ao" : "ro"}\\.`), /^\[completed\] session /m];
  for (const want of wants) if (!want.test(out)) throw new Error(`approvals example output lacks ${want}: ${out}`);
};

let passed = 0;
let failed = 0;
function step(name, run) {
  try {
    run();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}\n${String(e.stdout ?? "")}${String(e.stderr ?? "")}${e.stack ?? e}`);
  }
}
const sh = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 180_000 });

let tarball = "";
try {
  step("npm pack runs prepack and ships dist/ for ESM and CommonJS", () => {
    const out = JSON.parse(sh("npm", ["pack", "--json", "--pack-destination", root], PACKAGE));
    tarball = join(root, out[0].filename);
    const files = new Set(out[0].files.map((f) => f.path));
    for (const f of ["dist/index.js", "dist/index.d.ts", "dist/cjs/index.js", "dist/cjs/index.d.ts", "dist/cjs/package.json", "dist/client.js", "dist/cjs/client.d.ts", "dist/stream.js", "examples/turn.ts", "examples/stop.ts", "examples/approvals.ts", "README.md", "package.json"]) {
      if (!files.has(f)) throw new Error(`the tarball lacks ${f}`);
    }
    if (out[0].filename !== `agentwire-protocol-${VERSION}.tgz`) throw new Error(`unexpected tarball name ${out[0].filename}`);
  });

  const project = (name, pkg, files, tsconfig) => {
    const dir = join(root, name);
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true, ...pkg }));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    if (tsconfig !== undefined) {
      const compilerOptions = { target: "ES2022", strict: true, outDir: "out", rootDir: ".", skipLibCheck: false, typeRoots: [TYPES], types: ["node"], ...tsconfig };
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }, null, 2));
    }
    sh("npm", ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", tarball], dir);
    return dir;
  };
  const smoke = readFileSync(join(PACKAGE, "test/installed/smoke.ts"), "utf8");
  const expectSmoke = (stdout) => {
    const line = JSON.parse(stdout.trim().split("\n").at(-1));
    if (!(line.ok === true && line.service === "ready" && line.version === VERSION && line.items === 0)) throw new Error(`unexpected output ${stdout}`);
  };

  // A replay page with a long non-ASCII part: its 2,048-byte part is accepted, a 2,049-byte one
  // refused (UTF-8 bytes, not UTF-16 units, in each build).
  const longPage = `function longPage(decode) {
  const page = (text) => Buffer.from(JSON.stringify({ protocol_version: 2, kind: "response", request_id: "r1", instance_id: "in_1", connection_id: "cn_1", session_id: "s-1", operation_id: null,
    payload: { events: [{ kind: "message", cursor: "c0", role: "user", text, part: 0, last_part: true }], next_cursor: "c", snapshot_cursor: "c", truncated: false, gap: false, resync_required: false }, error: null }));
  const part = "é—«".repeat(292) + "abcd";
  if (decode(page(part), "session.replay").payload.events[0].text !== part) return false;
  try { decode(page(part + "a"), "session.replay"); return false; } catch (e) { return e.code === "payload"; }
}
`;
  const esm = `import { AgentwireClient, startOrConnect, PACKAGE_VERSION } from "@agentwire/protocol/client";
import { decodeEventRecord, decodeResponseRecord } from "@agentwire/protocol";
${longPage}
const workspace = process.env.SMOKE_WORKSPACE;
const d = await startOrConnect({ workspace, executable: process.env.AGENTWIRE_BIN });
const c = await AgentwireClient.connect({ socketPath: d.socket, workspace });
const s = await c.request("status", {});
c.close();
console.log(JSON.stringify({ ok: typeof decodeEventRecord === "function" && longPage(decodeResponseRecord), service: s.service, version: PACKAGE_VERSION, items: 0 }));
`;
  step("ESM JavaScript: import", () => expectSmoke(sh("node", ["main.mjs"], project("esm-js", { type: "module" }, { "main.mjs": esm }))));

  const cjs = `const { AgentwireClient, startOrConnect, PACKAGE_VERSION } = require("@agentwire/protocol/client");
const { decodeEventRecord, decodeResponseRecord } = require("@agentwire/protocol");
${longPage}
(async () => {
  const workspace = process.env.SMOKE_WORKSPACE;
  const d = await startOrConnect({ workspace, executable: process.env.AGENTWIRE_BIN });
  const c = await AgentwireClient.connect({ socketPath: d.socket, workspace });
  const s = await c.request("status", {});
  c.close();
  console.log(JSON.stringify({ ok: typeof decodeEventRecord === "function" && longPage(decodeResponseRecord), service: s.service, version: PACKAGE_VERSION, items: 0 }));
})().catch((e) => { console.error(e); process.exit(1); });
`;
  step("CommonJS JavaScript: require", () => expectSmoke(sh("node", ["main.cjs"], project("cjs-js", { type: "commonjs" }, { "main.cjs": cjs }))));

  const modes = [
    ["node10", { type: "commonjs" }, { module: "commonjs", moduleResolution: "node10" }],
    ["node16", { type: "commonjs" }, { module: "node16", moduleResolution: "node16" }],
    ["nodenext", { type: "module" }, { module: "nodenext", moduleResolution: "nodenext" }],
    ["bundler", { type: "module" }, { module: "esnext", moduleResolution: "bundler" }],
  ];
  for (const [mode, pkg, tsconfig] of modes) {
    step(`TypeScript, moduleResolution ${mode}: compiles and runs`, () => {
      const files = { "smoke.ts": smoke };
      if (mode === "nodenext") for (const f of readdirSync(join(PACKAGE, "examples"))) files[f] = readFileSync(join(PACKAGE, "examples", f), "utf8");
      const dir = project(`ts-${mode}`, pkg, files, tsconfig);
      sh("node", [TSC, "-p", "."], dir);
      expectSmoke(sh("node", ["out/smoke.js"], dir));
    });
  }

  step("README.md's snippets, verbatim (scripts/snippets.sh): installed, compiled and run", () => {
    const dir = join(root, "readme-snippets");
    sh("bash", [join(REPO, "scripts/snippets.sh"), join(PACKAGE, "README.md"), dir], root);
    const blocks = readFileSync(join(dir, "index"), "utf8").trim().split("\n").map((l) => l.split("\t"));
    const text = (n) => readFileSync(join(dir, `${n}.snippet`), "utf8");
    const ran = new Set();
    // The install command, in a fresh project holding the tarball; then the program, compiled there.
    const install = blocks.find(([, role]) => role === "npm-install");
    const main = blocks.find(([, role]) => role === "ts-main");
    if (install === undefined || main === undefined) throw new Error("README.md lacks its npm-install or ts-main snippet");
    const app = join(root, "readme-app");
    mkdirSync(app);
    copyFileSync(tarball, join(app, basename(tarball)));
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "readme-app", version: "1.0.0", private: true, type: "module" }));
    const compilerOptions = { target: "ES2022", module: "nodenext", moduleResolution: "nodenext", strict: true, outDir: "out", rootDir: ".", typeRoots: [TYPES], types: ["node"] };
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
    sh("sh", ["-c", text(install[0])], app);
    writeFileSync(join(app, "main.ts"), text(main[0]));
    // The approvals section's program: examples/approvals.ts verbatim, run on the asking daemon.
    const approvals = blocks.find(([, role]) => role === "ts-approvals");
    if (approvals === undefined) throw new Error("README.md lacks its ts-approvals snippet");
    if (text(approvals[0]) !== readFileSync(join(PACKAGE, "examples/approvals.ts"), "utf8")) throw new Error("README.md's ts-approvals snippet differs from examples/approvals.ts");
    writeFileSync(join(app, "approvals.ts"), text(approvals[0]));
    sh("node", [TSC, "-p", "."], app);
    const out = sh("node", ["out/main.js", workspace], app);
    for (const want of [/\[completed\] session /, /^refused: session.status failed with invalid_session_id: /m, new RegExp(` ${workspace}$`, "m")]) {
      if (!want.test(out)) throw new Error(`README snippet output lacks ${want}: ${out}`);
    }
    expectApprovals(shApprovals(["out/approvals.js", approvalsWorkspace], app), "allow");
    ran.add(install[0]).add(main[0]).add(approvals[0]);
    // The conformance suites' commands, from the repository root with target/debug on PATH.
    const path = `${dirname(BIN)}:${env.PATH}`;
    for (const [n] of blocks.filter(([, role]) => role === "repo-sh")) {
      execFileSync("bash", ["-euo", "pipefail", "-c", text(n)], { cwd: REPO, env: { ...env, PATH: path }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 600_000 });
      ran.add(n);
    }
    // test-command blocks are checked by snippets.sh itself; any other block is one nobody runs.
    for (const [n, role, , line] of blocks) {
      if (!ran.has(n) && role !== "test-command") throw new Error(`README.md:${line}: a ${role} snippet this test does not run`);
    }
  });

  step("examples: run a turn, replay it, watch a session from a second connection", () => {
    const dir = join(root, "ts-nodenext");
    const turn = sh("node", ["out/turn.js", workspace], dir);
    const session = /\[completed\] session (\S+)/.exec(turn)?.[1];
    if (session === undefined) throw new Error(`turn example: ${turn}`);
    const replay = JSON.parse(sh("node", ["out/replay.js", workspace, session], dir).trim().split("\n").at(-1));
    if (!(replay.items > 0)) throw new Error(`replay example read nothing: ${JSON.stringify(replay)}`);
    const watch = sh("node", ["out/watch.js", workspace], dir);
    if (!/watcher saw the turn end: completed/.test(watch)) throw new Error(`watch example: ${watch}`);
  });

  step("examples: stop a turn by its signal and by cancel (always cancelled), then resume", () => {
    const out = sh("node", ["out/stop.js", workspace], join(root, "ts-nodenext"));
    for (const want of [/^\[signal: turn cancelled\]$/m, /^cancel: cancellation_requested$/m, /^\[cancel: turn cancelled\]$/m, /^lookup: turn.start settled$/m, /^replay \[cancelled\]$/m, /^continue from \S+$/m]) {
      if (!want.test(out)) throw new Error(`stop example output lacks ${want}: ${out}`);
    }
  });

  step("examples: opt into approvals, answer the agent's permission request by kind (allow, then reject)", () => {
    const dir = join(root, "ts-nodenext");
    expectApprovals(shApprovals(["out/approvals.js", approvalsWorkspace], dir), "allow");
    expectApprovals(shApprovals(["out/approvals.js", approvalsWorkspace, "Turn debugging on.", "reject"], dir), "reject");
  });

  step("npm publish --dry-run", () => {
    sh("npm", ["publish", "--dry-run", "--loglevel=error", tarball], root);
  });
} finally {
  for (const [ws, daemonEnv] of [[workspace, env], [approvalsWorkspace, approvalsEnv]]) {
    const discovery = spawnSync(BIN, ["daemon", "start-or-connect", "--workspace", ws, "--executable", BIN], { env: daemonEnv, encoding: "utf8" });
    try {
      const pid = JSON.parse(discovery.stdout).pid;
      if (typeof pid === "number") process.kill(pid, "SIGTERM");
    } catch {
      // no daemon to stop
    }
  }
  rmSync(root, { recursive: true, force: true });
}
console.log(`installed: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
