//! `initialize`: wire version and capability negotiation, identities and limit maps.

use super::Service;
use crate::wire::ConnCtx;
use agentwire_protocol::{ErrorCode, InitializeRequest, InitializeResponse, PROTOCOL_VERSION};

impl Service {
    pub(super) fn negotiate(&self, cx: &ConnCtx, p: InitializeRequest) -> Result<InitializeResponse, ErrorCode> {
        if !p.supported_protocol_versions.contains(&PROTOCOL_VERSION) {
            return Err(ErrorCode::UnsupportedVersion);
        }
        let caps = agentwire_protocol::capabilities();
        // "Requested operation names are requirements, not subscriptions or an allowlist."
        if p.requested_capabilities.iter().any(|r| !caps.operations.contains(r)) {
            return Err(ErrorCode::UnsupportedCapability);
        }
        Ok(InitializeResponse {
            protocol_version: PROTOCOL_VERSION,
            server_version: self.identity.version.clone(),
            instance_id: self.identity.instance_id.clone(),
            connection_id: cx.connection_id.clone(),
            workspace_id: self.identity.workspace_id.clone(),
            state_root_id: self.identity.state_root_id.clone(),
            limits: caps.limits.clone(),
            capabilities: caps.clone(),
        })
    }
}
