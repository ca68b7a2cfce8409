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
    use crate::consumer::decode_value;
    use crate::runtime::Mode;
    use crate::Capabilities;

    #[test]
    fn advertisement_decodes() {
        let caps = super::capabilities();
        // The ordinary profile's operations and events; no optional profile's, and no offer.
        assert_eq!(caps.operations.len(), crate::Method::ORDINARY.len());
        assert_eq!(caps.events.len(), crate::EventName::ORDINARY.len());
        assert_eq!(caps.limits.extensions.len(), 0);
        assert!(caps.profiles.is_none());
    }

    #[test]
    fn a_consumer_reads_the_profiles_member_and_its_future_members() {
        // The optional `profiles` member, with a member this crate does not know inside it.
        let mut value: serde_json::Value = serde_json::from_str(crate::CAPABILITIES_JSON).unwrap();
        let mut offers: serde_json::Value = serde_json::from_str(crate::PROFILES_JSON).unwrap();
        offers[0]["future"] = serde_json::json!(true);
        value["profiles"] = offers;
        let caps: Capabilities = decode_value(&value, Mode::Tolerant).unwrap();
        let offer = &caps.profiles.unwrap()[0];
        assert_eq!((offer.name.as_str(), offer.versions.as_slice()), ("approvals", &[1][..]));
        assert!(decode_value::<Capabilities>(&value, Mode::Strict).is_err());
    }
}
