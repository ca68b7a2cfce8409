//! The advertisement checks a consumer applies to `initialize` and `capabilities` results
//! (vectors README, Consumer vectors): every advertised event is known, wire 2 is selected and
//! advertised, the spec's transports are advertised, and initialize's two limit maps agree on
//! every declared limit. The payload already passed the generated decoder.

use agentwire_protocol::{limits, EventName, PROTOCOL_VERSION};
use serde_json::Value;

const ADVERTISEMENT: &str = "advertisement";

pub fn capabilities(caps: &Value) -> Result<(), &'static str> {
    let has = |list: &str, want: &Value| caps[list].as_array().is_some_and(|a| a.contains(want));
    if !has("protocol_versions", &Value::from(PROTOCOL_VERSION)) || !has("transports", &Value::from("unix")) {
        return Err(ADVERTISEMENT);
    }
    let events = caps["events"].as_array().ok_or(ADVERTISEMENT)?;
    if events.iter().any(|e| e.as_str().and_then(EventName::from_wire).is_none()) {
        return Err(ADVERTISEMENT);
    }
    Ok(())
}

pub fn initialize(init: &Value) -> Result<(), &'static str> {
    if init["protocol_version"].as_u64() != Some(u64::from(PROTOCOL_VERSION)) {
        return Err(ADVERTISEMENT);
    }
    capabilities(&init["capabilities"])?;
    let (a, b) = (&init["limits"], &init["capabilities"]["limits"]);
    if limits::ALL.iter().any(|l| a[l.name] != b[l.name]) {
        return Err(ADVERTISEMENT);
    }
    Ok(())
}
