//! The generated `limits::OUTPUT_BOUNDS` is exactly what protocol.toml marks `bounds_output`,
//! read from the raw TOML shape rather than the lowered IR the emitter used, so a lowering or
//! emitter slip cannot agree with itself.

use agentwire_protocol::limits;

/// `(name, value)` of every limit of `profile` (`None`: the ordinary one) protocol.toml marks
/// `bounds_output = true`, in spec order.
fn flagged_in(profile: Option<&str>) -> Vec<(String, u64)> {
    let raw = agentwire_codegen::spec::parse("protocol.toml", include_str!("../../protocol.toml"))
        .unwrap_or_else(|d| panic!("{d}"));
    raw.limits
        .iter()
        .filter(|(_, l)| l.get_ref().bounds_output)
        .filter(|(_, l)| l.get_ref().profile.as_ref().map(|p| p.get_ref().as_str()) == profile)
        .map(|(name, l)| (name.clone(), l.get_ref().value))
        .collect()
}

fn flagged_in_the_spec() -> Vec<(String, u64)> {
    flagged_in(None)
}

#[test]
fn a_profiles_output_bounds_are_its_own() {
    // A profile's limits are advertised by its negotiation, never in the ordinary maps.
    for &p in agentwire_protocol::Profile::ALL {
        let generated: Vec<(String, u64)> =
            p.limits().iter().filter(|l| l.bounds_output).map(|l| (l.name.to_owned(), l.value)).collect();
        assert_eq!(generated, flagged_in(Some(p.as_str())));
        assert!(p.limits().iter().all(|l| !limits::ALL.iter().any(|o| o.name == l.name)));
    }
}

#[test]
fn output_bounds_are_exactly_the_limits_the_spec_flags() {
    let generated: Vec<(String, u64)> = limits::OUTPUT_BOUNDS.iter().map(|l| (l.name.to_owned(), l.value)).collect();
    assert_eq!(generated, flagged_in_the_spec());
    assert!(!generated.is_empty(), "the spec flags no output bound");
}

#[test]
fn every_limit_row_carries_its_flag() {
    let flagged: Vec<String> = flagged_in_the_spec().into_iter().map(|(n, _)| n).collect();
    for l in limits::ALL {
        assert_eq!(l.bounds_output, flagged.iter().any(|n| n == l.name), "{}", l.name);
    }
}

#[test]
fn a_limit_map_reads_every_declared_limit_by_name() {
    let caps = agentwire_protocol::advertisement::capabilities();
    for l in limits::ALL {
        assert_eq!(caps.limits.get(l.name), Some(&l.value), "{}", l.name);
    }
    assert_eq!(caps.limits.get("max_future_bytes"), None);
}
