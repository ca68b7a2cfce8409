//! The generated vector files (format 1, see `conformance/vectors/README.md`). The copies in
//! this crate's `vectors/` folder are compiled in so the binary is self-contained; `--vectors
//! DIR` reads another set (e.g. a newer spec's) instead.

use crate::base64;
use crate::error::{Error, Result};
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The only vector file format this runner understands.
pub const FORMAT: u64 = 1;

const REQUESTS: &str = include_str!("../vectors/requests.json");
const CONSUMER: &str = include_str!("../vectors/consumer.json");
const FRAMING: &str = include_str!("../vectors/framing.json");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Accept,
    Reject,
}

#[derive(Debug, Deserialize)]
struct File<V> {
    format: u64,
    vectors: Vec<V>,
}

/// The identities an error response echoes; each is `null` when not recoverable.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Echo {
    #[serde(default)]
    pub request_id: Option<String>,
    #[serde(default)]
    pub session_id: Option<String>,
    #[serde(default)]
    pub operation_id: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ServerExpect {
    pub outcome: Outcome,
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub echo: Option<Echo>,
}

/// A request record for the strict server decoder (`requests.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct RequestVector {
    pub id: String,
    #[serde(default)]
    pub input: Option<String>,
    #[serde(default)]
    pub input_base64: Option<String>,
    pub expect: ServerExpect,
    #[serde(default)]
    pub rule: Option<String>,
}

/// The request a response answers, as the consumer knows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
pub struct Pending {
    pub method: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    #[serde(default)]
    pub session_id: Option<String>,
    #[serde(default)]
    pub operation_id: Option<String>,
    /// Framing vectors name one request ID per record instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_ids: Option<Vec<String>>,
}

/// What a consumer knows when a record arrives.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
pub struct Context {
    #[serde(default)]
    pub instance_id: Option<String>,
    #[serde(default)]
    pub connection_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<Pending>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Step {
    Send { send: String },
    Receive { receive: String },
}

#[derive(Debug, Clone, Deserialize)]
pub struct ConsumerExpect {
    pub outcome: Outcome,
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub at: Option<usize>,
}

/// A response, event or session message for consumer decoders (`consumer.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct ConsumerVector {
    pub id: String,
    #[serde(default)]
    pub context: Option<Context>,
    #[serde(default)]
    pub input: Option<String>,
    #[serde(default)]
    pub input_base64: Option<String>,
    #[serde(default)]
    pub steps: Option<Vec<Step>>,
    pub expect: ConsumerExpect,
    #[serde(default)]
    pub rule: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Action {
    Write { write: String },
    WriteBase64 { write_base64: String },
    Idle { idle_ms: u64 },
    Eof { eof: bool },
}

#[derive(Debug, Clone, Deserialize)]
pub struct FrameRecord {
    pub outcome: Outcome,
    #[serde(default)]
    pub request_id: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub result: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct FrameExpect {
    pub records: Vec<FrameRecord>,
    pub connection: String,
}

/// Bytes written to a connection and what must follow (`framing.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct FrameVector {
    pub id: String,
    pub applies_to: String,
    #[serde(default)]
    pub context: Option<Context>,
    pub actions: Vec<Action>,
    pub expect: FrameExpect,
    #[serde(default)]
    pub rule: Option<String>,
}

/// Record bytes of a vector given as `input` or `input_base64`.
pub fn input_bytes(id: &str, input: &Option<String>, input_base64: &Option<String>) -> Result<Vec<u8>> {
    match (input, input_base64) {
        (Some(text), _) => Ok(text.as_bytes().to_vec()),
        (None, Some(b64)) => base64::decode(b64).map_err(|e| Error::format(id, e.to_string())),
        (None, None) => Err(Error::format(id, "vector has neither input nor input_base64")),
    }
}

impl RequestVector {
    pub fn bytes(&self) -> Result<Vec<u8>> {
        input_bytes(&self.id, &self.input, &self.input_base64)
    }

