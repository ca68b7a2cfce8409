/**
 * `agentwire daemon start-or-connect` from Node (service-lifecycle §2): start the workspace's
 * daemon, or reach the one already running, and return the discovery object it prints.
 */

import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, realpath, stat } from "node:fs/promises";
import { delimiter, isAbsolute, join } from "node:path";
import type { Discovery } from "./generated/types.js";
import { decodeDiscovery, decodeLaunchError } from "./generated/validators.js";
import { HandshakeError, VersionMismatchError, isLaunchErrorCode } from "./errors.js";
import { PACKAGE_VERSION } from "./generated/constants.js";
import { ProtocolError, withRecord } from "./records.js";
import { SchemaError } from "./runtime/check.js";

export interface StartOptions {
  /**
   * The workspace (project folder) the daemon serves: an absolute path, canonicalised
   * (symbolic links, `..` and a trailing `/` resolved). A relative path is refused
   * (`invalid_workspace`): "." never silently means the current folder.
   */
  readonly workspace: string;
  /**
   * The `agentwire` executable: an absolute path, or a bare name looked up on `PATH` (of `env`
   * when given). A relative path with a `/`, or a name not on `PATH`, is `invalid_executable`.
   * It is also what a started daemon runs.
   */
  readonly executable: string;
  /** State root (`MC_HOME`) for the launcher and the daemon it starts; default: inherited. */
  readonly mcHome?: string;
  /** The launcher's environment (default `process.env`); `mcHome` is applied on top. */
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the launcher after this long (it bounds its own wait for a new daemon at 10 s). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** The canonical workspace path: absolute, existing, a folder; otherwise `invalid_workspace`. */
export async function canonicalWorkspace(workspace: string): Promise<string> {
  const shown = JSON.stringify(workspace);
  if (!isAbsolute(workspace)) {
    throw new HandshakeError("invalid_workspace", `${shown} is relative; pass an absolute path (for the current folder, process.cwd())`);
  }
  let real: string;
  try {
    real = await realpath(workspace);
  } catch (e) {
    throw new HandshakeError("invalid_workspace", `${shown} cannot be resolved (${String((e as { code?: unknown }).code ?? e)})`);
  }
  if (!(await stat(real)).isDirectory()) throw new HandshakeError("invalid_workspace", `${shown} is not a folder`);
  return real;
}

/** The executable to run: an absolute path as given, or a bare name found on `path` (PATH). */
export async function resolveExecutable(executable: string, path: string | undefined): Promise<string> {
  const shown = JSON.stringify(executable);
  if (isAbsolute(executable)) return executable;
  if (executable.includes("/")) {
    throw new HandshakeError("invalid_executable", `${shown} is a relative path; pass an absolute path or a bare name found on PATH`);
  }
  for (const dir of (path ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, executable);
    try {
      await access(candidate, constants.X_OK);
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // Not here: try the next folder.
    }
  }
  throw new HandshakeError("invalid_executable", `${shown} is not on PATH; install agentwire there or pass the absolute path of the executable`);
}

/**
 * Run the launcher and decode what it prints: the discovery object on success, its version
 * checked against this package's (`VersionMismatchError` otherwise); on failure a
 * {@link HandshakeError} with the launch error code it printed (`version_mismatch`,
 * `foreign_service`, `start_failed`, …). The path rules of {@link StartOptions} apply first.
 */
export async function startOrConnect(options: StartOptions): Promise<Discovery> {
  const env = { ...(options.env ?? process.env) };
  if (options.mcHome !== undefined) env.MC_HOME = options.mcHome;
  const workspace = await canonicalWorkspace(options.workspace);
  const executable = await resolveExecutable(options.executable, env.PATH);
  const args = ["daemon", "start-or-connect", "--workspace", workspace, "--executable", executable];
  return new Promise((resolve, reject) => {
    execFile(
      executable,
      args,
      { env, encoding: "utf8", timeout: options.timeoutMs ?? 30_000, ...(options.signal === undefined ? {} : { signal: options.signal }) },
      (error, stdout) => {
        if (error !== null && stdout.trim() === "") {
          reject(spawnFailure(executable, error));
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
