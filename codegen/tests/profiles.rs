//! Optional profiles against the ordinary one: "Nothing of an optional profile leaks into the
//! ordinary one", and what a client that never opts in reads stays what it was, with one
//! optional member that today's consumer decoders already accept.

use agentwire_codegen::advertise;
use agentwire_codegen::ir::{Membership, Spec, TypeKind, TypeRef};
use agentwire_codegen::validate::{check, Mode};
use serde_json::Value;

fn spec() -> Spec {
    agentwire_codegen::load("protocol.toml", include_str!("../../protocol.toml")).unwrap_or_else(|d| panic!("{d}"))
}

#[test]
fn the_ordinary_advertisement_lists_no_profile_item() {
    // "The ordinary profile advertises 22 operations and six events"
    let s = spec();
    let caps = advertise::capabilities(&s);
    let names = |v: &Value| v.as_array().unwrap().iter().map(|n| n.as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(names(&caps["operations"]).len(), 22);
    assert_eq!(names(&caps["events"]).len(), 6);
    assert!(caps.get("profiles").is_none(), "the spec's advertisement offers no profile by itself");
    for o in s.operations.iter().filter(|o| !o.profile.is_ordinary()) {
        assert!(!names(&caps["operations"]).contains(&o.method), "{} leaked", o.method);
    }
    for e in s.events.iter().filter(|e| !e.profile.is_ordinary()) {
        assert!(!names(&caps["events"]).contains(&e.name), "{} leaked", e.name);
    }
    let limits = caps["limits"].as_object().unwrap();
    for l in &s.limits {
        assert_eq!(limits.contains_key(&l.name), l.profile.is_ordinary(), "{}", l.name);
    }
}

#[test]
fn the_approvals_profile_owns_what_its_negotiation_answers() {
    let s = spec();
    let p = s.profile("approvals").expect("approvals is declared");
    let terms = advertise::profile_terms(&s, p);
    let example = &s.operation("profile.negotiate").unwrap().examples[0].response;
    assert_eq!(&terms, example, "the negotiate example is the profile's terms");
    assert_eq!(s.negotiation().map(|o| o.method.as_str()), Some("profile.negotiate"));
    let approvals = Membership::Profile("approvals".into());
    assert_eq!(s.operation("approval.respond").unwrap().profile, approvals);
    for e in ["approval.requested", "approval.resolved"] {
        let event = s.event(e).unwrap();
        assert_eq!(event.profile, approvals);
        assert!(!event.sequenced, "{e}: profile events never take a turn sequence number");
    }
}

#[test]
fn todays_consumers_accept_the_profiles_member() {
    // "Anything added to what such a client reads ... is an optional member that ... today's
    // consumer decoders already accept": a capability type without `profiles` (the one today's
    // consumers were built from) reads an advertisement that carries it, tolerantly, and a
    // strict reading proves the member is unknown to it.
    let mut today = spec();
    let caps_ty = today.types.iter_mut().find(|t| t.name == "Capabilities").unwrap();
    let TypeKind::Object(o) = &mut caps_ty.kind else { panic!("Capabilities is an object") };
    o.fields.retain(|f| f.name != "profiles");
    let mut caps = advertise::capabilities(&today);
    caps["profiles"] = advertise::profiles(&today);
    let ty = TypeRef::Named("Capabilities".into());
    assert_eq!(check(&today, &ty, &caps, Mode::Tolerant), Ok(()));
    assert!(check(&today, &ty, &caps, Mode::Strict).is_err());
    // And the spec that declares the member reads it fully.
    assert_eq!(check(&spec(), &ty, &caps, Mode::Strict), Ok(()));
}
