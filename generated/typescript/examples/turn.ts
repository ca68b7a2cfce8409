// Start a workspace's daemon (or reach the running one), run one streamed turn, list the
// workspace's sessions and show a typed service error.
//   AGENTWIRE_BIN=/abs/path/agentwire node turn.js /abs/project   (default: `agentwire` on PATH, the current folder)
import { AgentwireClient, ServiceError } from "@agentwire/protocol/client";

const workspace = process.argv[2] ?? process.cwd(); // absolute; canonicalised by startOrConnect
const executable = process.env.AGENTWIRE_BIN ?? "agentwire";

const client = await AgentwireClient.startOrConnect({
  workspace,
  executable,
  requiredOperations: ["session.create", "session.claim", "turn.start", "session.list"],
});
try {
  const { session_id } = await client.request("session.create", {});
  const claim = await client.claim(session_id);
  // `signal` would be the Stop button: aborting it cancels the turn.
  const turn = await claim.startTurn("What is in this workspace?");
  for await (const e of turn) {
    if (e.event === "turn.assistant_delta") process.stdout.write(e.payload.text);
    if (e.event === "turn.terminal") console.log(`\n[${e.payload.status}] session ${session_id}`);
  }
  // This workspace's sessions (`{ all_workspaces: true }`: every workspace's).
  const { sessions } = await client.request("session.list", {});
  for (const s of sessions) console.log(`${s.session_id} ${s.workspace ?? "?"}`);
  try {
    await client.request("session.status", {}, { sessionId: "no/such/session" });
  } catch (e) {
    if (!(e instanceof ServiceError && e.code === "invalid_session_id")) throw e;
    console.log(`refused: ${e.message}`);
  }
} finally {
  client.close();
}
