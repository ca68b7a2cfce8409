//! The consumer suite: every consumer vector (and consumer framing vector) through any decoder
//! behind the harness protocol of [`protocol`].

pub mod cases;
pub mod protocol;

use crate::error::{Error, Result};
use crate::select::Selection;
use crate::transcript::{Dir, Entry, Transcript};
use crate::vectors::{Outcome as Expected, Vectors};
use crate::verdict::{CaseResult, Outcome, Suite};
use cases::{Case, Expect};
use protocol::{HarnessVerdict, Output};
use std::collections::HashMap;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// Every consumer case, selected or not.
pub fn all_cases(vectors: &Vectors) -> Result<Vec<Case>> {
    let mut out = Vec::new();
    for v in &vectors.consumer {
        out.push(cases::from_consumer(v)?);
    }
    for v in vectors.framing.iter().filter(|v| v.applies_to == "consumer") {
        out.push(cases::from_frame(v)?);
    }
    Ok(out)
}

/// Run the selected cases through `sh -c cmd`.
pub async fn run(cmd: &str, vectors: &Vectors, selection: &Selection, timeout: Duration) -> Result<Vec<CaseResult>> {
    let cases: Vec<Case> = all_cases(vectors)?.into_iter().filter(|c| selection.selects(&c.id)).collect();
    let mut child = tokio::process::Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| Error::Harness(format!("cannot start `{cmd}`: {e}")))?;
    let mut stdin = child.stdin.take().ok_or_else(|| Error::Harness("no stdin".into()))?;
    let stdout = child.stdout.take().ok_or_else(|| Error::Harness("no stdout".into()))?;
    let mut sent: HashMap<String, String> = HashMap::new();
    let mut input = Vec::new();
    for line in cases.iter().flat_map(|c| &c.lines) {
        let text = serde_json::to_string(line).map_err(|e| Error::Harness(e.to_string()))?;
        input.extend_from_slice(text.as_bytes());
        input.push(b'\n');
        sent.insert(line.id.clone(), text);
    }
    // Write and read concurrently: a harness answering line by line would otherwise fill its
    // stdout pipe while we are still writing.
    let writer = tokio::spawn(async move {
        let r = stdin.write_all(&input).await;
        drop(stdin);
        r
    });
    let mut outputs: HashMap<String, (Output, String)> = HashMap::new();
    let mut bad_lines = Vec::new();
    let read = async {
        let mut lines = BufReader::new(stdout).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            match serde_json::from_str::<Output>(&line) {
                Ok(o) => {
                    outputs.insert(o.id.clone(), (o, line));
                }
                Err(e) => bad_lines.push(format!("{e}: {line}")),
            }
        }
    };
    let finished = tokio::time::timeout(timeout, read).await.is_ok();
    let _ = writer.await;
    let _ = child.kill().await;
    let mut results = Vec::new();
    for case in &cases {
        let mut transcript = Transcript::default();
        for l in &case.lines {
            if let Some(text) = sent.get(&l.id) {
                transcript.push(Entry::bytes(0, Dir::Send, text.as_bytes()));
            }
            if let Some((_, text)) = outputs.get(&l.id) {
                transcript.push(Entry::bytes(0, Dir::Recv, text.as_bytes()));
            }
        }
        let got: Vec<Option<&Output>> = case.lines.iter().map(|l| outputs.get(&l.id).map(|(o, _)| o)).collect();
        let mut outcome = judge(case, &got);
        if outcome.verdict == crate::verdict::Verdict::Fail && got.iter().any(Option::is_none) {
            let why = if finished {
                "the harness gave no verdict for this case"
            } else {
                "the harness did not answer in time"
            };
            let extra = if bad_lines.is_empty() {
                String::new()
            } else {
                format!(" ({} unreadable output lines, first: {})", bad_lines.len(), bad_lines[0])
            };
            outcome = Outcome::fail(format!("{why}{extra}"));
        }
        results.push(CaseResult {
            rule: case.rule.clone(),
            transcript,
            ..CaseResult::new(&case.id, Suite::Consumer, outcome)
        });
    }
    Ok(results)
}

fn describe(o: &Output) -> String {
    match o.verdict {
        HarnessVerdict::Accept => {
            format!("accepted{}", o.result.as_deref().map(|r| format!(" ({r})")).unwrap_or_default())
        }
        HarnessVerdict::Reject => format!("rejected ({})", o.reason.as_deref().unwrap_or("no reason")),
    }
}

/// One record's verdict against its expectation.
fn single(o: &Output, outcome: Expected, result: Option<&str>) -> Result<(), String> {
    match (outcome, o.verdict) {
        (Expected::Accept, HarnessVerdict::Accept) => match result {
            Some(want) if o.result.as_deref() != Some(want) => {
                Err(format!("accepted as {:?}, expected result {want}", o.result))
            }
            _ => Ok(()),
        },
        (Expected::Reject, HarnessVerdict::Reject) => Ok(()),
        (Expected::Accept, _) => Err(format!("{}, expected acceptance", describe(o))),
        (Expected::Reject, _) => Err(format!("{}, expected rejection", describe(o))),
    }
}

pub fn judge(case: &Case, got: &[Option<&Output>]) -> Outcome {
    let missing = || Outcome::fail("the harness gave no verdict");
    match &case.expect {
        Expect::Single { outcome, result } => match got.first().copied().flatten() {
            None => missing(),
            Some(o) => single(o, *outcome, result.as_deref()).map_or_else(Outcome::fail, |()| Outcome::pass()),
        },
        Expect::Stream { first_reject } => {
            let mut first = None;
            for (i, o) in got.iter().enumerate() {
                match o {
                    None => return missing(),
                    Some(o) if o.verdict == HarnessVerdict::Reject => {
                        first = Some((i, *o));
                        break;
                    }
                    Some(_) => {}
                }
            }
            match (first_reject, first) {
                (None, None) => Outcome::pass(),
                (Some(at), Some((i, _))) if *at == i => Outcome::pass(),
                (Some(at), Some((i, o))) => {
                    Outcome::fail(format!("first rejection at step {i} ({}), expected at step {at}", describe(o)))
                }
                (Some(at), None) => Outcome::fail(format!("every step accepted, expected a rejection at step {at}")),
                (None, Some((i, o))) => {
                    Outcome::fail(format!("step {i} {}, expected every step accepted", describe(o)))
                }
            }
        }
        Expect::Frame { records, connection, tail_at_eof } => {
            if got.len() < records.len() {
                return Outcome::fail(format!(
                    "the bytes delimit {} records, the vector expects {}",
                    got.len(),
                    records.len()
                ));
            }
            let mut failed = *tail_at_eof;
            for (i, (want, o)) in records.iter().zip(got).enumerate() {
                let Some(o) = o else { return missing() };
                if let Err(e) = single(o, want.outcome, want.result.as_deref()) {
                    return Outcome::fail(format!("record {i}: {e}"));
                }
                failed |= o.verdict == HarnessVerdict::Reject;
            }
            match (connection.as_str(), failed) {
                ("open", false) | ("failed", true) => Outcome::pass(),
                (want, _) => Outcome::fail(format!(
                    "the stream is {} after the records, expected {want}",
                    if failed { "failed" } else { "open" }
                )),
            }
        }
    }
}
