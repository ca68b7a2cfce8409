#!/usr/bin/env node
// A scripted ACP agent for the daemon's misbehaving-agent tests: newline-delimited JSON-RPC
// on stdin/stdout, no dependencies. The mode (first argument) picks what goes wrong:
//
//   ok                 streams "fake ok." and ends the turn
//   crash              streams, announces a call, then exits mid-turn
//   malformed          streams, then writes a line that is not JSON
//   unknown-kind       sends an update of an unknown kind, then text, and ends the turn
//   oversized          sends one message longer than a record may be
//   unsupported        calls a client method the daemon does not implement, then ends
//   hang-after-cancel  streams, then ignores session/cancel and never answers the prompt
//   no-init            never answers initialize
//   permission-first   asks permission for an `execute` call it never announced, then ends
//   refusal            ends the prompt with stopReason refusal
//   max-tokens         ends the prompt with stopReason max_tokens
//   loadable           advertises loadSession; `session/load` answers for any session
//   stderr-secret      writes its FAKE_SECRET environment value to stderr, then ends
//   ask-edit           announces an `edit` call with a diff of `<cwd>/config.toml`, asks permission
//                      offering all four option kinds, and after an allow writes the new text
//                      through `fs/write_text_file` when the client offers it (a prompt with
//                      "anyway" writes after a reject too; one with "elsewhere" writes
//                      `<cwd>/other.toml` instead); says the answer ("Answer: <optionId|cancelled>.")
//                      and the write's ("Write: ok." or "Write: refused: <error data>.") and ends;
//                      a prompt with "unasked" writes `<cwd>/other.toml` without asking (as an
//                      agent that remembers an "always" answer does) and says only the write's
//   flood N            asks permission for N `execute` calls at once, then says every answer
//   init-error         answers initialize with a JSON-RPC error (carrying FAKE_SECRET)
//   new-error          answers session/new with a JSON-RPC error
//   load-error         advertises loadSession; answers session/load with a JSON-RPC error
//   prompt-error       answers session/prompt with a JSON-RPC error
//   exit-stderr        at the prompt writes two stderr lines (one with FAKE_SECRET), exits 7
//   auth-required      offers the sign-in methods `api-key` and `browser`; answers prompts with
//                      ACP's auth_required (-32000) until `authenticate` with `api-key` succeeds,
//                      which it does when FAKE_API_KEY is "fake-key-123"
//   modes              offers the modes `default` and `plan`; the answer names the current mode
//   max-turn-requests  ends the prompt with stopReason max_turn_requests
//   future-stop        ends the prompt with a stopReason of a later ACP version
//   stream N           streams N one-byte chunks as fast as it can, then ends; with FAKE_TIMES
//                      set, writes each chunk's send time there (the benchmark); a prompt
//                      "pace R C" streams C chunks at a steady R per second instead
//   ask-timed N        asks permission for N `execute` calls one after another, each asked once
//                      the last is answered; with FAKE_TIMES set, writes each request's round
//                      trip (request sent -> answer read, microseconds) there (the benchmark)
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const mode = process.argv[2] ?? "ok";
const count = Number(process.argv[3] ?? "0");
const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...msg }) + "\n");
const update = (sessionId, u) => send({ method: "session/update", params: { sessionId, update: u } });
const text = (sessionId, t) => update(sessionId, { sessionUpdate: "agent_message_chunk", content: { type: "text", text: t } });
let nextId = 1000;
const pending = new Map();
const request = (method, params) =>
  new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    send({ id, method, params });
  });
let sessions = 0;
let cancelled = null;
let signedIn = false;
let canWrite = false;
const cwds = new Map();
const modes = new Map();
const authRequired = (id) => send({ id, error: { code: -32000, message: "Authentication required" } });

