//! Who answers an agent's permission requests: the configured policy
//! ([`crate::catalog::agents::Permissions`]) answers `allow` and `reject` itself, and `ask`
//! goes to the person when a front end that opted into approvals controls the session; with
//! nobody to ask, `ask` is answered by the fallback, reject, exactly as a `reject` verdict.
//! The policy's answer is the offered option of the verdict's kind, once before always
//! (`allow_once`, else `allow_always`; `reject_once`, else `reject_always`), or none (the
//! request is answered `cancelled`) when the agent offered no option of that kind.

use agent_client_protocol::v1::schema::{PermissionOption, PermissionOptionKind};

use crate::catalog::agents::{Permissions, Verdict};

/// What the policy answers one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// [`Verdict::Allow`] or [`Verdict::Reject`]; never `Ask`.
    pub verdict: Verdict,
    /// The chosen option's ID; `None` means the request is answered `cancelled`.
    pub option_id: Option<String>,
}

/// Where one request goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// The policy answers at once.
    Answer(Decision),
    /// The person is asked.
    Ask,
}

/// The route for a call of `kind` (an ACP tool kind; unknown kinds count as `other`);
/// `someone_to_ask` says whether an opted-in front end controls the session.
pub fn route(permissions: &Permissions, kind: &str, options: &[PermissionOption], someone_to_ask: bool) -> Route {
    match permissions.verdict(kind) {
        Verdict::Ask if someone_to_ask => Route::Ask,
        verdict => Route::Answer(answer(verdict, options)),
    }
}

/// The policy's answer for `verdict`; `Ask` answers as the fallback, reject.
pub fn answer(verdict: Verdict, options: &[PermissionOption]) -> Decision {
    let verdict = if verdict == Verdict::Allow { Verdict::Allow } else { Verdict::Reject };
    let preference = match verdict {
        Verdict::Allow => [PermissionOptionKind::AllowOnce, PermissionOptionKind::AllowAlways],
        _ => [PermissionOptionKind::RejectOnce, PermissionOptionKind::RejectAlways],
    };
    let option_id = preference
        .iter()
        .find_map(|wanted| options.iter().find(|o| o.kind == *wanted))
        .map(|o| o.option_id.to_string());
    Decision { verdict, option_id }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(id: &str, kind: PermissionOptionKind) -> PermissionOption {
        PermissionOption::new(id.to_owned(), id.to_owned(), kind)
    }

    fn all() -> [PermissionOption; 4] {
        [
            option("aa", PermissionOptionKind::AllowAlways),
            option("ao", PermissionOptionKind::AllowOnce),
            option("ra", PermissionOptionKind::RejectAlways),
            option("ro", PermissionOptionKind::RejectOnce),
        ]
    }

    fn answered(route: Route) -> Decision {
        match route {
            Route::Answer(d) => d,
            Route::Ask => panic!("the policy asked"),
        }
    }

    #[test]
    fn the_answer_is_an_option_of_the_verdicts_kind_once_before_always() {
        // "The answer picks an option of the matching kind (allow_once/reject_once, else
        // allow_always/reject_always), or cancelled when none matches."
        let p = Permissions::default();
        let all = all();
        assert_eq!(answered(route(&p, "read", &all, false)).option_id.as_deref(), Some("ao"));
        assert_eq!(answered(route(&p, "edit", &all, false)).option_id.as_deref(), Some("ro"));
        assert_eq!(answered(route(&p, "read", &all[..1], false)).option_id.as_deref(), Some("aa"));
        assert_eq!(answered(route(&p, "execute", &all[2..3], false)).option_id.as_deref(), Some("ra"));
        let none = answered(route(&p, "edit", &all[..2], false));
        assert_eq!((none.verdict, none.option_id), (Verdict::Reject, None));
    }

    #[test]
    fn ask_with_nobody_to_ask_is_the_fallback_reject_exactly_as_a_reject_verdict() {
        // "An `ask` request while no connection that opted in controls the session is
        // answered at once as the policy's fallback (reject), recorded as today."
        let all = all();
        let asked = Permissions::default();
        assert_eq!(asked.verdict("edit"), Verdict::Ask);
        let fallback = answered(route(&asked, "edit", &all, false));
        assert_eq!(fallback, answer(Verdict::Reject, &all));
        assert_eq!(fallback, Decision { verdict: Verdict::Reject, option_id: Some("ro".to_owned()) });
        // With somebody to ask, `ask` goes to the person; `allow` and `reject` never do.
        assert_eq!(route(&asked, "edit", &all, true), Route::Ask);
        assert_eq!(answered(route(&asked, "read", &all, true)).verdict, Verdict::Allow);
    }
}
