/** What the tests against the real daemon share: where its binary is, and how it is run. */

import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE = fileURLToPath(new URL("../", import.meta.url));
/** `$AGENTWIRE_BIN`, else `../../target/debug/agentwire` relative to the package. */
export const BIN = resolve(PACKAGE, process.env.AGENTWIRE_BIN ?? "../../target/debug/agentwire");
/** Why the live tests are skipped, or false when the binary is there. */
export const NO_BIN: string | false = existsSync(BIN)
  ? false
  : `no daemon binary at ${BIN}: run \`cargo build -p agentwire-daemon\` from the repository root (test.sh does), or set AGENTWIRE_BIN`;

/** Environment of the daemon: no provider configuration leaks in, so turns run on `local`. */
export function daemonEnv(root: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(MC_|ANTHROPIC_|OPENAI_|AGENTWIRE_TEST_)/.test(k)) env[k] = v;
  }
  return { ...env, MC_HOME: join(root, "mc"), HOME: root };
}

/** Poll until `pid` is gone (or the deadline passes); true when it exited. */
export async function exited(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Stops the daemon `pid` (when one started) and removes its temporary `root`. */
export async function stopDaemon(pid: number | undefined, root: string): Promise<void> {
  if (pid !== undefined) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Already gone.
    }
    await exited(pid, 10_000);
  }
  if (root !== "") rmSync(root, { recursive: true, force: true });
}
