//! Redaction policy for text the service shows clients (titles, projected text) and
//! title sanitization. Best effort by design: it removes credential shapes, it cannot
//! promise that arbitrary user text holds no secret.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

pub const REDACTED: &str = "[redacted]";

struct Rule {
    pattern: Regex,
    replacement: &'static str,
}

fn rule(pattern: &str, replacement: &'static str) -> Rule {
    // ASCII word boundaries keep every pattern on the regex crate's fast DFA engines (Unicode
    // `\b` forces a backtracking fallback); credential shapes are ASCII anyway.
    let pattern = pattern.replace(r"\b", r"(?-u:\b)");
    Rule {
        // The patterns are constants covered by tests; failing here is a build defect.
        pattern: Regex::new(&pattern).expect("redaction pattern must compile"),
        replacement,
    }
}

/// One pass over the text that says whether any rule can match, so clean text (nearly all of
/// it) costs a single scan instead of one per rule.
static ANY: LazyLock<regex::RegexSet> = LazyLock::new(|| {
    regex::RegexSet::new(RULES.iter().map(|r| r.pattern.as_str())).expect("redaction patterns must compile")
});

/// Ordered: whole blocks and header values first, so later token rules do not leave
/// fragments of them behind.
static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    vec![
        // PEM private keys, including a block cut off before its END line.
        rule(r"(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\z)", REDACTED),
        // Credential-carrying headers: the whole value to the end of the line.
        rule(r"(?im)\b((?:proxy-)?authorization|cookie|set-cookie|x-api-key)[ \t]*:[ \t]*[^\r\n]+", "${1}: [redacted]"),
        rule(r"(?i)\b(bearer)\s+[A-Za-z0-9\-._~+/]{12,}=*", "${1} [redacted]"),
        // Provider key formats: OpenAI/Anthropic `sk-…`, Stripe, GitHub, Slack, GitLab,
        // AWS access key IDs, Google API keys, JWTs.
        rule(r"\bsk-[A-Za-z0-9_\-]{16,}", REDACTED),
        rule(r"\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}", REDACTED),
        rule(r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}", REDACTED),
        rule(r"\bgithub_pat_[A-Za-z0-9_]{20,}", REDACTED),
        rule(r"\bxox[abprs]-[A-Za-z0-9\-]{10,}", REDACTED),
        rule(r"\bglpat-[A-Za-z0-9_\-]{20,}", REDACTED),
        rule(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", REDACTED),
        rule(r"\bAIza[0-9A-Za-z_\-]{35}", REDACTED),
        rule(r"\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}", REDACTED),
        // `API_KEY=…`, `"client_secret": "…"`, `password: …`: keep the name, drop the value.
        rule(
            r#"(?i)\b([A-Za-z0-9_\-]*(?:api[_\-]?key|secret|token|password|passwd|access[_\-]?key|private[_\-]?key|credential)[A-Za-z0-9_\-]*)(\s*["']?\s*[:=]\s*["']?)[^\s"',;]{6,}"#,
            "${1}${2}[redacted]",
        ),
    ]
});

/// Replaces credential-like substrings with `[redacted]`; borrows when nothing matched.
pub fn redact(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    if !ANY.is_match(text) {
        return out;
    }
    for rule in RULES.iter() {
        let replaced = match rule.pattern.replace_all(&out, rule.replacement) {
            Cow::Owned(changed) => Some(changed),
            Cow::Borrowed(_) => None,
        };
        if let Some(changed) = replaced {
            out = Cow::Owned(changed);
        }
    }
    out
}

/// A display-safe title: redacted, control and bidi/zero-width characters removed,
/// whitespace collapsed, at most `max_bytes` on a char boundary. `None` when nothing
/// remains. Redaction runs first so truncation cannot expose part of a secret.
pub fn sanitize_title(raw: &str, max_bytes: usize) -> Option<String> {
    let redacted = redact(raw);
    let visible: String =
        redacted.chars().filter(|c| !is_invisible_format(*c)).map(|c| if c.is_control() { ' ' } else { c }).collect();
    let collapsed = visible.split_whitespace().collect::<Vec<_>>().join(" ");
    let bounded = truncate_on_char_boundary(&collapsed, max_bytes).trim_end();
    (!bounded.is_empty()).then(|| bounded.to_string())
}

/// Characters that can hide or reorder displayed text (bidi overrides, zero-width).
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}'
        | '\u{FEFF}'
        | '\u{00AD}')
}