async function prompt(id, { sessionId, prompt: blocks }) {
  const done = (stopReason) => send({ id, result: { stopReason } });
  switch (mode) {
    case "crash":
      text(sessionId, "Starting. ");
      update(sessionId, { sessionUpdate: "tool_call", toolCallId: "c1", title: "Running a build", kind: "execute", status: "in_progress" });
      setTimeout(() => process.exit(3), 100);
      return;
    case "malformed":
      text(sessionId, "Starting. ");
      setTimeout(() => process.stdout.write("this is not json\n"), 100);
      return;
    case "unknown-kind":
      update(sessionId, { sessionUpdate: "telepathy", thought: "hello" });
      text(sessionId, "Still here.");
      return done("end_turn");
    case "oversized":
      text(sessionId, "Starting. ");
      text(sessionId, "x".repeat(70 * 1024));
      return done("end_turn");
    case "unsupported": {
      text(sessionId, "Trying a terminal. ");
      const answer = await request("terminal/create", { sessionId, command: "ls" });
      text(sessionId, answer.error ? "No terminal." : "Got a terminal.");
      return done("end_turn");
    }
    case "hang-after-cancel":
      text(sessionId, "Working. ");
      return; // never answers, whatever happens
    case "permission-first": {
      const answer = await request("session/request_permission", {
        sessionId,
        toolCall: { toolCallId: "p1", title: "Run `make install`", kind: "execute", rawInput: { command: "make install" } },
        options: [
          { optionId: "yes", name: "Allow", kind: "allow_once" },
          { optionId: "no", name: "Deny", kind: "reject_once" },
        ],
      });
      text(sessionId, `Answer: ${answer.result?.outcome?.optionId ?? answer.result?.outcome?.outcome}.`);
      return done("end_turn");
    }
    case "ask-edit": {
      const path = `${cwds.get(sessionId)}/config.toml`;
      const diff = { type: "diff", path, oldText: "debug = false\n", newText: "debug = true\n" };
      if (canWrite && blocks.some((b) => (b.text ?? "").includes("unasked"))) {
        const written = await request("fs/write_text_file", { sessionId, path: `${cwds.get(sessionId)}/other.toml`, content: diff.newText });
        text(sessionId, written.error ? `Write: refused: ${written.error.data}.` : "Write: ok.");
        return done("end_turn");
      }
      const toolCall = { toolCallId: "e1", title: "Edit `config.toml`", kind: "edit", content: [diff], rawInput: { path } };
      update(sessionId, { sessionUpdate: "tool_call", status: "pending", ...toolCall });
      const answer = await request("session/request_permission", {
        sessionId,
        toolCall,
        options: [
          { optionId: "ao", name: "Allow once", kind: "allow_once" },
          { optionId: "aa", name: "Always allow", kind: "allow_always" },
          { optionId: "ro", name: "Reject", kind: "reject_once" },
          { optionId: "ra", name: "Always reject", kind: "reject_always" },
        ],
      });
      const outcome = answer.result?.outcome;
      if (outcome?.outcome !== "selected") {
        // ACP: a cancelled prompt ends `cancelled` once its session/cancel arrived.
        return setTimeout(() => done(cancelled === sessionId ? "cancelled" : "end_turn"), 200);
      }
      const allowed = outcome.optionId.startsWith("a");
      const said = blocks.map((b) => b.text ?? "").join(" ");
      let wrote = "";
      if (canWrite && (allowed || said.includes("anyway"))) {
        const target = said.includes("elsewhere") ? `${cwds.get(sessionId)}/other.toml` : path;
        const written = await request("fs/write_text_file", { sessionId, path: target, content: diff.newText });
        wrote = written.error ? ` Write: refused: ${written.error.data}.` : " Write: ok.";
      }
      update(sessionId, { sessionUpdate: "tool_call_update", toolCallId: "e1", status: allowed ? "completed" : "failed" });
      text(sessionId, `Answer: ${outcome.optionId}.${wrote}`);
      return done("end_turn");
    }
    case "flood": {
      const asks = [];
      for (let i = 0; i < count; i++) {
        asks.push(
          request("session/request_permission", {
            sessionId,
            toolCall: { toolCallId: `f${i}`, title: `Run step ${i}`, kind: "execute", rawInput: { command: `step ${i}` } },
            options: [
              { optionId: "yes", name: "Allow", kind: "allow_once" },
              { optionId: "no", name: "Reject", kind: "reject_once" },
            ],
          }),
        );
      }
      const answers = await Promise.all(asks);
      text(sessionId, `Answers: ${answers.map((a) => a.result?.outcome?.optionId ?? "cancelled").join(",")}.`);
      return done("end_turn");
    }
    case "refusal":
      text(sessionId, "I will not. ");
      return done("refusal");
    case "max-tokens":
      text(sessionId, "Out of room. ");
      return done("max_tokens");
    case "max-turn-requests":
      return done("max_turn_requests");
    case "future-stop":
      text(sessionId, "Stopping oddly. ");
      return done("telepathy_reached");
    case "prompt-error":
      return send({ id, error: { code: -32603, message: "Internal error: the model is overloaded" } });
    case "exit-stderr":
      process.stderr.write("fatal: lost the connection to the model\n");
      process.stderr.write(`retrying with key ${process.env.FAKE_SECRET}\n`, () => process.exit(7));
      return;
    case "auth-required":
      if (!signedIn) return authRequired(id);
      text(sessionId, "signed in.");
      return done("end_turn");
    case "modes":
      text(sessionId, `mode ${modes.get(sessionId)}.`);
      return done("end_turn");
    case "stderr-secret":
      process.stderr.write(`debug: secret is ${process.env.FAKE_SECRET}\n`);
      text(sessionId, "fake ok.");
      return done("end_turn");
    case "stream": {
      // One-byte chunks (a turn's text is bounded), each send time kept and written to
      // FAKE_TIMES before the answer: microseconds of the system's monotonic clock (libuv's
      // hrtime), which the reader in another process reads too. A wall time made of
      // `performance.timeOrigin` drifts from the system's in a long-lived agent.
      const times = [];
      const stamp = () => times.push(Number(process.hrtime.bigint() / 1000n));
      const finish = () => {
        if (process.env.FAKE_TIMES) writeFileSync(process.env.FAKE_TIMES, JSON.stringify(times));
        done("end_turn");
      };
      const pace = /^pace (\d+) (\d+)$/.exec(blocks?.[0]?.text ?? "");
      if (pace) {
        // Chunk i is due i/R seconds after the start; each timer tick sends those due.
        const [rate, total] = [Number(pace[1]), Number(pace[2])];
        const start = performance.now();
        const tick = () => {
          const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
          while (times.length < due) {
            stamp();
            text(sessionId, "a");
          }
          if (times.length < total) setTimeout(tick, Math.max(0, start + (times.length * 1000) / rate - performance.now()));
          else finish();
        };
        return tick();
      }
      for (let i = 0; i < count; i++) {
        stamp();
        text(sessionId, "a");
      }
      return finish();
    }
    case "ask-timed": {
      const rtts = [];
      for (let i = 0; i < count; i++) {
        const sent = performance.now();
        await request("session/request_permission", {
          sessionId,
          toolCall: { toolCallId: `t${i}`, title: `Run step ${i}`, kind: "execute", rawInput: { command: `step ${i}` } },
          options: [
            { optionId: "yes", name: "Allow", kind: "allow_once" },
            { optionId: "no", name: "Reject", kind: "reject_once" },
          ],
        });
        rtts.push(Math.round((performance.now() - sent) * 1000));
      }
      if (process.env.FAKE_TIMES) writeFileSync(process.env.FAKE_TIMES, JSON.stringify(rtts));
      text(sessionId, `Asked ${count}.`);
      return done("end_turn");
    }
    default:
      text(sessionId, "fake ok.");
      return done("end_turn");
  }
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (msg.id !== undefined && msg.method === undefined) {
    pending.get(msg.id)?.(msg);
    pending.delete(msg.id);
    return;
  }
  switch (msg.method) {
    case "initialize": {
      if (mode === "no-init") return;
      if (mode === "init-error") {
        return send({ id: msg.id, error: { code: -32602, message: `unsupported client (token ${process.env.FAKE_SECRET})` } });
      }
      const authMethods =
        mode === "auth-required"
          ? [
              { id: "api-key", name: "API Key", description: "Reads FAKE_API_KEY" },
              { id: "browser", name: "Browser sign-in" },
            ]
          : [];
      canWrite = msg.params.clientCapabilities?.fs?.writeTextFile === true;
      const loadSession = mode === "loadable" || mode === "load-error";
      return send({ id: msg.id, result: { protocolVersion: 1, agentCapabilities: { loadSession }, authMethods } });
    }
    case "authenticate":
      if (mode === "auth-required" && msg.params.methodId === "api-key" && process.env.FAKE_API_KEY === "fake-key-123") {
        signedIn = true;
        return send({ id: msg.id, result: {} });
      }
      return send({ id: msg.id, error: { code: -32000, message: "Invalid API key" } });
    case "session/new": {
      if (mode === "new-error") {
        return send({ id: msg.id, error: { code: -32603, message: "Internal error: the workspace is not trusted" } });
      }
      sessions += 1;
      const sessionId = `fake-${process.pid}-${sessions}`;
      cwds.set(sessionId, msg.params.cwd);
      if (mode !== "modes") return send({ id: msg.id, result: { sessionId } });
      modes.set(sessionId, "default");
      const availableModes = [
        { id: "default", name: "Always ask", description: "Asks before making changes" },
        { id: "plan", name: "Plan" },
      ];
      return send({ id: msg.id, result: { sessionId, modes: { currentModeId: "default", availableModes } } });
    }
    case "session/set_mode":
      if (!modes.has(msg.params.sessionId)) return send({ id: msg.id, error: { code: -32602, message: "no such session" } });
      modes.set(msg.params.sessionId, msg.params.modeId);
      return send({ id: msg.id, result: {} });
    case "session/load":
      if (mode === "load-error") {
        return send({ id: msg.id, error: { code: -32002, message: `Resource not found: session ${msg.params.sessionId}` } });
      }
      if (mode !== "loadable") return send({ id: msg.id, error: { code: -32601, message: "Method not found" } });
      // History replay before the answer: the daemon must not record it again.
      text(msg.params.sessionId, "replayed history");
      return send({ id: msg.id, result: {} });
    case "session/prompt":
      return prompt(msg.id, msg.params);
    case "session/cancel":
      cancelled = msg.params.sessionId;
      return;
    default:
      if (msg.id !== undefined) send({ id: msg.id, error: { code: -32601, message: "Method not found" } });
  }
});
