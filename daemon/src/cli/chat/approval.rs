//! What `agentwire chat` shows and asks for the approvals profile (issue #38): a request's
//! title, tool kind and proposed change (the diff or the command line), its options with one
//! key each, and every resolution with who decided.
//!
//! Keys come from an option's `kind`, never from its ID or name: `y` allows once, `a` allows
//! always, `n` rejects once, `v` rejects always ("never"). A second option of a kind already
//! keyed gets the digit of its position instead. Agent text is shown with control characters
//! replaced, so nothing it sends can move the cursor or erase what is on the screen.

use agentwire_protocol::{
    ApprovalChange, ApprovalDecider, ApprovalOutcome, ApprovalRequested, ApprovalResolved, PermissionKind,
    PermissionOption,
};

/// The most lines of a diff side or a command shown; the rest is counted, not printed.
const MAX_LINES_SHOWN: usize = 24;

fn kind_key(kind: PermissionKind) -> char {
    match kind {
        PermissionKind::AllowOnce => 'y',
        PermissionKind::AllowAlways => 'a',
        PermissionKind::RejectOnce => 'n',
        PermissionKind::RejectAlways => 'v',
    }
}

fn kind_words(kind: PermissionKind) -> &'static str {
    match kind {
        PermissionKind::AllowOnce => "allow once",
        PermissionKind::AllowAlways => "allow always",
        PermissionKind::RejectOnce => "reject once",
        PermissionKind::RejectAlways => "reject always",
    }
}

/// One key per offered option, in the order offered.
pub fn keys(options: &[PermissionOption]) -> Vec<(char, &PermissionOption)> {
    let mut keyed: Vec<(char, &PermissionOption)> = Vec::with_capacity(options.len());
    for (i, option) in options.iter().enumerate() {
        let by_kind = kind_key(option.kind);
        let key = if keyed.iter().any(|(k, _)| *k == by_kind) {
            char::from_digit(u32::try_from(i + 1).unwrap_or(0) % 10, 10).unwrap_or('0')
        } else {
            by_kind
        };
        keyed.push((key, option));
    }
    keyed
}

/// The option a typed line chose, if it is one of the keys.
pub fn chosen<'a>(keys: &[(char, &'a PermissionOption)], line: &str) -> Option<&'a PermissionOption> {
    let mut chars = line.trim().chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    keys.iter().find(|(k, _)| *k == c).map(|(_, o)| *o)
}

/// Agent text made safe for the terminal: control characters (escape sequences, `\r`,
/// backspace) become `?`; tabs stay.
pub fn printable(text: &str) -> String {
    text.chars().map(|c| if c.is_control() && c != '\t' { '?' } else { c }).collect()
}

fn lines_of(prefix: &str, text: &str, out: &mut Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    for line in lines.iter().take(MAX_LINES_SHOWN) {
        out.push(format!("    {prefix}{}", printable(line)));
    }
    if lines.len() > MAX_LINES_SHOWN {
        out.push(format!("    … {} more lines", lines.len() - MAX_LINES_SHOWN));
    }
}

/// The request as shown, line by line (the options last).
pub fn describe(request: &ApprovalRequested) -> Vec<String> {
    let mut out = vec![format!(
        "[approval] {} — {} (answer by {})",
        printable(&request.title),
        request.kind.as_str(),
        printable(&request.expires_at)
    )];
    match &request.change {
        Some(ApprovalChange::Diff(d)) => {
            out.push(format!("  change to {}:", printable(&d.path)));
            if let Some(old) = &d.old_text {
                lines_of("- ", old, &mut out);
            }
            lines_of("+ ", &d.new_text, &mut out);
        }
        Some(ApprovalChange::Command(c)) => {
            out.push("  command:".to_owned());
            lines_of("$ ", &c.command, &mut out);
        }
        None => {}
    }
    out.push(format!("  {}", options_line(&keys(&request.options))));
    out
}

fn options_line(keys: &[(char, &PermissionOption)]) -> String {
    keys.iter()
        .map(|(k, o)| format!("[{k}] {} ({})", printable(&o.label), kind_words(o.kind)))
        .collect::<Vec<_>>()
        .join("  ")
}