pub fn truncate_on_char_boundary(text: &str, max_bytes: usize) -> &str {
    if text.len() <= max_bytes {
        return text;
    }
    let mut end = max_bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_redacted(input: &str, secret: &str) {
        let out = redact(input);
        assert!(!out.contains(secret), "{secret:?} survived in {out:?}");
        assert!(out.contains(REDACTED), "{out:?}");
    }

    #[test]
    fn provider_keys_are_redacted() {
        let cases = [
            ("key sk-abcdefghijklmnopqrstuvwx1234 here", "sk-abcdefghijklmnopqrstuvwx1234"),
            ("sk-ant-api03-FAKEfakeFAKEfake0123456789_-xyz", "FAKEfakeFAKEfake0123456789"),
            ("sk-proj-FAKE0123456789abcdefABCDEF", "FAKE0123456789abcdef"),
            ("stripe sk_live_FAKE0123456789abcdefgh", "FAKE0123456789abcdefgh"),
            ("ghp_FAKE0123456789abcdefghijklmnopqrstuv", "FAKE0123456789abcdefghij"),
            ("github_pat_11FAKE0123456789_abcdefghijklmnop", "11FAKE0123456789"),
            ("xoxb-1234567890-FAKEfakeFAKE", "xoxb-1234567890"),
            ("glpat-FAKEfakeFAKEfake01234", "FAKEfakeFAKEfake01234"),
            ("AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
            ("AIzaSyFAKE-fake_FAKEfakeFAKEfake0123456", "AIzaSyFAKE"),
            ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.FAKEsignature_abc", "eyJzdWIiOiIxMjM0In0"),
        ];
        for (input, secret) in cases {
            assert_redacted(input, secret);
        }
    }

    #[test]
    fn bearer_and_authorization_values_are_redacted() {
        assert_eq!(redact("curl -H 'x' Bearer FAKEtoken0123456789.abc"), "curl -H 'x' Bearer [redacted]");
        assert_eq!(redact("Authorization: Basic dXNlcjpwYXNz\nnext line"), "Authorization: [redacted]\nnext line");
        assert_redacted("proxy-authorization:token FAKE123", "FAKE123");
        assert_eq!(redact("Cookie: session=FAKE; other=1"), "Cookie: [redacted]");
        assert_eq!(redact("x-api-key: FAKEkey"), "x-api-key: [redacted]");
    }

    #[test]
    fn key_assignments_keep_the_name() {
        assert_eq!(redact("OPENAI_API_KEY=FAKE0123456789"), "OPENAI_API_KEY=[redacted]");
        assert_eq!(redact(r#"{"client_secret": "FAKE-secret-value"}"#), r#"{"client_secret": "[redacted]"}"#);
        assert_eq!(redact("password: hunter2hunter2"), "password: [redacted]");
        assert_redacted("aws_secret_access_key = FAKEwJalrXUtnFEMIK7MDENGbPxRfiCY", "FAKEwJalrXUtnFEMI");
    }

    #[test]
    fn pem_private_keys_are_redacted_whole() {
        let pem = "before\n-----BEGIN RSA PRIVATE KEY-----\nMIIFAKEFAKE\nFAKE==\n-----END RSA PRIVATE KEY-----\nafter";
        assert_eq!(redact(pem), "before\n[redacted]\nafter");
        let cut = "x -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaFAKE";
        assert_eq!(redact(cut), "x [redacted]");
    }

    #[test]
    fn ordinary_text_is_untouched_and_borrowed() {
        let text = "Refactor the token bucket; bearer of news; sk-short; the secret is teamwork";
        assert!(matches!(redact(text), Cow::Borrowed(_)));
    }

    #[test]
    fn titles_are_redacted_cleaned_and_bounded() {
        assert_eq!(
            sanitize_title("  Fix\tthe\n\nbuild\u{202E}  with sk-FAKEabcdefghijklmnop123 \u{7}", 100).as_deref(),
            Some("Fix the build with [redacted]")
        );
        assert_eq!(sanitize_title(" \n\t\u{200B}", 100), None);
        assert_eq!(sanitize_title("héllo wörld", 2).as_deref(), Some("h"));
        assert_eq!(sanitize_title("ab cd", 3).as_deref(), Some("ab"));
    }

    #[test]
    fn truncation_respects_char_boundaries() {
        assert_eq!(truncate_on_char_boundary("日本語", 4), "日");
        assert_eq!(truncate_on_char_boundary("abc", 10), "abc");
        assert_eq!(truncate_on_char_boundary("日本語", 0), "");
    }
}
