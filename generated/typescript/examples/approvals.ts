// Opt into the approvals profile, run a turn and answer the agent's permission requests: show
// each request (title, kind, the proposed change, the offered options), answer it by the
// options' kind, and show what decided it. A daemon without the profile fails before any turn.
//   AGENTWIRE_BIN=/abs/path/agentwire node approvals.js /abs/project [prompt] [allow|reject]
import { AgentwireClient, ProfileUnavailableError } from "@agentwire/protocol/client";

const workspace = process.argv[2] ?? process.cwd(); // absolute; canonicalised by startOrConnect
const prompt = process.argv[3] ?? "Turn debugging on in config.toml.";
const answer = process.argv[4] === "reject" ? "reject-once" : "allow-once";
const executable = process.env.AGENTWIRE_BIN ?? "agentwire";

let client: AgentwireClient;
try {
  // `approvals: true` negotiates the profile before connecting resolves, so before any claim.
  client = await AgentwireClient.startOrConnect({ workspace, executable, approvals: true });
} catch (e) {
  if (!(e instanceof ProfileUnavailableError)) throw e;
  console.error(`no approvals (${e.reason}): ${e.message}`); // not_offered, rejected or mismatch
  process.exit(1);
}
try {
  const terms = client.negotiated("approvals");
  console.log(`approvals v${terms?.version}: unanswered requests are rejected after ${terms?.limits["approval_deadline_ms"]} ms`);
  const { session_id } = await client.request("session.create", {});
  const claim = await client.claim(session_id);
  for await (const e of await claim.startTurn(prompt)) {
    if (e.event === "turn.assistant_delta") process.stdout.write(e.payload.text);
    if (e.event === "approval.requested") {
      const r = e.payload;
      console.log(`\n? ${r.title} (${r.kind})`);
      if (r.change?.type === "diff") console.log(`  edit ${r.change.path}: ${JSON.stringify(r.change.old_text)} -> ${JSON.stringify(r.change.new_text)}`);
      if (r.change?.type === "command") console.log(`  run ${r.change.command}`);
      for (const o of r.options) console.log(`  [${o.kind}] ${o.label}`);
      // Choose by kind, never by ID; unanswered, the deadline rejects.
      const choice = r.options.find((o) => o.kind === answer);
      if (choice !== undefined) console.log(`answered ${(await claim.respond(r.approval_id, choice.id)).option_kind}`);
    }
    if (e.event === "approval.resolved") console.log(`= ${e.payload.option_kind ?? e.payload.outcome} by ${e.payload.decided_by}`);
    if (e.event === "turn.terminal") console.log(`\n[${e.payload.status}] session ${session_id}`);
  }
} finally {
  client.close();
}
