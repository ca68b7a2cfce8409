//! `initialize`: wire version and capability negotiation, identities and limit maps.

use super::Service;
use crate::wire::ConnCtx;
use agentwire_protocol::{ErrorCode, InitializeRequest, InitializeResponse, PROTOCOL_VERSION};

impl Service {
    pub(super) fn negotiate(&self, cx: &ConnCtx, p: InitializeRequest) -> Result<InitializeResponse, ErrorCode> {
        if !p.supported_protocol_versions.contains(&PROTOCOL_VERSION) {
            return Err(ErrorCode::UnsupportedVersion);
        }
        let caps = super::profiles::advertised();
        // "Requested operation names are requirements, not subscriptions or an allowlist."
        if p.requested_capabilities.iter().any(|r| !caps.operations.contains(r)) {
            return Err(ErrorCode::UnsupportedCapability);
        }
        Ok(InitializeResponse::new(
            PROTOCOL_VERSION,
            self.identity.version.clone(),
            self.identity.instance_id.clone(),
            cx.connection_id.clone(),
            self.identity.workspace_id.clone(),
            self.identity.state_root_id.clone(),
            caps.clone(),
            caps.limits.clone(),
        ))
    }
}
