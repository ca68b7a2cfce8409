//! Who answers an agent's permission requests: the configured policy
//! ([`crate::catalog::agents::Permissions`]), because wire v2 advertises no approval route.
//! The answer is the offered option of the verdict's kind, once before always
//! (`allow_once`, else `allow_always`; `reject_once`, else `reject_always`), or none (the
//! request is answered `cancelled`) when the agent offered no option of that kind.

use agent_client_protocol::v1::schema::{PermissionOption, PermissionOptionKind};

use crate::catalog::agents::{Permissions, Verdict};

/// What the policy answers one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub verdict: Verdict,
    /// The chosen option's ID; `None` means the request is answered `cancelled`.
    pub option_id: Option<String>,
}

/// The decision for a call of `kind` (an ACP tool kind; unknown kinds count as `other`).
pub fn decide(permissions: &Permissions, kind: &str, options: &[PermissionOption]) -> Decision {
    let verdict = permissions.verdict(kind);
    let preference = match verdict {
        Verdict::Allow => [PermissionOptionKind::AllowOnce, PermissionOptionKind::AllowAlways],
        Verdict::Reject => [PermissionOptionKind::RejectOnce, PermissionOptionKind::RejectAlways],
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

    #[test]
    fn the_answer_is_an_option_of_the_verdicts_kind_once_before_always() {
        // "The answer picks an option of the matching kind (allow_once/reject_once, else
        // allow_always/reject_always), or cancelled when none matches."
        let p = Permissions::default();
        let all = [
            option("aa", PermissionOptionKind::AllowAlways),
            option("ao", PermissionOptionKind::AllowOnce),
            option("ra", PermissionOptionKind::RejectAlways),
            option("ro", PermissionOptionKind::RejectOnce),
        ];
        assert_eq!(decide(&p, "read", &all).option_id.as_deref(), Some("ao"));
        assert_eq!(decide(&p, "edit", &all).option_id.as_deref(), Some("ro"));
        assert_eq!(decide(&p, "read", &all[..1]).option_id.as_deref(), Some("aa"));
        assert_eq!(decide(&p, "execute", &all[2..3]).option_id.as_deref(), Some("ra"));
        let none = decide(&p, "edit", &all[..2]);
        assert_eq!((none.verdict, none.option_id), (Verdict::Reject, None));
    }
}