    /// The record's `method` when it is a JSON object with a string method.
    pub fn method(&self) -> Option<String> {
        let v: Value = serde_json::from_str(self.input.as_deref()?).ok()?;
        v.get("method")?.as_str().map(str::to_owned)
    }
}

impl Action {
    /// The bytes a write action sends; `None` for idle and EOF.
    pub fn bytes(&self, id: &str) -> Result<Option<Vec<u8>>> {
        match self {
            Action::Write { write } => Ok(Some(write.as_bytes().to_vec())),
            Action::WriteBase64 { write_base64 } => {
                base64::decode(write_base64).map(Some).map_err(|e| Error::format(id, e.to_string()))
            }
            Action::Idle { .. } | Action::Eof { .. } => Ok(None),
        }
    }
}

/// The compiled-in request vectors (the example records rule cases send).
pub fn builtin_requests() -> Result<Vec<RequestVector>> {
    parse(PathBuf::from("<builtin>/requests.json"), REQUESTS)
}

/// The compiled-in consumer vectors (data the event checker reads the spec's payload constants
/// from).
pub fn builtin_consumer() -> Result<Vec<ConsumerVector>> {
    parse(PathBuf::from("<builtin>/consumer.json"), CONSUMER)
}

/// The payload members the spec declares for the record whose vectors start with `prefix`
/// (`resp.<method>` or `event.<name>`), in vector order: the generator writes a presence vector
/// for every declared member, `<prefix>.payload.<member>.missing` when it is required and
/// `.absent` when it is optional, and for no other name.
pub fn payload_members(vectors: &[ConsumerVector], prefix: &str) -> Vec<String> {
    let head = format!("{prefix}.payload.");
    let mut members: Vec<String> = Vec::new();
    for v in vectors {
        let Some(rest) = v.id.strip_prefix(head.as_str()) else { continue };
        let member = rest.strip_suffix(".missing").or_else(|| rest.strip_suffix(".absent"));
        if let Some(m) = member.filter(|m| !m.contains('.')) {
            if !members.iter().any(|x| x == m) {
                members.push(m.to_owned());
            }
        }
    }
    members
}

/// All three vector files.
#[derive(Debug, Clone)]
pub struct Vectors {
    pub requests: Vec<RequestVector>,
    pub consumer: Vec<ConsumerVector>,
    pub framing: Vec<FrameVector>,
}

fn parse<V: serde::de::DeserializeOwned>(path: PathBuf, text: &str) -> Result<Vec<V>> {
    let file: File<V> = serde_json::from_str(text).map_err(|source| Error::Json { path: path.clone(), source })?;
    if file.format != FORMAT {
        return Err(Error::format(path, format!("vector format {} (this runner reads {FORMAT})", file.format)));
    }
    Ok(file.vectors)
}

impl Vectors {
    /// The compiled-in vectors, or those of `dir`.
    pub fn load(dir: Option<&Path>) -> Result<Vectors> {
        let read = |name: &str, builtin: &'static str| -> Result<(PathBuf, std::borrow::Cow<'static, str>)> {
            match dir {
                None => Ok((PathBuf::from(format!("<builtin>/{name}")), builtin.into())),
                Some(d) => {
                    let path = d.join(name);
                    let text = std::fs::read_to_string(&path).map_err(|e| Error::io(&path, e))?;
                    Ok((path, text.into()))
                }
            }
        };
        let (p, t) = read("requests.json", REQUESTS)?;
        let requests = parse(p, &t)?;
        let (p, t) = read("consumer.json", CONSUMER)?;
        let consumer = parse(p, &t)?;
        let (p, t) = read("framing.json", FRAMING)?;
        let framing = parse(p, &t)?;
        Ok(Vectors { requests, consumer, framing })
    }

    /// Every vector ID of the three files.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        let r = self.requests.iter().map(|v| v.id.as_str());
        let c = self.consumer.iter().map(|v| v.id.as_str());
        let f = self.framing.iter().map(|v| v.id.as_str());
        r.chain(c).chain(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_vectors_parse_and_ids_are_unique() {
        let v = Vectors::load(None).unwrap();
        assert!(v.requests.len() > 100 && v.consumer.len() > 1000 && v.framing.len() > 10);
        let mut ids: Vec<&str> = v.ids().collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n, "IDs are unique across the three files");
        for f in &v.framing {
            for a in &f.actions {
                a.bytes(&f.id).unwrap();
            }
        }
    }

    #[test]
    fn payload_members_are_the_declared_ones() {
        // The replay response declares only required members, so its example carries each.
        let v = builtin_consumer().unwrap();
        let prefix = format!("resp.{}", agentwire_protocol::Method::SessionReplay.as_str());
        let example = v.iter().find(|x| x.id == format!("{prefix}.example")).and_then(|x| x.input.clone()).unwrap();
        let example: serde_json::Value = serde_json::from_str(&example).unwrap();
        let mut want: Vec<String> = example["payload"].as_object().unwrap().keys().cloned().collect();
        let mut got = payload_members(&v, &prefix);
        assert!(!got.iter().any(|m| m == "unknown_member"), "the unknown-member vectors name no member");
        got.sort();
        want.sort();
        assert_eq!(got, want);
        // An optional member (`.absent`) counts as declared too; nested members do not.
        let vector = |id: &str| -> ConsumerVector {
            serde_json::from_value(serde_json::json!({"id": id, "expect": {"outcome": "accept"}})).unwrap()
        };
        let synthetic = [
            vector("resp.x.payload.a.missing"),
            vector("resp.x.payload.b.absent"),
            vector("resp.x.payload.b.null"),
            vector("resp.x.payload.a.item.c.missing"),
            vector("resp.x.payload.unknown_member.null"),
        ];
        assert_eq!(payload_members(&synthetic, "resp.x"), ["a", "b"]);
    }
}
