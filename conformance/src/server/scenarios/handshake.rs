//! The Unix identity handshake (lifecycle §3).

use super::{pass, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use crate::wire::handshake::{line, reply};
use std::time::Duration;

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.handshake.accepted",
        rule: "Package versions must match exactly. ... Only after acceptance does `initialize` follow.",
        requires: &[],
        run: accepted,
    },
    Scenario {
        id: "scenario.handshake.version_mismatch",
        rule: "replies with one line and keeps the connection open only on acceptance ... version_mismatch",
        requires: &[],
        run: version_mismatch,
    },
    Scenario {
        id: "scenario.handshake.version_near_miss",
        rule: "Package versions must match exactly.",
        requires: &[],
        run: version_near_miss,
    },
    Scenario {
        id: "scenario.handshake.workspace_mismatch",
        rule: "replies with one line and keeps the connection open only on acceptance ... workspace_mismatch",
        requires: &[],
        run: workspace_mismatch,
    },
    Scenario {
        id: "scenario.handshake.initialize_first",
        rule: "Only after acceptance does `initialize` follow.",
        requires: &[],
        run: initialize_first,
    },
    Scenario {
        id: "scenario.handshake.invalid",
        rule: "replies with one line and keeps the connection open only on acceptance ... invalid_handshake",
        requires: &[],
        run: invalid,
    },
];

const WAIT: Duration = Duration::from_secs(5);

fn accepted(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let c = cx.open().await?;
        let h = &c.hello;
        crate::ensure!(
            h.version == cx.target.version,
            "accepted version {} is not the client's {}",
            h.version,
            cx.target.version
        );
        let want = cx.target.expected_workspace_id();
        crate::ensure!(h.workspace_id == want, "handshake workspace_id {} is not {want}", h.workspace_id);
        crate::ensure!(
            h.instance_id == cx.adv.instance_id,
            "handshake instance_id {} differs from initialize's {}",
            h.instance_id,
            cx.adv.instance_id
        );
        crate::ensure!(h.state_root_id.starts_with("sr_"), "state_root_id {} lacks the sr_ prefix", h.state_root_id);
        pass()
    })
}

/// Send `text`, expect a rejection with `code`, then the connection closing.
async fn rejected(cx: &Ctx, text: &[u8], code: &str) -> Result<(), Failure> {
    let mut conn = cx.raw().await?;
    conn.write(text).await.map_err(Failure::new)?;
    match reply(&mut conn, WAIT).await? {
        Ok(_) => return Err(Failure::new(format!("handshake accepted; expected rejection `{code}`"))),
        Err(r) if r.code == code => {}
        Err(r) => return Err(Failure::new(format!("rejected with `{}`, expected `{code}`", r.code))),
    }
    match conn.closes_within(WAIT).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(Failure::new("the connection stayed open after a rejected handshake")),
        Err(e) => Err(Failure::new(e)),
    }
}

fn version_mismatch(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let other = format!("{}-conformance-other", cx.target.version);
        rejected(cx, &line(&other, &cx.target.workspace_str()), "version_mismatch").await?;
        pass()
    })
}

/// Versions that differ from `version` by the least a lax comparison would miss: a prefix, a
/// suffix, a leading `v`, and a different case when the version has letters.
fn near_misses(version: &str) -> Vec<(&'static str, String)> {
    let mut probes = vec![
        ("a prefix", version[..version.len() - version.chars().last().map_or(0, char::len_utf8)].to_owned()),
        ("a suffix", format!("{version}0")),
        ("a leading `v`", format!("v{version}")),
    ];
    let swapped: String = version
        .chars()
        .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
        .collect();
    if swapped != version {
        probes.push(("a different case", swapped));
    }
    probes.retain(|(_, v)| v != version);
    probes
}

fn version_near_miss(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let workspace = cx.target.workspace_str();
        for (what, other) in near_misses(&cx.target.version) {
            rejected(cx, &line(&other, &workspace), "version_mismatch")
                .await
                .map_err(|f| Failure::new(format!("a version with {what} ({other:?}): {f}")))?;
        }
        pass()
    })
}

fn workspace_mismatch(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let other = format!("{}/conformance-other-workspace", cx.target.workspace_str().trim_end_matches('/'));
        rejected(cx, &line(&cx.target.version, &other), "workspace_mismatch").await?;
        pass()
    })
}

fn invalid(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        rejected(cx, b"{\"handshake\":\"agentwire-unix\"}\n", "invalid_handshake").await?;
        pass()
    })
}

fn initialize_first(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let init = br#"{"protocol_version":2,"kind":"request","request_id":"r1","instance_id":null,"connection_id":null,"session_id":null,"operation_id":null,"control":null,"method":"initialize","payload":{"supported_protocol_versions":[2]}}
"#;
        rejected(cx, init, "invalid_handshake").await?;
        pass()
    })
}

#[cfg(test)]
mod tests {
    use super::near_misses;

    #[test]
    fn near_misses_differ_from_the_version_by_a_prefix_a_suffix_and_case() {
        let probes: Vec<String> = near_misses("0.1.0-rc.1").into_iter().map(|(_, v)| v).collect();
        assert_eq!(probes, ["0.1.0-rc.", "0.1.0-rc.10", "v0.1.0-rc.1", "0.1.0-RC.1"]);
        assert_eq!(near_misses("1.2.3").len(), 3, "no letters: no case probe");
    }
}
