//! What of a provider's or model's ID and label may be shown: selection-ID checks,
//! secret-looking IDs and label sanitizing. Depends on no other catalog module, so both
//! `providers` and `models` can use it.

use agentwire_protocol::{constants, rules};

/// Runs of this many letters and digits with no separator look like keys or tokens,
/// never like a model name (`claude-sonnet-4-5-20250929` has short runs).
const SECRET_RUN_CHARS: usize = 32;

/// Whether an ID looks like a credential: a known key shape, or a long opaque run.
pub fn looks_like_secret(id: &str) -> bool {
    if crate::redact::redact(id) != id {
        return true;
    }
    let lower = id.to_ascii_lowercase();
    if lower.starts_with("sk-") || lower.starts_with("sk_") || lower.starts_with("bearer") {
        return true;
    }
    let mut run = 0;
    for b in id.bytes() {
        run = if b.is_ascii_alphanumeric() { run + 1 } else { 0 };
        if run >= SECRET_RUN_CHARS {
            return true;
        }
    }
    false
}

/// Whether a model ID may be shown and selected: the wire rules, and not secret-looking.
pub fn usable_model_id(id: &str) -> bool {
    rules::MODEL_ID.check(id).is_ok() && !looks_like_secret(id)
}

/// A display-safe label within `LABEL_MAX_BYTES`; `None` when nothing displayable remains.
pub fn sanitize_label(raw: &str) -> Option<String> {
    crate::redact::sanitize_title(raw, constants::LABEL_MAX_BYTES as usize)
}

/// The label to show: the sanitized label, else the (already valid, ASCII) ID bounded.
pub fn label_or_id(raw: Option<&str>, id: &str) -> String {
    raw.and_then(sanitize_label)
        .unwrap_or_else(|| crate::redact::truncate_on_char_boundary(id, constants::LABEL_MAX_BYTES as usize).to_owned())
}
