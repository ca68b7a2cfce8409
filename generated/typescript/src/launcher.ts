/**
 * `agentwire daemon start-or-connect` from Node (service-lifecycle §2): start the workspace's
 * daemon, or reach the one already running, and return the discovery object it prints.
 */

import { execFile } from "node:child_process";
import type { Discovery } from "./generated/types.js";
import { decodeDiscovery, decodeLaunchError } from "./generated/validators.js";
import { HandshakeError, VersionMismatchError, isLaunchErrorCode } from "./errors.js";
import { PACKAGE_VERSION } from "./generated/constants.js";
import { ProtocolError, withRecord } from "./records.js";
import { SchemaError } from "./runtime/check.js";

export interface StartOptions {
  /** Absolute path of the workspace (project folder) the daemon serves. */
  readonly workspace: string;
  /** Absolute path of the `agentwire` executable; it is also what a started daemon runs. */
  readonly executable: string;
  /** State root (`MC_HOME`) for the launcher and the daemon it starts; default: inherited. */
  readonly mcHome?: string;
  /** The launcher's environment (default `process.env`); `mcHome` is applied on top. */
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the launcher after this long (it bounds its own wait for a new daemon at 10 s). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/**
 * Run the launcher and decode what it prints: the discovery object on success; on failure a
 * {@link HandshakeError} with the launch error code it printed (`version_mismatch`,
 * `foreign_service`, `start_failed`, …).
 */
export function startOrConnect(options: StartOptions): Promise<Discovery> {
  const env = { ...(options.env ?? process.env) };
  if (options.mcHome !== undefined) env.MC_HOME = options.mcHome;
  const args = ["daemon", "start-or-connect", "--workspace", options.workspace, "--executable", options.executable];
  return new Promise((resolve, reject) => {
    execFile(
      options.executable,
      args,
      { env, encoding: "utf8", timeout: options.timeoutMs ?? 30_000, ...(options.signal === undefined ? {} : { signal: options.signal }) },
      (error, stdout) => {
        if (error !== null && stdout.trim() === "") {
          reject(spawnFailure(options.executable, error));
          return;
        }
        try {
          resolve(error === null ? discovery(stdout) : Promise.reject(launchError(stdout)));
        } catch (e) {
          reject(e);
        }
      },
    );
  });
}

function spawnFailure(executable: string, error: Error & { code?: unknown; killed?: boolean | undefined }): Error {
  if (error.name === "AbortError") return error;
  if (error.code === "ENOENT" || error.code === "EACCES") {
    return new HandshakeError("invalid_executable", `cannot run ${executable}: ${error.code}`);
  }
  if (error.killed === true) return new HandshakeError("start_timeout", "the launcher did not finish in time");
  return new HandshakeError("internal_error", `the launcher printed nothing (${error.message})`);
}

/** The discovery record, checked: "package versions must match exactly". */
function discovery(stdout: string): Discovery {
  const found = withRecord(stdout.trim(), undefined, (v) => decoded(() => decodeDiscovery(v, false)));
  if (found.version !== PACKAGE_VERSION) throw new VersionMismatchError(PACKAGE_VERSION, found.version);
  return found;
}

function launchError(stdout: string): Error {
  const printed = withRecord(stdout.trim(), undefined, (v) => decoded(() => decodeLaunchError(v, false)));
  const { code, message } = printed.error;
  if (!isLaunchErrorCode(code)) return new ProtocolError("payload", `the launcher printed an unknown error code ${JSON.stringify(code)}`, "$.error.code");
  return new HandshakeError(code, message);
}

function decoded<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof SchemaError) throw new ProtocolError("payload", e.message, e.path);
    throw e;
  }
}
