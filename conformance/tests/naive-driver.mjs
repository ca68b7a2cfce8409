#!/usr/bin/env node
/**
 * A deliberately naive client behind the client suite's driver protocol, for the runner's
 * self-test (tests/client_suite.rs): it speaks the wire well enough for an honest daemon, and
 * makes the mistakes real clients make — it trusts the handshake and the advertisement without
 * checking them, pipelines requests behind `initialize`, ignores unknown events, kinds, foreign
 * identities and sequence order, shows the concatenated deltas instead of the terminal's text,
 * resends a mutation whose connection dropped, restarts a turn or login whose terminal was lost or that was answered with an error, and accepts
 * replay pages it does not understand. With approvals it negotiates whatever the advertisement
 * says, reports a refused negotiation without its typed reason, answers a permission request with
 * its first option whatever its kind, shows a refused answer without its code, repeats an answer
 * that was refused, and never reads the pending requests that follow a claim. Every client case must fail against it except the few
 * an honest flow passes (listed in the test).
 */

import { connect as netConnect } from "node:net";
import { createInterface } from "node:readline";

let conn = null;
let session = null;
let control = null;
let next = 0;

function open(cmd) {
  return new Promise((resolve, reject) => {
    const socket = netConnect(cmd.socket);
    const c = { socket, lines: [], waiters: [], closed: false, cmd, ids: { instance_id: null, connection_id: null } };
    let buf = "";
    socket.on("data", (d) => {
      buf += d.toString("utf8");
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const w = c.waiters.shift();
        if (w) w(line);
        else c.lines.push(line);
      }
    });
    socket.on("close", () => {
      c.closed = true;
      for (const w of c.waiters.splice(0)) w(null);
    });
    socket.on("connect", () => resolve(c));
    socket.on("error", () => {});
    socket.on("error", reject);
  });
}

function line(c) {
  if (c.lines.length > 0) return Promise.resolve(c.lines.shift());
  if (c.closed) return Promise.resolve(null);
  return new Promise((resolve) => c.waiters.push(resolve));
}

function send(c, method, payload, slots = {}) {
  next += 1;
  const mutation = !["initialize", "status", "session.replay", "profile.negotiate", "approval.respond"].includes(method);
  const record = {
    protocol_version: 2,
    kind: "request",
    request_id: `r${next}`,
    instance_id: method === "initialize" ? null : c.ids.instance_id,
    connection_id: method === "initialize" ? null : c.ids.connection_id,
    session_id: slots.session_id ?? null,
    operation_id: mutation ? `op${next}` : null,
    control: slots.control ?? null,
    method,
    payload,
  };
  c.socket.write(`${JSON.stringify(record)}\n`);
  return record.request_id;
}

/** The response to `id` (events before it are skipped); null when the connection closed. */
async function answer(c, id) {
  for (;;) {
    const l = await line(c);
    if (l === null) return null;
    const v = JSON.parse(l);
    if (v.request_id === id) return v;
  }
}

async function connect(cmd) {
  conn = await open(cmd);
  conn.socket.write(`${JSON.stringify({ handshake: "agentwire-unix", version: cmd.version, workspace: cmd.workspace })}\n`);
  const hello = JSON.parse((await line(conn)) ?? "{}");
  conn.ids.instance_id = hello.instance_id ?? null;
  // No preflight, and a guess instead of waiting: initialize's answer is read if it came
  // within 100 ms, else the next command goes out behind it.
  const id = send(conn, "initialize", { supported_protocol_versions: [2], requested_capabilities: cmd.require });
  conn.pendingInit = id;
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (conn.lines.length > 0) await ensureInit();
  return { ok: true };
}

async function ensureInit() {
  if (conn.pendingInit) {
    const init = await answer(conn, conn.pendingInit);
    conn.pendingInit = null;
    conn.ids.connection_id = init?.payload?.connection_id ?? null;
  }
}

/** A mutation, resent once on a dropped connection or an error answer. */
async function mutate(method, payload, slots, retried = false) {
  const early = conn.pendingInit ? send(conn, method, payload, slots) : null;
  await ensureInit();
  const id = early ?? send(conn, method, payload, slots);
  const r = await answer(conn, id);
  if (r === null || r.error) {
    if (!retried) {
      if (r === null) await connect(conn.cmd);
      return mutate(method, payload, slots, true);
    }
    return { ok: false, error: "failed", ...(r?.error ? { code: r.error.code } : {}) };
  }
  return { ok: true, payload: r.payload };
}

