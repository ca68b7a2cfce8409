//! Operations as types. The generated [`crate::operation`] module has one marker type per
//! operation implementing [`Operation`]: its request and response payload types, its method,
//! its envelope slot rules and its declared errors are associated items, in the spirit of
//! `lsp_types::request::Request`.
//!
//! [`TypedRequest`] is the one way to build a request envelope from a marker: the method comes
//! from the marker and the payload must be the marker's request type, so a request whose method
//! and payload disagree cannot be built; the session and control slots come from the marker's
//! [`Operation::Slots`] type, so a request that sets a slot its operation forbids, or omits one
//! it requires, cannot be built either:
//!
//! ```compile_fail
//! use agentwire_protocol::{operation::Status, typed::{Identities, Unscoped}, TurnStartRequest, TypedRequest};
//! // `status` with a `turn.start` payload: a type error.
//! let _ = TypedRequest::<Status>::new("r-1".into(), &Identities::default(), String::new, &Unscoped,
//!     TurnStartRequest { prompt: "hi".into() });
//! ```
//!
//! ```compile_fail
//! use agentwire_protocol::{operation::TurnStart, typed::{Identities, InSession}, TurnStartRequest, TypedRequest};
//! // `turn.start` without its control: a type error.
//! let _ = TypedRequest::<TurnStart>::new("r-1".into(), &Identities::default(), String::new,
//!     &InSession { session_id: "s-01".parse().unwrap() }, TurnStartRequest { prompt: "hi".into() });
//! ```
//!
//! ```
//! use agentwire_protocol::{operation::Status, typed::{Identities, Unscoped}, StatusRequest, TypedRequest};
//! let request = TypedRequest::<Status>::new("r-1".into(), &Identities::default(), String::new, &Unscoped, StatusRequest::new());
//! assert_eq!(request.envelope().method, "status");
//! ```
//!
//! On the server side the same markers type what a handler receives: `Request::into_parts`
//! splits a decoded request into its identities and a [`Parts<O>`] per method, whose slots are
//! the marker's, so a `turn.start` handler gets a session ID and a control, not `Option`s:
//!
//! ```
//! use agentwire_protocol::{decode_request, Call};
//! let record = br#"{"protocol_version":2,"kind":"request","request_id":"r-1","instance_id":"in_1","connection_id":"cn_1","session_id":"s-1","operation_id":"op-1","control":{"claim_id":"c-1","grant_generation":1},"method":"turn.start","payload":{"prompt":"hi"}}"#;
//! let parts = decode_request(record).unwrap().into_parts().unwrap();
//! let Call::TurnStart(start) = parts.call else { panic!("a turn.start") };
//! assert_eq!((start.slots.session_id.as_str(), start.slots.control.grant_generation), ("s-1", 1));
//! assert_eq!((start.operation_id.as_str(), start.payload.prompt.as_str()), ("op-1", "hi"));
//! ```

use crate::runtime::{encode_record, EncodeError, SlotRule, WriteJson};
use crate::{
    Control, ErrorCode, EventName, Method, RequestEnvelope, RequestPayload, ResponsePayload, SessionId,
    PROTOCOL_VERSION,
};

/// One operation of the ordinary profile, as a type.
pub trait Operation: Send + Sync + 'static {
    /// Its method.
    const METHOD: Method;
    /// Its method's wire name.
    const NAME: &'static str;
    /// Mutations carry an `operation_id`; reads carry none.
    const MUTATION: bool;
    /// Whether it needs an initialized connection (and so the instance and connection IDs).
    const REQUIRES_INITIALIZATION: bool;
    /// The `session_id` slot: null or required.
    const SESSION_ID: SlotRule;
    /// The `control` slot: null or required.
    const CONTROL: SlotRule;
    /// Its declared error codes (the shared request errors come on top).
    const ERRORS: &'static [ErrorCode];
    /// Events its accepted work may send.
    const EVENTS: &'static [EventName];
    /// The request payload.
    type Request: std::fmt::Debug + Clone + Send + 'static;
    /// The success payload.
    type Response: std::fmt::Debug + Clone + Send + 'static;
    /// What fills the envelope's `session_id` and `control` slots: [`Unscoped`], [`InSession`]
    /// or [`UnderControl`], chosen from the two slot rules.
    type Slots: Slots;
    /// What fills the `operation_id` slot: `String` for a mutation, `()` for a read.
    type OperationId: OperationSlot;
    /// The request payload, routed by this operation's method.
    fn into_payload(request: Self::Request) -> RequestPayload;
    /// This operation's success payload out of a response decoded for its method; `Err` names
    /// the method of a payload that belongs to another.
    fn from_payload(response: ResponsePayload) -> Result<Self::Response, Method>;
}

