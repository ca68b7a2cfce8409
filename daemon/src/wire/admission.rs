//! Connection-level admission, after decoding and before the operation runs.

use agentwire_protocol::{limits, ErrorCode, Method, Request};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// What one connection has established.
#[derive(Debug)]
pub struct ConnState {
    pub connection_id: String,
    pub instance_id: String,
    initialized: AtomicBool,
    /// At most `max_inflight_requests` IDs, so a scan beats hashing.
    in_flight: Mutex<Vec<String>>,
}

impl ConnState {
    pub fn new(connection_id: String, instance_id: String) -> Self {
        Self { connection_id, instance_id, initialized: AtomicBool::new(false), in_flight: Mutex::new(Vec::new()) }
    }

    pub fn initialized(&self) -> bool {
        self.initialized.load(Ordering::Acquire)
    }

    pub fn mark_initialized(&self) {
        self.initialized.store(true, Ordering::Release);
    }

    /// Check the request against the connection and reserve its request ID.
    pub fn admit(&self, request: &Request) -> Result<(), ErrorCode> {
        let method = request.payload.name();
        if self.initialized() {
            if method == Method::Initialize {
                return Err(ErrorCode::InvalidRequest);
            }
            let ours = request.instance_id.as_deref() == Some(self.instance_id.as_str())
                && request.connection_id.as_deref() == Some(self.connection_id.as_str());
            if !ours {
                return Err(ErrorCode::InstanceMismatch);
            }
        } else if method.rules().requires_initialization {
            return Err(ErrorCode::NotInitialized);
        } else if request.instance_id.is_some() || request.connection_id.is_some() {
            // "initialize carries instance_id:null, connection_id:null"
            return Err(ErrorCode::InvalidRequest);
        }
        self.reserve(&request.request_id)
    }

    fn reserve(&self, request_id: &str) -> Result<(), ErrorCode> {
        let mut set = crate::sync::lock(&self.in_flight);
        if set.iter().any(|id| id == request_id) {
            return Err(ErrorCode::DuplicateRequestId);
        }
        if set.len() as u64 >= limits::MAX_INFLIGHT_REQUESTS {
            return Err(ErrorCode::LimitExceeded);
        }
        set.push(request_id.to_owned());
        Ok(())
    }

    /// "Request IDs are reserved through response writing."
    pub fn release(&self, request_id: &str) {
        let mut set = crate::sync::lock(&self.in_flight);
        if let Some(i) = set.iter().position(|id| id == request_id) {
            set.swap_remove(i);
        }
    }
}
