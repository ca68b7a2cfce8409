//! "A daemon-level harness initializes first and substitutes the `instance_id`/`connection_id`
//! it was given for the placeholders `in_0123456789abcdef`/`cn_0123456789abcdef`."
//!
//! Real IDs may differ in length from the placeholders. Size vectors (`*.at_max`) pad their
//! record with trailing spaces to an exact byte count; to keep that count, a line whose length
//! changed and that ends in such padding gets the difference taken from (or added to) its
//! padding. Write boundaries (split writes) are carried over to the rewritten bytes.

pub const INSTANCE: &str = "in_0123456789abcdef";
pub const CONNECTION: &str = "cn_0123456789abcdef";

/// Trailing spaces shorter than this are formatting, not size padding.
const MIN_PADDING: usize = 64;

/// Rewrite `chunks` (consecutive writes of one byte stream); returns the same number of chunks.
pub fn substitute(chunks: &[Vec<u8>], instance: &str, connection: &str) -> Vec<Vec<u8>> {
    let old: Vec<u8> = chunks.concat();
    let subs: [(&[u8], &[u8]); 2] =
        [(INSTANCE.as_bytes(), instance.as_bytes()), (CONNECTION.as_bytes(), connection.as_bytes())];
    let mut new = Vec::with_capacity(old.len() + 64);
    // map[i] = position in `new` of old byte i (map[len] = end).
    let mut map = vec![0usize; old.len() + 1];
    let (mut line_old, mut line_new) = (0usize, 0usize);
    let mut i = 0;
    while i < old.len() {
        if let Some((p, r)) = subs.iter().find(|(p, _)| old[i..].starts_with(p)) {
            for k in 0..p.len() {
                map[i + k] = new.len() + k.min(r.len());
            }
            new.extend_from_slice(r);
            i += p.len();
            continue;
        }
        if old[i] == b'\n' {
            keep_length(&mut new, &mut map, line_old, i, line_new);
            line_old = i + 1;
            line_new = new.len() + 1;
        }
        map[i] = new.len();
        new.push(old[i]);
        i += 1;
    }
    keep_length(&mut new, &mut map, line_old, old.len(), line_new);
    map[old.len()] = new.len();
    let mut out = Vec::with_capacity(chunks.len());
    let mut start_old = 0;
    for c in chunks {
        let end_old = start_old + c.len();
        out.push(new[map[start_old].min(new.len())..map[end_old].min(new.len())].to_vec());
        start_old = end_old;
    }
    out
}

/// The line old[line_old..end_old) was written to new[line_new..]: restore its length from its
/// trailing padding when it has enough.
fn keep_length(new: &mut Vec<u8>, map: &mut [usize], line_old: usize, end_old: usize, line_new: usize) {
    let (old_len, new_len) = (end_old - line_old, new.len() - line_new);
    if old_len == new_len {
        return;
    }
    let mut end = new.len();
    if end > line_new && new[end - 1] == b'\r' {
        end -= 1;
    }
    let run = new[line_new..end].iter().rev().take_while(|&&b| b == b' ').count();
    if run < MIN_PADDING {
        return;
    }
    if new_len > old_len {
        let cut = new_len - old_len;
        if cut >= run {
            return;
        }
        new.drain(end - cut..end);
        let limit = end - cut;
        // Old bytes that mapped into the removed padding now map to where it ended.
        for m in map.iter_mut().take(end_old).skip(line_old) {
            if *m > limit {
                *m = (*m).saturating_sub(cut).max(limit);
            }
        }
    } else {
        let add = old_len - new_len;
        new.splice(end..end, std::iter::repeat_n(b' ', add));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REAL_IN: &str = "in_0123456789abcdef0123456789abcdef";
    const REAL_CN: &str = "cn_0123456789abcdef0";

    #[test]
    fn ids_are_replaced_across_chunk_boundaries() {
        let text = format!("{{\"instance_id\":\"{INSTANCE}\",\"connection_id\":\"{CONNECTION}\"}}\n");
        let (a, b) = text.as_bytes().split_at(20);
        let out = substitute(&[a.to_vec(), b.to_vec()], REAL_IN, REAL_CN);
        assert_eq!(out.len(), 2);
        assert_eq!(
            String::from_utf8(out.concat()).unwrap(),
            text.replace(INSTANCE, REAL_IN).replace(CONNECTION, REAL_CN)
        );
        assert_eq!(out[0], a, "the first write ends before any placeholder");
    }

    #[test]
    fn padded_lines_keep_their_byte_length() {
        let line = format!("{{\"instance_id\":\"{INSTANCE}\"}}{}", " ".repeat(200));
        let text = format!("{line}\n{line}");
        let out = substitute(&[text.as_bytes().to_vec()], REAL_IN, REAL_CN).concat();
        assert_eq!(out.len(), text.len());
        let s = String::from_utf8(out).unwrap();
        assert!(s.contains(REAL_IN));
        assert_eq!(s.split('\n').map(str::len).collect::<Vec<_>>(), vec![line.len(), line.len()]);
        // Shorter real IDs add padding instead.
        let out = substitute(&[text.as_bytes().to_vec()], "in_1", "cn_1").concat();
        assert_eq!(out.len(), text.len());
        // Unpadded lines just change length.
        let plain = format!("{{\"instance_id\":\"{INSTANCE}\"}}\n");
        assert_eq!(
            substitute(&[plain.as_bytes().to_vec()], REAL_IN, REAL_CN).concat().len(),
            plain.len() + REAL_IN.len() - INSTANCE.len()
        );
    }
}
