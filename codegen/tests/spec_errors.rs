//! The generator's messages for broken specs: each points at the line and column of the problem.
//!
//! The snapshots show the text of the line a message points at, not its number: the specs are
//! protocol.toml with one edit, and an edit anywhere else in protocol.toml moves every line
//! number below it without changing what any message points at.

fn diagnostics(edit: impl Fn(&str) -> String) -> String {
    let text = edit(include_str!("../../protocol.toml"));
    match agentwire_codegen::load("protocol.toml", &text) {
        Ok(_) => "accepted".to_string(),
        Err(d) => d.to_string().lines().map(|l| pointed_at(&text, l)).collect::<Vec<_>>().join("\n"),
    }
}

/// `protocol.toml:LINE:COLUMN: message` as `protocol.toml `the line's text`:COLUMN: message`.
fn pointed_at(text: &str, message: &str) -> String {
    let Some(rest) = message.strip_prefix("protocol.toml:") else { return message.to_string() };
    let mut parts = rest.splitn(3, ':');
    let (Some(line), Some(column), Some(what)) = (parts.next(), parts.next(), parts.next()) else {
        return message.to_string();
    };
    let Some(source) = line.parse::<usize>().ok().and_then(|n| text.lines().nth(n.wrapping_sub(1))) else {
        panic!("`{message}` points at no line of the spec");
    };
    format!("protocol.toml `{}`:{column}:{what}", source.trim())
}

fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "fixture text `{from}` is not in protocol.toml");
    text.replacen(from, to, 1)
}

#[test]
fn undefined_type() {
    let out = diagnostics(|t| {
        replace_once(
            t,
            r#"provider_id = { type = "ProviderId", doc = "Selected provider." }"#,
            r#"provider_id = { type = "ProviderIdentifier", doc = "Selected provider." }"#,
        )
    });
    insta::assert_snapshot!(out);
}

#[test]
fn duplicate_name() {
    let out = diagnostics(|t| replace_once(t, "[limits.max_payload_bytes]", "[limits.max_record_bytes]"));
    insta::assert_snapshot!(out);
}

#[test]
fn bound_that_cannot_hold() {
    let out = diagnostics(|t| {
        replace_once(
            t,
            r#"limit = { type = "u32", min = 1, max = "limits.max_session_page_items""#,
            r#"limit = { type = "u32", min = 40, max = "limits.max_session_page_items""#,
        )
    });
    insta::assert_snapshot!(out);
}

#[test]
fn undefined_reference_and_error_code() {
    let out = diagnostics(|t| {
        let t = replace_once(
            t,
            r#"max_bytes = "constants.login_input_max_bytes""#,
            r#"max_bytes = "constants.login_input_bytes""#,
        );
        replace_once(
            &t,
            r#"errors = ["unknown_login", "operation_conflict"]"#,
            r#"errors = ["unknown_login", "login_conflict"]"#,
        )
    });
    insta::assert_snapshot!(out);
}

#[test]
fn optional_and_nullable_without_a_default() {
    let out = diagnostics(|t| {
        replace_once(
            t,
            r#"thinking_level = { type = "ReasoningLevel", optional = true,"#,
            r#"thinking_level = { type = "ReasoningLevel", optional = true, nullable = true,"#,
        )
    });
    insta::assert_snapshot!(out);
}

#[test]
fn unknown_key_in_the_spec_language() {
    let out = diagnostics(|t| {
        replace_once(
            t,
            "[limits.max_error_message_bytes]\nvalue = 512",
            "[limits.max_error_message_bytes]\nvalue = 512\nmaximum = 1024",
        )
    });
    insta::assert_snapshot!(out);
}

#[test]
fn example_that_breaks_its_type() {
    let out = diagnostics(|t| {
        replace_once(
            t,
            r#"response = '{"login_id":"login-1","status":"submitted"}'"#,
            r#"response = '{"login_id":"login-1","status":"accepted"}'"#,
        )
    });
    insta::assert_snapshot!(out);
}

