//! The spec's capability advertisement as a typed value, decoded once from the generated JSON.

use crate::consumer::decode_value;
use crate::runtime::Mode;
use crate::{Capabilities, CAPABILITIES_JSON};
use std::sync::OnceLock;

/// The complete capability object of the ordinary profile, exactly as the spec declares it.
pub fn capabilities() -> &'static Capabilities {
    static CAPS: OnceLock<Capabilities> = OnceLock::new();
    CAPS.get_or_init(|| {
        // The JSON is generated from the same spec as the decoder, and `advertisement_decodes`
        // below proves they agree, so this cannot fail in a built crate.
        let value: serde_json::Value = serde_json::from_str(CAPABILITIES_JSON).unwrap_or_default();
        decode_value(&value, Mode::Strict).unwrap_or_else(|e| panic!("generated advertisement is invalid: {e}"))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn advertisement_decodes() {
        let caps = super::capabilities();
        assert_eq!(caps.operations.len(), crate::Method::ALL.len());
        assert_eq!(caps.events.len(), crate::EventName::ALL.len());
        assert_eq!(caps.limits.extensions.len(), 0);
    }
}