/// The prompt the answer is typed after.
pub fn prompt(keys: &[(char, &PermissionOption)]) -> String {
    let keys: Vec<String> = keys.iter().map(|(k, _)| k.to_string()).collect();
    format!("answer [{}]> ", keys.join("/"))
}

/// The resolution as shown. `ours` is whether this chat's own answer was the one taken, so a
/// person's answer from another front end is named as such.
pub fn resolution(title: Option<&str>, resolved: &ApprovalResolved, ours: bool) -> String {
    let what = match (resolved.outcome, resolved.option_kind) {
        (ApprovalOutcome::Selected, Some(kind)) => kind_words(kind).to_owned(),
        (ApprovalOutcome::Selected, None) => "an option was chosen".to_owned(),
        (ApprovalOutcome::Cancelled, _) => "cancelled".to_owned(),
    };
    let who = match resolved.decided_by {
        ApprovalDecider::Person if ours => "you",
        ApprovalDecider::Person => "a person on another front end",
        ApprovalDecider::Policy => "the policy",
        ApprovalDecider::Deadline => "the deadline",
        ApprovalDecider::Cancel => "the turn's cancel",
    };
    let title = title.map(|t| format!(" {}", printable(t))).unwrap_or_default();
    format!("[approval{title}: {what} — decided by {who}]")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(id: &str, label: &str, kind: PermissionKind) -> PermissionOption {
        PermissionOption::new(id.to_owned(), label.to_owned(), kind)
    }

    #[test]
    fn keys_come_from_the_options_kind_never_from_ids() {
        // "Options are chosen and shown by their kind, never by guessing from ids": IDs that
        // read like the other kind change nothing.
        let options = vec![
            option("reject", "Yes", PermissionKind::AllowOnce),
            option("allow", "No", PermissionKind::RejectOnce),
            option("x", "Always", PermissionKind::AllowAlways),
            option("y", "Never", PermissionKind::RejectAlways),
        ];
        let keys = keys(&options);
        let by_key: Vec<(char, &str)> = keys.iter().map(|(k, o)| (*k, o.id.as_str())).collect();
        assert_eq!(by_key, vec![('y', "reject"), ('n', "allow"), ('a', "x"), ('v', "y")]);
        assert_eq!(chosen(&keys, " y \n").map(|o| o.id.as_str()), Some("reject"));
        assert_eq!(chosen(&keys, "n").map(|o| o.id.as_str()), Some("allow"));
        assert!(chosen(&keys, "yes").is_none());
        assert!(chosen(&keys, "").is_none());
        assert_eq!(prompt(&keys), "answer [y/n/a/v]> ");
    }

    #[test]
    fn a_second_option_of_a_kind_gets_its_position() {
        let options =
            vec![option("a", "Once", PermissionKind::AllowOnce), option("b", "Once more", PermissionKind::AllowOnce)];
        let keys = keys(&options);
        assert_eq!(keys.iter().map(|(k, _)| *k).collect::<String>(), "y2");
    }

    #[test]
    fn agent_text_cannot_erase_the_screen() {
        assert_eq!(printable("a\x1b[2Jb\rc\x08\td"), "a?[2Jb?c?\td");
    }

    #[test]
    fn a_resolution_says_who_decided() {
        let resolved = |by, kind| {
            ApprovalResolved::new(
                "ap-1".to_owned(),
                agentwire_protocol::SessionId::try_from("s1").expect("a valid session ID"),
                "t".to_owned(),
                ApprovalOutcome::Selected,
                Some("o".to_owned()),
                kind,
                by,
            )
        };
        let allowed = resolved(ApprovalDecider::Person, Some(PermissionKind::AllowOnce));
        assert_eq!(resolution(Some("Edit"), &allowed, true), "[approval Edit: allow once — decided by you]");
        assert!(resolution(None, &allowed, false).ends_with("a person on another front end]"));
        let policy = resolved(ApprovalDecider::Policy, Some(PermissionKind::RejectOnce));
        assert!(resolution(None, &policy, false).ends_with("reject once — decided by the policy]"));
        let deadline = resolved(ApprovalDecider::Deadline, Some(PermissionKind::RejectOnce));
        assert!(resolution(None, &deadline, false).ends_with("decided by the deadline]"));
    }
}
