//! Typed operations: a marker's associated items agree with its method's rules, and the
//! envelope a `TypedRequest` builds is one the server's strict decoder accepts, with the
//! method, operation ID and slots its operation asks for.

use agentwire_protocol::operation::{Capabilities, SessionReplay, Status, TurnStart};
use agentwire_protocol::typed::{check_slots, Identities, InSession, SlotError, UnderControl, Unscoped};
use agentwire_protocol::{
    decode_request, Control, Method, Operation, RequestPayload, SessionReplayRequest, StatusRequest, TurnStartRequest,
    TypedRequest,
};

fn ids() -> Identities {
    Identities { instance_id: "in_1".into(), connection_id: "cn_1".into() }
}

fn assert_marker_matches_method<O: Operation>() {
    let rules = O::METHOD.rules();
    assert_eq!(O::NAME, O::METHOD.as_str());
    assert_eq!(O::MUTATION, rules.mutation, "{}", O::NAME);
    assert_eq!(O::SESSION_ID, rules.session_id, "{}", O::NAME);
    assert_eq!(O::CONTROL, rules.control, "{}", O::NAME);
    assert_eq!(O::REQUIRES_INITIALIZATION, rules.requires_initialization, "{}", O::NAME);
    assert_eq!(O::ERRORS, O::METHOD.errors(), "{}", O::NAME);
    assert_eq!(O::EVENTS, O::METHOD.events(), "{}", O::NAME);
}

#[test]
fn markers_carry_their_methods_rules() {
    assert_marker_matches_method::<Status>();
    assert_marker_matches_method::<Capabilities>();
    assert_marker_matches_method::<SessionReplay>();
    assert_marker_matches_method::<TurnStart>();
}

#[test]
fn a_typed_turn_start_is_a_valid_request_with_control_and_an_operation_id() {
    let control = Control::new("cl-1", 3);
    let slots = UnderControl { session_id: "s-01".parse().unwrap(), control: control.clone() };
    let typed =
        TypedRequest::<TurnStart>::new("r-1".into(), &ids(), || "op-1".into(), &slots, TurnStartRequest::new("hi"));
    let mut record = typed.encode().unwrap();
    record.pop();
    let request = decode_request(&record).unwrap();
    assert_eq!(request.method, "turn.start");
    assert!(matches!(request.payload, RequestPayload::TurnStart(ref p) if p.prompt == "hi"));
    assert_eq!(request.session_id.as_deref(), Some("s-01"));
    assert_eq!(request.control, Some(control));
    assert_eq!(request.operation_id.as_deref(), Some("op-1"));
    assert_eq!(request.instance_id.as_deref(), Some("in_1"));
}

#[test]
fn a_typed_read_has_no_operation_id_and_only_the_slots_its_rules_allow() {
    let asked = std::cell::Cell::new(false);
    let op_id = || {
        asked.set(true);
        "op-x".to_owned()
    };
    let typed = TypedRequest::<Status>::new("r-2".into(), &ids(), op_id, &Unscoped, StatusRequest::new());
    assert!(!asked.get(), "a read never asks for an operation ID");
    let env = typed.envelope();
    assert_eq!((env.method.as_str(), env.operation_id.as_deref(), env.session_id.as_deref()), ("status", None, None));
    let replay = TypedRequest::<SessionReplay>::new(
        "r-3".into(),
        &ids(),
        || unreachable!(),
        &InSession { session_id: "s-01".parse().unwrap() },
        SessionReplayRequest::new().with_after(None).with_limit(8),
    );
    let mut record = replay.encode().unwrap();
    record.pop();
    let request = decode_request(&record).unwrap();
    assert_eq!((request.session_id.as_deref(), request.control), (Some("s-01"), None));
}

#[test]
fn a_boxed_response_payload_comes_out_unboxed_and_another_methods_is_given_back() {
    let caps: agentwire_protocol::Capabilities = agentwire_protocol::consumer::decode_value(
        &serde_json::from_str(agentwire_protocol::CAPABILITIES_JSON).unwrap(),
        agentwire_protocol::runtime::Mode::Tolerant,
    )
    .unwrap();
    let payload = agentwire_protocol::ResponsePayload::Capabilities(Box::new(caps.clone()));
    assert_eq!(Capabilities::from_payload(payload.clone()), Ok(caps));
    assert_eq!(Status::from_payload(payload), Err(Method::Capabilities));
}

#[test]
fn run_time_methods_have_their_slots_checked_by_name() {
    let control = Control::new("cl-1", 1);
    assert_eq!(check_slots(Method::SessionReplay, None, None), Err(SlotError::SessionRequired("session.replay")));
    assert_eq!(check_slots(Method::Status, Some("s-01"), None), Err(SlotError::SessionForbidden("status")));
    assert_eq!(check_slots(Method::TurnStart, Some("s-01"), None), Err(SlotError::ControlRequired("turn.start")));
    assert_eq!(
        check_slots(Method::SessionReplay, Some("s-01"), Some(&control)),
        Err(SlotError::ControlForbidden("session.replay"))
    );
    assert_eq!(check_slots(Method::TurnStart, Some("s-01"), Some(&control)), Ok(()));
}