#[test]
fn enum_fallback_outside_its_values() {
    let out = diagnostics(|t| replace_once(t, r#"fallback = "unknown""#, r#"fallback = "other""#));
    insta::assert_snapshot!(out);
}

#[test]
fn output_bound_flag_that_is_not_a_boolean() {
    let out = diagnostics(|t| {
        replace_once(
            t,
            "[limits.max_id_bytes]\nvalue = 128\nunit = \"bytes\"\ngroup = \"general\"\nbounds_output = true",
            "[limits.max_id_bytes]\nvalue = 128\nunit = \"bytes\"\ngroup = \"general\"\nbounds_output = \"output\"",
        )
    });
    insta::assert_snapshot!(out);
}

/// Walkthrough records are checked as the records they are, so the reference never prints an
/// invalid one: a payload violation, a slot rule of the operation, a response to no request,
/// an event's correlation.
#[test]
fn walkthrough_records_are_checked() {
    let cases = [
        (
            r#""payload":{"prompt":"Find the TODOs in this project."}"#,
            r#""payload":{"prompt":"   "}"#,
            "walkthrough record `Start a turn`: payload .prompt: must contain a non-whitespace character",
        ),
        (
            r#""operation_id":"op-turn-1","control":{"claim_id":"cl-1","grant_generation":1}"#,
            r#""operation_id":"op-turn-1","control":null"#,
            "walkthrough record `Start a turn`: `control` is required",
        ),
        (
            r#""kind":"response","request_id":"r-5""#,
            r#""kind":"response","request_id":"r-9""#,
            "walkthrough record `Replay page`: no earlier request has request_id `r-9`",
        ),
        (
            r#""event":"turn.started","instance_id":"in_0123456789abcdef","connection_id":"cn_0123456789abcdef","session_id":"s-01""#,
            r#""event":"turn.started","instance_id":"in_0123456789abcdef","connection_id":"cn_0123456789abcdef","session_id":null"#,
            "walkthrough record `Turn started`: `session_id` is required",
        ),
        (
            r#"{"handshake":"agentwire-unix","version":"0.1.0","workspace":"/home/me/project"}"#,
            r#"{"handshake":"agentwire-unix","version":"0.1.0"}"#,
            "walkthrough record `Handshake request`: not a `HandshakeRequest`: .workspace: missing required field",
        ),
    ];
    for (from, to, expected) in cases {
        let out = diagnostics(|t| replace_once(t, from, to));
        assert!(out.contains(expected), "expected `{expected}` in:\n{out}");
    }
}

#[test]
fn profile_items_name_a_declared_profile() {
    let out = diagnostics(|t| {
        replace_once(
            t,
            "domain = \"approval\"\nprofile = \"approvals\"",
            "domain = \"approval\"\nprofile = \"approval\"",
        )
    });
    assert_eq!(out, "protocol.toml `profile = \"approval\"`:11: undefined profile `approval`");
}

#[test]
fn an_ordinary_operation_cannot_name_a_profiles_error_or_event() {
    // "Nothing of an optional profile leaks into the ordinary one."
    let out = diagnostics(|t| {
        let t = replace_once(
            t,
            r#"errors = ["unknown_turn", "stale_grant", "control_required", "operation_conflict"]"#,
            r#"errors = ["unknown_turn", "stale_grant", "control_required", "operation_conflict", "approval_unknown"]"#,
        );
        replace_once(
            &t,
            r#"events = ["auth.login.progress", "auth.login.terminal"]"#,
            r#"events = ["auth.login.progress", "auth.login.terminal", "approval.resolved"]"#,
        )
    });
    assert!(
        out.contains(
            "`auth.login.start` (the ordinary profile) names `approval.resolved`, an event of profile `approvals`"
        ),
        "{out}"
    );
    assert!(
        out.contains("`turn.cancel` (the ordinary profile) names `approval_unknown`, an error of profile `approvals`"),
        "{out}"
    );
    assert!(out.lines().all(|l| l.starts_with("protocol.toml `[operations.")), "{out}");
}

#[test]
fn a_profile_declaration_refuses_unknown_keys() {
    let out = diagnostics(|t| {
        replace_once(t, "[profiles.approvals]\nversion = 1", "[profiles.approvals]\nversion = 1\nflag = true")
    });
    assert!(out.starts_with("protocol.toml") && out.contains("unknown field `flag`"), "{out}");
}

#[test]
fn a_declared_profile_needs_the_negotiation_operation() {
    let out = diagnostics(|t| replace_once(t, "domain = \"profile\"\nnegotiation = true", "domain = \"profile\""));
    assert!(out.contains("a spec that declares a profile needs one operation with `negotiation = true`"), "{out}");
    assert!(out.contains("names `profile_unsupported`, an error of profile negotiation"), "{out}");
}
