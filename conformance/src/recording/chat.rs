//! `agentwire-conformance chat`: one scripted conversation through any client behind the
//! client driver protocol, printing each reply as a JSON line, so the same chat can be run by
//! the Rust, TypeScript and Swift clients against a live daemon or the mock, and the outputs
//! compared.

use crate::client::driver::Driver;
use crate::error::{Error, Result};
use serde_json::{Map, Value};
use std::path::Path;
use std::time::Duration;

/// How long one driver command may take (a turn included).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

pub async fn run(exec: &str, script: &Path) -> Result<bool> {
    let text = std::fs::read_to_string(script).map_err(|e| Error::io(script, e))?;
    let mut driver = Driver::spawn(exec, COMMAND_TIMEOUT)?;
    let mut learned = Map::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let mut command: Value =
            serde_json::from_str(line).map_err(|e| Error::format(script, format!("line {}: {e}", i + 1)))?;
        substitute(&mut command, &learned).map_err(|msg| Error::format(script, format!("line {}: {msg}", i + 1)))?;
        let reply = driver.call(&command).await.map_err(Error::Harness)?;
        if let Some(o) = reply.value.as_object() {
            learned.extend(o.iter().filter(|(k, _)| k.as_str() != "ok").map(|(k, v)| (k.clone(), v.clone())));
        }
        println!("{}", canonical(&reply.value));
    }
    driver.stop().await;
    Ok(true)
}

/// `v` with every object's members in name order: drivers write their replies' members in their
/// own orders, and the outputs of two clients must compare equal line by line (whether the
/// JSON map keeps insertion order depends on the crate features of the build).
fn canonical(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut names: Vec<&String> = m.keys().collect();
            names.sort_unstable();
            Value::Object(names.into_iter().map(|k| (k.clone(), canonical(&m[k.as_str()]))).collect())
        }
        Value::Array(a) => Value::Array(a.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

/// Replace each string `"$NAME"` by member NAME of an earlier reply, else the environment
/// variable NAME.
fn substitute(v: &mut Value, learned: &Map<String, Value>) -> std::result::Result<(), String> {
    match v {
        Value::String(s) if s.starts_with('$') => {
            let name = &s[1..];
            *v = match learned.get(name) {
                Some(x) => x.clone(),
                None => Value::String(std::env::var(name).map_err(|_| {
                    format!("`${name}` is neither an earlier reply's member nor set in the environment")
                })?),
            };
        }
        Value::Object(o) => o.values_mut().try_for_each(|x| substitute(x, learned))?,
        Value::Array(a) => a.iter_mut().try_for_each(|x| substitute(x, learned))?,
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn replies_are_printed_with_members_in_name_order_whatever_the_driver_wrote() {
        let reply: serde_json::Value =
            serde_json::from_str(r#"{"ok":true,"status":"completed","display":"x","nested":[{"b":1,"a":2}]}"#).unwrap();
        assert_eq!(
            super::canonical(&reply).to_string(),
            r#"{"display":"x","nested":[{"a":2,"b":1}],"ok":true,"status":"completed"}"#
        );
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn values_come_from_earlier_replies_first() {
        let learned = json!({"session_id": "s-1"}).as_object().cloned().unwrap();
        let mut cmd = json!({"cmd":"claim","session_id":"$session_id","keep":"plain"});
        substitute(&mut cmd, &learned).unwrap();
        assert_eq!(cmd, json!({"cmd":"claim","session_id":"s-1","keep":"plain"}));
        let mut missing = json!({"x": "$AGENTWIRE_TEST_SURELY_UNSET_NAME"});
        assert!(substitute(&mut missing, &learned).is_err());
    }
}
