// Connect to a workspace's daemon (starting it if needed) and run one streamed turn.
//   AGENTWIRE_BIN=/abs/path/agentwire node turn.js /abs/project
import { realpathSync } from "node:fs";
import { AgentwireClient, startOrConnect } from "@agentwire/protocol/client";

const workspace = realpathSync(process.argv[2] ?? process.cwd());
const executable = process.env.AGENTWIRE_BIN ?? "/usr/local/bin/agentwire";

const discovery = await startOrConnect({ workspace, executable });
const client = await AgentwireClient.connect({
  socketPath: discovery.socket,
  workspace,
  expect: { instanceId: discovery.instance_id },
  requiredOperations: ["session.create", "session.claim", "turn.start"],
});
try {
  const { session_id } = await client.request("session.create", {});
  await client.request("session.claim", {}, { sessionId: session_id });
  const turn = await client.startTurn(session_id, "What is in this workspace?", { signal: AbortSignal.timeout(60_000) });
  for await (const e of turn) {
    if (e.event === "turn.assistant_delta") process.stdout.write(e.payload.text);
    if (e.event === "turn.terminal") console.log(`\n[${e.payload.status}] session ${session_id}`);
  }
} finally {
  client.close();
}
