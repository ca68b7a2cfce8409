//! `agentwire-consumer-harness`: the Rust consumer decoders behind the conformance harness
//! protocol (one JSON line in, one verdict line out; see `conformance/README.md`).

use agentwire_conformance::harness::Harness;
use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut harness = Harness::default();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let verdict = harness.line(&line);
        serde_json::to_writer(&mut out, &verdict)?;
        out.write_all(b"\n")?;
        // Answer each line before reading the next: a driver may wait for it.
        out.flush()?;
    }
    Ok(())
}
