//! Strict request decoding against plain `serde_json` typed decoding of the same records, side
//! by side in one run (issue target: strict ≤ 1.1× plain for each record).
//!
//! The plain structs below are the baseline a hand-rolled server would use: serde derive, no
//! bounds, no duplicate checks, no exact error codes. They exist only to be measured against.

use agentwire_protocol::{decode_request, request::decode_request_precise, Method};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

#[allow(dead_code)]
#[derive(Deserialize)]
struct PlainEnvelope<P> {
    protocol_version: u16,
    kind: String,
    request_id: String,
    instance_id: Option<String>,
    connection_id: Option<String>,
    session_id: Option<String>,
    operation_id: Option<String>,
    control: Option<PlainControl>,
    method: String,
    payload: P,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct PlainControl {
    claim_id: String,
    grant_generation: u64,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct PlainTurnStart {
    prompt: String,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct PlainSelection {
    provider_id: String,
    model_id: String,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct PlainConfigSet {
    scope: String,
    selection: Option<PlainSelection>,
    thinking_level: Option<String>,
    fast: Option<bool>,
}

fn envelope(method: &str, session: bool, control: bool, payload: Value) -> Value {
    json!({
        "protocol_version": 2, "kind": "request", "request_id": "req-000000000001",
        "instance_id": "in_3f9a0c7e5b1d4a2f8e6c0b9d7a5f3e1c", "connection_id": "cn_8e1f2d3c4b5a69788796a5b4c3d2e1f0",
        "session_id": if session { json!("s-20261130-0001") } else { Value::Null },
        "operation_id": "op-000000000001",
        "control": if control { json!({"claim_id":"cl-0001","grant_generation":3}) } else { Value::Null },
        "method": method, "payload": payload,
    })
}

fn turn_start(prompt_bytes: usize) -> Vec<u8> {
    let prompt: String =
        "Find the TODO comments in src/ and summarize them. ".chars().cycle().take(prompt_bytes).collect();
    serde_json::to_vec(&envelope("turn.start", true, true, json!({ "prompt": prompt }))).expect("encodes")
}

/// config.set with every member at its maximum, written with the generous spacing some clients
/// emit (tab-indented pretty printing folded onto one line), about 2 KiB.
fn config_set() -> Vec<u8> {
    let provider = "custom/local-model-server:".to_string() + &"p".repeat(230);
    let model = "org/model-family.variant-".to_string() + &"m".repeat(231);
    let payload = json!({"scope":"global","selection":{"provider_id":provider,"model_id":model},"thinking_level":"high","fast":true});
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(
        b"\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t",
    );
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    serde::Serialize::serialize(&envelope("config.set", false, false, payload), &mut ser).expect("encodes");
    out.into_iter().map(|b| if b == b'\n' { b' ' } else { b }).collect()
}

/// Median time per call of `f` over one batch.
fn batch(f: &mut dyn FnMut()) -> f64 {
    const CALLS: u32 = 2_000;
    let start = std::time::Instant::now();
    for _ in 0..CALLS {
        f();
    }
    start.elapsed().as_secs_f64() / f64::from(CALLS)
}

/// Fails unless the strict decoder accepts `record` as `method` and the plain baseline decodes it
/// as `PlainEnvelope<P>`: the interleaved loops discard results, so an error path would be timed
/// silently.
fn check<P: DeserializeOwned>(name: &str, record: &[u8], method: Method) {
    let shown = String::from_utf8_lossy(&record[..record.len().min(240)]);
    match decode_request(record) {
        Ok(r) => assert_eq!(r.payload.name(), method, "{name}: strict decode gave another method; record {shown}…"),
        Err(e) => panic!("{name}: strict decode_request failed: {e:?}; record {shown}…"),
    }
    if let Err(e) = serde_json::from_slice::<PlainEnvelope<P>>(record) {
        panic!("{name}: plain serde baseline failed: {e}; record {shown}…");
    }
}

/// Strict and plain alternate batch by batch, so machine noise hits both alike; the ratio of
/// their medians is the figure the target is about.
fn interleaved(name: &str, strict: &mut dyn FnMut(), plain: &mut dyn FnMut()) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..300 {
        a.push(batch(strict));
        b.push(batch(plain));
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (sa, pb) = (median(&mut a), median(&mut b));
    println!(
        "{name:<32} strict {:>9.1} ns  plain {:>9.1} ns  ratio {:.3} (target <= 1.1)",
        sa * 1e9,
        pb * 1e9,
        sa / pb
    );
}

fn bench(c: &mut Criterion) {
    let tc = turn_start(60);
    let cs = config_set();
    let big = turn_start(16_000);
    check::<PlainTurnStart>("turn.start ~300B", &tc, Method::TurnStart);
    check::<PlainConfigSet>("config.set ~2KiB", &cs, Method::ConfigSet);
    check::<PlainTurnStart>("turn.start 16KiB prompt", &big, Method::TurnStart);
    println!("interleaved medians (300 alternating batches of 2000 calls):");
    interleaved("turn.start ~300B", &mut || drop(black_box(decode_request(black_box(&tc)))), &mut || {
        drop(black_box(serde_json::from_slice::<PlainEnvelope<PlainTurnStart>>(black_box(&tc))))
    });
    interleaved("config.set ~2KiB", &mut || drop(black_box(decode_request(black_box(&cs)))), &mut || {
        drop(black_box(serde_json::from_slice::<PlainEnvelope<PlainConfigSet>>(black_box(&cs))))
    });
    interleaved("turn.start 16KiB prompt", &mut || drop(black_box(decode_request(black_box(&big)))), &mut || {
        drop(black_box(serde_json::from_slice::<PlainEnvelope<PlainTurnStart>>(black_box(&big))))
    });
    let records = [
        ("turn.start ~300B", turn_start(60), true),
        ("config.set ~2KiB", config_set(), false),
        ("turn.start 16KiB prompt", turn_start(16_000), true),
    ];
    for (name, record, is_turn) in records {
        let mut g = c.benchmark_group(format!("{name} ({} bytes)", record.len()));
        g.throughput(Throughput::Bytes(record.len() as u64));
        g.bench_function("strict decode_request", |b| b.iter(|| decode_request(black_box(&record)).expect("valid")));
        if is_turn {
            g.bench_function("plain serde from_slice", |b| {
                b.iter(|| serde_json::from_slice::<PlainEnvelope<PlainTurnStart>>(black_box(&record)).expect("valid"))
            });
        } else {
            g.bench_function("plain serde from_slice", |b| {
                b.iter(|| serde_json::from_slice::<PlainEnvelope<PlainConfigSet>>(black_box(&record)).expect("valid"))
            });
        }
        g.bench_function("precise path only", |b| {
            b.iter(|| decode_request_precise(black_box(&record)).expect("valid"))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
