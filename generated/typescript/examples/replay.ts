// Replay a session's durable transcript page by page, from the start or a saved cursor.
//   AGENTWIRE_BIN=/abs/path/agentwire node replay.js /abs/project SESSION_ID [CURSOR]
import { realpathSync } from "node:fs";
import { AgentwireClient, startOrConnect } from "@agentwire/protocol/client";

const workspace = realpathSync(process.argv[2] ?? process.cwd());
const sessionId = process.argv[3] ?? "";
const executable = process.env.AGENTWIRE_BIN ?? "agentwire";

const discovery = await startOrConnect({ workspace, executable });
const client = await AgentwireClient.connect({ socketPath: discovery.socket, workspace, requiredOperations: ["session.replay"] });
try {
  let after = process.argv[4];
  let items = 0;
  for (;;) {
    const page = await client.replay(sessionId, { after, limit: 8 });
    for (const item of page.events) {
      items++;
      if (item.kind === "message") console.log(`${item.role} part ${item.part}: ${item.text.slice(0, 60)}`);
      if (item.kind === "terminal") console.log(`-- turn ${item.status}`);
    }
    // Save this cursor to continue later (resume() takes it).
    after = page.next_cursor;
    if (!page.truncated) break;
  }
  console.log(JSON.stringify({ items, cursor: after }));
} finally {
  client.close();
}
