// Watch a session from a second connection: one connection claims the session and runs a turn;
// another, without control, follows the durable transcript as it grows (session.replay from its
// last cursor) until the turn's terminal item appears.
//   AGENTWIRE_BIN=/abs/path/agentwire node watch.js /abs/project
import { realpathSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { AgentwireClient, startOrConnect } from "@agentwire/protocol/client";

const workspace = realpathSync(process.argv[2] ?? process.cwd());
const executable = process.env.AGENTWIRE_BIN ?? "agentwire";

const discovery = await startOrConnect({ workspace, executable });
const connect = () => AgentwireClient.connect({ socketPath: discovery.socket, workspace, expect: { instanceId: discovery.instance_id } });
const [controller, watcher] = await Promise.all([connect(), connect()]);
try {
  const { session_id } = await controller.request("session.create", {});
  const claim = await controller.request("session.claim", {}, { sessionId: session_id });
  const turn = await controller.startTurn(session_id, "List the files here.");

  let after: string | null = claim.snapshot.replay_cursor;
  let seen = 0;
  const deadline = Date.now() + 60_000;
  watching: while (Date.now() < deadline) {
    const page = await watcher.replay(session_id, { after });
    for (const item of page.events) {
      seen++;
      if (item.kind === "message" && item.last_part) console.log(`watcher saw a ${item.role} message`);
      if (item.kind === "terminal") {
        console.log(`watcher saw the turn end: ${item.status}`);
        break watching;
      }
    }
    after = page.next_cursor;
    if (!page.truncated) await sleep(50);
  }
  for await (const _ of turn); // the controller's own stream ends with the terminal too
  console.log(JSON.stringify({ session_id, seen }));
} finally {
  controller.close();
  watcher.close();
}