const commands = {
  connect,
  async create() {
    const r = await mutate("session.create", {});
    return r.ok ? { ok: true, session_id: r.payload.session_id } : r;
  },
  async claim(cmd) {
    // Takes over when told to, but never looks at what follows the claim's response (the
    // pending requests of a running turn): only a turn it starts is read.
    const r = await mutate("session.claim", { take_over: cmd.take_over ?? false }, { session_id: cmd.session_id });
    if (!r.ok) return r;
    session = cmd.session_id;
    control = { claim_id: r.payload.claim_id, grant_generation: r.payload.grant_generation };
    return { ok: true };
  },
  async turn(cmd) {
    const r = await mutate("turn.start", { prompt: cmd.prompt }, { session_id: session, control });
    if (!r.ok) return r;
    let text = "";
    // Permission requests shown (answered with the first option, whatever its kind) and their
    // resolutions; the answers' responses are matched by request ID as they come.
    const approvals = [];
    const resolutions = [];
    const answers = new Map();
    for (;;) {
      const l = await line(conn);
      if (l === null && !cmd.restarted) {
        // "Helpful" recovery: reconnect, claim again and restart the turn.
        await connect(conn.cmd);
        await commands.claim({ session_id: session });
        return commands.turn({ ...cmd, restarted: true });
      }
      if (l === null) return { ok: false, error: "closed" };
      const v = JSON.parse(l);
      if (answers.has(v.request_id)) answers.get(v.request_id).option_kind = v.payload?.option_kind ?? null;
      if (v.event === "approval.requested") {
        const p = v.payload;
        const shown = { approval_id: p.approval_id, title: p.title, kind: p.kind, options: p.options.map((o) => o.kind) };
        if (cmd.answer !== undefined && p.options.length > 0) {
          shown.answered = p.options[0].id;
          const id = send(conn, "approval.respond", { approval_id: p.approval_id, option_id: p.options[0].id }, { session_id: session, control });
          answers.set(id, shown);
        }
        approvals.push(shown);
      }
      if (v.event === "approval.resolved") resolutions.push(v.payload);
      if (v.event === "turn.assistant_delta") text += v.payload.text;
      if (v.event === "turn.terminal") return { ok: true, status: v.payload.status, display: text, approvals, resolutions };
    }
  },
  async opt_in() {
    // Trusts the advertisement: negotiates whatever `profiles` says.
    const r = await mutate("profile.negotiate", { profile: "approvals", version: 1 });
    return r.ok ? { ok: true, version: r.payload.version, limits: r.payload.limits } : r;
  },
  async respond(cmd) {
    const r = await mutate("approval.respond", { approval_id: cmd.approval_id, option_id: cmd.option_id }, { session_id: session, control });
    return r.ok ? { ok: true, option_kind: r.payload.option_kind } : r;
  },
  async replay(cmd) {
    await ensureInit();
    let after = null;
    let items = 0;
    for (;;) {
      const id = send(conn, "session.replay", { after, limit: cmd.limit }, { session_id: cmd.session_id });
      const r = await answer(conn, id);
      if (r === null || r.error) return { ok: false, error: "failed", cursor: after };
      items += r.payload.events.length;
      after = r.payload.next_cursor;
      if (!r.payload.truncated) return { ok: true, items, cursor: after };
    }
  },
  async login(cmd) {
    const r = await mutate("auth.login.start", { provider_id: cmd.provider_id });
    if (!r.ok) return r;
    for (;;) {
      const l = await line(conn);
      if (l === null && !cmd.restarted) {
        await connect(conn.cmd);
        return commands.login({ ...cmd, restarted: true });
      }
      if (l === null) return { ok: false, error: "closed" };
      const v = JSON.parse(l);
      if (v.event === "auth.login.terminal") return { ok: true, state: v.payload.state };
    }
  },
  async status() {
    await ensureInit();
    const r = await answer(conn, send(conn, "status", {}));
    return r === null || r.error ? { ok: false, error: "failed" } : { ok: true };
  },
};

for await (const l of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  let reply;
  try {
    const cmd = JSON.parse(l);
    reply = await commands[cmd.cmd](cmd);
  } catch (e) {
    reply = { ok: false, error: String(e?.message ?? e) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
conn?.socket.destroy();