/// The values of the envelope's `session_id` and `control` slots.
pub trait Slots: Sized + Send + 'static {
    fn session_id(&self) -> Option<&SessionId>;
    fn control(&self) -> Option<&Control>;
    /// The slots of a received envelope; `Err` with the decoder's code when they do not fit
    /// (unreachable for a request [`decode_request`](crate::decode_request) accepted), or
    /// `invalid_session_id` for a session slot that is not a [`SessionId`]: the envelope types
    /// the slot as an opaque ID, and here it becomes a validated one, once.
    fn from_envelope(session_id: Option<String>, control: Option<Control>) -> Result<Self, ErrorCode>;
}

/// The `operation_id` slot of an operation: `String` for mutations, `()` for reads.
pub trait OperationSlot: Sized + Send + 'static {
    fn get(&self) -> Option<&str>;
    /// The slot of a received envelope; `Err(invalid_request)` when it does not fit.
    fn from_envelope(operation_id: Option<String>) -> Result<Self, ErrorCode>;
}

impl OperationSlot for () {
    fn get(&self) -> Option<&str> {
        None
    }
    fn from_envelope(operation_id: Option<String>) -> Result<Self, ErrorCode> {
        operation_id.map_or(Ok(()), |_| Err(ErrorCode::InvalidRequest))
    }
}

impl OperationSlot for String {
    fn get(&self) -> Option<&str> {
        Some(self)
    }
    fn from_envelope(operation_id: Option<String>) -> Result<Self, ErrorCode> {
        operation_id.ok_or(ErrorCode::InvalidRequest)
    }
}

/// A received request as its handler gets it: the slots its operation requires, present by
/// type, and its typed payload. Built by `Request::into_parts`.
pub struct Parts<O: Operation> {
    pub slots: O::Slots,
    pub operation_id: O::OperationId,
    pub payload: O::Request,
}

impl<O: Operation> Parts<O> {
    /// The parts of a received envelope of `O`; `Err` with the decoder's code when its slots do
    /// not fit `O`'s rules.
    pub fn from_envelope(
        session_id: Option<String>,
        control: Option<Control>,
        operation_id: Option<String>,
        payload: O::Request,
    ) -> Result<Self, ErrorCode> {
        Ok(Parts {
            slots: O::Slots::from_envelope(session_id, control)?,
            operation_id: O::OperationId::from_envelope(operation_id)?,
            payload,
        })
    }
}

impl<O: Operation> std::fmt::Debug for Parts<O>
where
    O::Slots: std::fmt::Debug,
    O::OperationId: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parts")
            .field("method", &O::NAME)
            .field("slots", &self.slots)
            .field("operation_id", &self.operation_id)
            .field("payload", &self.payload)
            .finish()
    }
}

/// Whether an operation may answer `code`: one it declares, or a request error every
/// operation shares.
pub fn may_return(method: Method, code: ErrorCode) -> bool {
    ErrorCode::REQUEST_ERRORS.contains(&code) || method.errors().contains(&code)
}

/// Both slots null: operations without a session.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Unscoped;

/// A session and no control: reads of a session, and claiming it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InSession {
    pub session_id: SessionId,
}

/// A session and its control proof: turns and detaching.
#[derive(Debug, Clone, PartialEq)]
pub struct UnderControl {
    pub session_id: SessionId,
    pub control: Control,
}

impl Slots for Unscoped {
    fn session_id(&self) -> Option<&SessionId> {
        None
    }
    fn control(&self) -> Option<&Control> {
        None
    }
    fn from_envelope(session_id: Option<String>, control: Option<Control>) -> Result<Self, ErrorCode> {
        match (session_id, control) {
            (None, None) => Ok(Unscoped),
            _ => Err(ErrorCode::InvalidRequest),
        }
    }
}

impl Slots for InSession {
    fn session_id(&self) -> Option<&SessionId> {
        Some(&self.session_id)
    }
    fn control(&self) -> Option<&Control> {
        None
    }
    fn from_envelope(session_id: Option<String>, control: Option<Control>) -> Result<Self, ErrorCode> {
        match (session_id, control) {
            (Some(session_id), None) => Ok(InSession { session_id: session_id.try_into()? }),
            _ => Err(ErrorCode::InvalidRequest),
        }
    }
}

impl Slots for UnderControl {
    fn session_id(&self) -> Option<&SessionId> {
        Some(&self.session_id)
    }
    fn control(&self) -> Option<&Control> {
        Some(&self.control)
    }
    fn from_envelope(session_id: Option<String>, control: Option<Control>) -> Result<Self, ErrorCode> {
        // The decoder's precedence: the session slot first, then the control.
        match (session_id, control) {
            (Some(session_id), Some(control)) => Ok(UnderControl { session_id: session_id.try_into()?, control }),
            (Some(_), None) => Err(ErrorCode::ControlRequired),
            (None, _) => Err(ErrorCode::InvalidRequest),
        }
    }
}

/// The connection's identities from `initialize`, set on every request that needs them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Identities {
    pub instance_id: String,
    pub connection_id: String,
}

