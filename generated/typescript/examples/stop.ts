// Stop a turn, then pick the session up on a new connection. Run it against a daemon whose
// offline `local` provider is slow (`local_turn_ms` in the global settings), so Stop lands
// mid-turn and the turn always ends `cancelled`:
// 1. a turn stopped with its `signal` (the Stop button), one stopped with `claim.cancel`;
// 2. the connection dropped, then `resume()`: look up the mutation whose answer we pretend was
//    lost (`operation.lookup`), claim again and replay from the cursor saved before the turns.
//   AGENTWIRE_BIN=/abs/path/agentwire node stop.js /abs/project
import { realpathSync } from "node:fs";
import { AgentwireClient, resume, startOrConnect } from "@agentwire/protocol/client";

// The canonical workspace: what the handshake of every connection, resume's too, names.
const workspace = realpathSync(process.argv[2] ?? process.cwd());
const executable = process.env.AGENTWIRE_BIN ?? "agentwire";

const client = await AgentwireClient.startOrConnect({
  workspace,
  executable,
  requiredOperations: ["session.create", "session.claim", "turn.start", "turn.cancel"],
});
const { session_id } = await client.request("session.create", {});
const claim = await client.claim(session_id);
// Saved before anything is sent: where the durable transcript stood.
const saved = claim.response.snapshot.replay_cursor;

// Stop with the turn's signal: aborting it sends `turn.cancel`; the stream goes on to the terminal.
const stop = new AbortController();
const first = await claim.startTurn("Talk slowly", { signal: stop.signal });
for await (const e of first) {
  if (e.event === "turn.assistant_delta") stop.abort();
  if (e.event === "turn.terminal") console.log(`[signal: turn ${e.payload.status}]`);
}

// Stop with an explicit cancel: it answers `cancellation_requested`; the terminal says how it ended.
const second = await claim.startTurn("Talk slowly again");
let cancelled = false;
for await (const e of second) {
  if (e.event === "turn.assistant_delta" && !cancelled) {
    cancelled = true;
    console.log(`cancel: ${(await claim.cancel(second.turnId)).status}`);
  }
  if (e.event === "turn.terminal") console.log(`[cancel: turn ${e.payload.status}]`);
}
client.close(); // the connection drops

// Reach the daemon again (the launcher alone: its checked discovery record names the socket).
// As if the second turn.start's answer had been lost: look it up, never resend it.
const { socket } = await startOrConnect({ workspace, executable });
const resumed = await resume({ socketPath: socket, workspace, sessionId: session_id, after: saved, uncertain: [second.operationId] });
try {
  for (const op of resumed.operations) console.log(`lookup: ${op.method ?? "?"} ${op.state}`);
  for (const item of resumed.items) {
    if (item.kind === "message") console.log(`replay ${item.role}: ${item.text}`);
    if (item.kind === "terminal") console.log(`replay [${item.status}]`);
  }
  console.log(`continue from ${resumed.cursor}`);
} finally {
  resumed.client.close();
}
