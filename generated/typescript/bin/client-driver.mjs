#!/usr/bin/env node
/**
 * The TypeScript client (`AgentwireClient`, src/client.ts) behind the conformance client
 * suite's driver protocol (conformance/README.md, "Client driver protocol"): one JSON command
 * per line on stdin, one JSON reply per line on stdout, in order.
 *
 *   agentwire-conformance client --exec 'node generated/typescript/bin/client-driver.mjs'
 *
 * Runs the built package (`dist/`; `npm run build` first). It is a small application, so it
 * also does what an application must: it settles a turn's display from the terminal's
 * `assistant_text` and saves a replay cursor only after the page holding it was accepted.
 */

import { createInterface } from "node:readline";
import { AgentwireClient, ProfileUnavailableError, ServiceError } from "../dist/client.js";

let client = null;
/** The claim (`Claim`) later turns and answers use. */
let claim = null;
/** Whether this connection opted into approvals (turn replies then show them). */
let approvals = false;

function failed(e, extra = {}) {
  const reply = { ok: false, error: String(e?.message ?? e), ...extra };
  if (e instanceof ServiceError) reply.code = e.code;
  if (e instanceof ProfileUnavailableError) {
    reply.reason = e.reason;
    if (e.cause instanceof ServiceError) reply.code = e.cause.code;
  }
  return reply;
}

/**
 * Shows one permission request and answers it with its first option of kind `answer` (chosen
 * by kind, never by ID); a refused answer is shown with its code.
 */
async function ask(request, answer) {
  const p = request.payload;
  const shown = { approval_id: p.approval_id, title: p.title, kind: p.kind, options: p.options.map((o) => o.kind) };
  const option = answer === undefined ? undefined : p.options.find((o) => o.kind === answer);
  if (option === undefined) return shown;
  shown.answered = option.id;
  try {
    shown.option_kind = (await claim.respond(p.approval_id, option.id)).option_kind;
  } catch (e) {
    shown.code = failed(e).code;
  }
  return shown;
}

function resolution(event) {
  const { approval_id, outcome, option_id, option_kind, decided_by } = event.payload;
  return { approval_id, outcome, option_id, option_kind, decided_by };
}

/**
 * Reads a turn's events through its terminal as the screen shows them, answering each
 * permission request with its option of kind `answer`.
 */
async function follow(events, answer) {
  // What the screen shows while the turn runs; the terminal's text replaces it.
  let live = "";
  // The tool activity the screen shows, as `name:status` (the hashed ID where no name).
  const tools = [];
  // The permission requests and resolutions the screen shows.
  const asked = [];
  const resolved = [];
  for await (const event of events) {
    if (event.event === "approval.requested") asked.push(await ask(event, answer));
    if (event.event === "approval.resolved") resolved.push(resolution(event));
    if (event.event === "turn.assistant_delta") live += event.payload.text;
    const activity = event.event === "turn.activity" ? event.payload.activity : null;
    if (activity?.kind === "tool") tools.push(`${activity.tool_name ?? activity.tool_id}:${activity.status}`);
    if (event.event === "turn.terminal") {
      const reply = { ok: true, status: event.payload.status, display: event.payload.assistant_text, tools };
      return approvals ? { ...reply, approvals: asked, resolutions: resolved } : reply;
    }
  }
  return { ok: false, error: "the turn's stream ended without a terminal", display: live };
}

const commands = {
  async connect(cmd) {
    // A new connection replaces the old one (and its claim).
    client?.close();
    client = null;
    claim = null;
    approvals = false;
    client = await AgentwireClient.connect({
      socketPath: cmd.socket,
      workspace: cmd.workspace,
      version: cmd.version,
      requiredOperations: cmd.require,
    });
    return { ok: true };
  },
  async create() {
    const created = await connected().request("session.create", {});
    return { ok: true, session_id: created.session_id };
  },
  async claim(cmd) {
    // With `answer`, the session's turn is already running: its events, the pending requests
    // first, follow the claim's response at once, so the stream is opened before.
    const running = cmd.answer === undefined ? null : connected().events({ sessionId: cmd.session_id });
    try {
      claim = await connected().claim(cmd.session_id, { takeOver: cmd.take_over ?? false });
      return running === null ? { ok: true } : await follow(running, cmd.answer);
    } finally {
      running?.end(null);
    }
  },
  async turn(cmd) {
    if (claim === null) throw new Error("no claim");
    return follow(await claim.startTurn(cmd.prompt), cmd.answer);
  },
  async replay(cmd) {
    let saved = null;
    let items = 0;
    for (;;) {
      let page;
      try {
        page = await connected().replay(cmd.session_id, { after: saved, limit: cmd.limit });
      } catch (e) {
        return failed(e, { cursor: saved });
      }
      // The page was accepted whole: only now is its cursor saved.
      items += page.events.length;
      saved = page.next_cursor;
      if (!page.truncated) return { ok: true, items, cursor: saved };
    }
  },
  async login(cmd) {
    // Subscribed before the start: the login's events may follow its response at once.
    const events = connected().events();
    try {
      const started = await connected().request("auth.login.start", { provider_id: cmd.provider_id });
      for await (const event of events) {
        if (event.event === "auth.login.terminal" && event.payload.login_id === started.login_id) {
          return { ok: true, state: event.payload.state };
        }
      }
      return { ok: false, error: "the login's events ended without a terminal" };
    } finally {
      events.end?.(null);
    }
  },
  async opt_in() {
    try {
      const terms = await connected().optInApprovals();
      approvals = true;
      return { ok: true, version: terms.version, limits: terms.limits };
    } catch (e) {
      return failed(e);
    }
  },
  async respond(cmd) {
    if (claim === null) throw new Error("no claim");
    const answered = await claim.respond(cmd.approval_id, cmd.option_id);
    return { ok: true, option_kind: answered.option_kind };
  },
  async status() {
    await connected().request("status", {});
    return { ok: true };
  },
};

function connected() {
  if (client === null) throw new Error("not connected");
  return client;
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  let reply;
  try {
    const cmd = JSON.parse(line);
    const run = commands[cmd.cmd];
    reply = run === undefined ? { ok: false, error: `unsupported command \`${cmd.cmd}\`` } : await run(cmd);
  } catch (e) {
    reply = failed(e);
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
client?.close();