/// A request envelope built from an [`Operation`]: its method, payload and slots agree by
/// construction. The envelope is read-only once built.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedRequest<O: Operation> {
    envelope: RequestEnvelope<RequestPayload>,
    marker: std::marker::PhantomData<O>,
}

impl<O: Operation> TypedRequest<O> {
    /// The envelope of `payload` for `O`. `operation_id` is asked for only when `O` is a
    /// mutation, and `identities` are used only when `O` needs initialization.
    pub fn new(
        request_id: String,
        identities: &Identities,
        operation_id: impl FnOnce() -> String,
        slots: &O::Slots,
        payload: O::Request,
    ) -> Self {
        let ids = O::REQUIRES_INITIALIZATION.then_some(identities);
        let envelope = RequestEnvelope {
            protocol_version: PROTOCOL_VERSION,
            request_id,
            instance_id: ids.map(|i| i.instance_id.clone()),
            connection_id: ids.map(|i| i.connection_id.clone()),
            session_id: slots.session_id().map(|id| id.as_str().to_owned()),
            operation_id: O::MUTATION.then(operation_id),
            control: slots.control().cloned(),
            method: O::NAME.to_owned(),
            payload: O::into_payload(payload),
        };
        TypedRequest { envelope, marker: std::marker::PhantomData }
    }

    pub fn envelope(&self) -> &RequestEnvelope<RequestPayload> {
        &self.envelope
    }

    pub fn into_envelope(self) -> RequestEnvelope<RequestPayload> {
        self.envelope
    }

    /// The record, newline included.
    pub fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        encode_record(&self.envelope)
    }
}

impl<O: Operation> WriteJson for TypedRequest<O> {
    fn write_json(&self, out: &mut Vec<u8>) {
        self.envelope.write_json(out);
    }
}

/// Why a payload does not fit a method's envelope rules (for callers that pick the method at
/// run time, such as a command line; typed callers cannot make these mistakes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SlotError {
    #[error("{0} needs a session")]
    SessionRequired(&'static str),
    #[error("{0} takes no session")]
    SessionForbidden(&'static str),
    #[error("{0} needs the session's control")]
    ControlRequired(&'static str),
    #[error("{0} takes no control")]
    ControlForbidden(&'static str),
}

/// Checks a run-time method's slots against its rules.
pub fn check_slots(method: Method, session_id: Option<&str>, control: Option<&Control>) -> Result<(), SlotError> {
    let rules = method.rules();
    let name = method.as_str();
    match (rules.session_id, session_id.is_some()) {
        (SlotRule::Required, false) => return Err(SlotError::SessionRequired(name)),
        (SlotRule::Null, true) => return Err(SlotError::SessionForbidden(name)),
        _ => {}
    }
    match (rules.control, control.is_some()) {
        (SlotRule::Required, false) => Err(SlotError::ControlRequired(name)),
        (SlotRule::Null, true) => Err(SlotError::ControlForbidden(name)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operation::{SessionReplay, Status, TurnStart};
    use crate::{SessionReplayRequest, StatusRequest, TurnStartRequest};

    fn control() -> Control {
        Control { claim_id: "c-1".into(), grant_generation: 1 }
    }

    #[test]
    fn slots_that_do_not_fit_get_the_decoders_codes() {
        // The decoder's envelope rules, restated by type: a handler never sees these.
        let start = |s: Option<&str>, c: Option<Control>, o: Option<&str>| {
            let (s, o) = (s.map(str::to_owned), o.map(str::to_owned));
            Parts::<TurnStart>::from_envelope(s, c, o, TurnStartRequest { prompt: "hi".into() }).map(|_| ())
        };
        assert_eq!(start(Some("s-1"), Some(control()), Some("op-1")), Ok(()));
        assert_eq!(start(Some("s-1"), None, Some("op-1")), Err(ErrorCode::ControlRequired));
        assert_eq!(start(None, Some(control()), Some("op-1")), Err(ErrorCode::InvalidRequest));
        assert_eq!(start(Some("s-1"), Some(control()), None), Err(ErrorCode::InvalidRequest));
        let replay = Parts::<SessionReplay>::from_envelope(
            Some("s-1".into()),
            Some(control()),
            None,
            SessionReplayRequest { after: None, limit: 1 },
        );
        assert_eq!(replay.err(), Some(ErrorCode::InvalidRequest));
        let status = Parts::<Status>::from_envelope(None, None, Some("op-1".into()), StatusRequest::new());
        assert_eq!(status.err(), Some(ErrorCode::InvalidRequest));
    }

    #[test]
    fn may_return_is_the_declared_codes_and_the_request_errors() {
        assert!(may_return(Method::TurnStart, ErrorCode::SessionBusy));
        assert!(may_return(Method::Status, ErrorCode::InternalError));
        assert!(!may_return(Method::Status, ErrorCode::SessionBusy));
    }
}
