// Generated from protocol.toml. Do not edit.
// Regenerate with `cargo run -p agentwire-codegen -- write`.

// No inner doc comment here: `write` commits this file beside the generated Rust module (and the
// build script copies it when that is stale), where the runtime `include!`s it inside
// `pub mod rfc3339 { .. }` (see `RFC3339_SOURCE`).

/// Whether `s` is an RFC 3339 date-time such as `2026-11-30T08:00:00.5+01:00`.
pub fn is_valid(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r.clone()).is_some_and(|x| x.iter().all(u8::is_ascii_digit));
    let num = |r: std::ops::Range<usize>| s.get(r).and_then(|x| x.parse::<u32>().ok()).unwrap_or(99);
    if b.len() < 20 || !digits(0..4) || b[4] != b'-' || !digits(5..7) || b[7] != b'-' || !digits(8..10) {
        return false;
    }
    if !matches!(b[10], b'T' | b't' | b' ')
        || !digits(11..13)
        || b[13] != b':'
        || !digits(14..16)
        || b[16] != b':'
        || !digits(17..19)
    {
        return false;
    }
    if !(1..=12).contains(&num(5..7))
        || !(1..=31).contains(&num(8..10))
        || num(11..13) > 23
        || num(14..16) > 59
        || num(17..19) > 60
    {
        return false;
    }
    let mut i = 19;
    if b[i] == b'.' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    match &b[i..] {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|c| c.is_ascii_digit()) && num(i + 1..i + 3) <= 23 && num(i + 4..i + 6) <= 59
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::is_valid;

    #[test]
    fn accepts_rfc3339() {
        for ok in ["2026-11-30T08:00:00Z", "2026-11-30t08:00:00.123+01:00", "1990-12-31T23:59:60Z"] {
            assert!(is_valid(ok), "{ok}");
        }
    }

    #[test]
    fn rejects_other_shapes() {
        for bad in [
            "2026-11-30",
            "2026-13-30T08:00:00Z",
            "2026-11-30T08:00:00",
            "2026-11-30T08:00:00.Z",
            "2026-11-30T08:00:00+0100",
        ] {
            assert!(!is_valid(bad), "{bad}");
        }
    }
}
