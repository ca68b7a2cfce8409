// Compiled by the installed-package test under each moduleResolution (node10, node16, nodenext,
// bundler) against the packed tarball, then run against a live daemon.
import { AgentwireClient, ConnectionClosedError, PACKAGE_VERSION, startOrConnect } from "@agentwire/protocol/client";
import { LIMITS, decodeEventRecord } from "@agentwire/protocol";
import { parseTranscript } from "@agentwire/protocol/stream";

async function main(): Promise<void> {
  const workspace = process.env.SMOKE_WORKSPACE as string;
  const discovery = await startOrConnect({ workspace, executable: process.env.AGENTWIRE_BIN as string });
  const client = await AgentwireClient.connect({ socketPath: discovery.socket, workspace, expect: { instanceId: discovery.instance_id } });
  try {
    const status = await client.request("status", {});
    const { session_id } = await client.request("session.create", {});
    // The natural replay loop: no annotation on `after` (TS7022 with a generic request).
    let after;
    let items = 0;
    for (;;) {
      const page = await client.replay(session_id, { after });
      items += page.events.length;
      after = page.next_cursor;
      if (!page.truncated) break;
    }
    console.log(JSON.stringify({ ok: true, service: status.service, version: PACKAGE_VERSION, items, limits: LIMITS.max_record_bytes, helpers: [typeof decodeEventRecord, typeof parseTranscript, ConnectionClosedError.name] }));
  } finally {
    client.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
