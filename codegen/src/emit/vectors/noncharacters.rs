//! The spellings of RFC 7493 §2.1's noncharacters that the vectors place in strings and member
//! names: every one of the 66, written raw (UTF-8; such vectors are given as `input_base64`, so
//! the vector files themselves stay I-JSON) and as a `\u` escape (a surrogate pair above U+FFFF),
//! and the neighbouring code points that are ordinary characters.

/// One way to write a code point between a JSON string's quotes.
#[derive(Debug, Clone)]
pub struct Spelling {
    /// `raw.ffff`, `escaped.10ffff`, … (lowercase hex of the code point).
    pub name: String,
    /// The text between the quotes.
    pub text: String,
    /// Written as UTF-8 rather than as an escape.
    pub raw: bool,
    /// The code point itself, as a decoder sees it.
    pub decoded: char,
}

/// U+FDD0..U+FDEF and the last two code points of each of the 17 planes.
fn noncharacter_code_points() -> impl Iterator<Item = u32> {
    let planes = (0..=16u32).flat_map(|p| [p << 16 | 0xFFFE, p << 16 | 0xFFFF]);
    (0xFDD0..=0xFDEFu32).chain(planes)
}

fn spellings(c: char) -> [Spelling; 2] {
    let hex = format!("{:x}", c as u32);
    let mut units = [0u16; 2];
    let escaped: String = c.encode_utf16(&mut units).iter().map(|u| format!("\\u{u:04x}")).collect();
    [
        Spelling { name: format!("raw.{hex}"), text: c.to_string(), raw: true, decoded: c },
        Spelling { name: format!("escaped.{hex}"), text: escaped, raw: false, decoded: c },
    ]
}

/// Both spellings of every noncharacter: 132.
pub fn all() -> Vec<Spelling> {
    noncharacter_code_points().filter_map(char::from_u32).flat_map(spellings).collect()
}

/// Both spellings of one noncharacter from each kind: the ends of U+FDD0..U+FDEF, the two of
/// the Basic Multilingual Plane, the first of plane 1 and the last of plane 16.
pub fn representative() -> Vec<Spelling> {
    ['\u{FDD0}', '\u{FDEF}', '\u{FFFE}', '\u{FFFF}', '\u{1FFFE}', '\u{10FFFF}']
        .into_iter()
        .flat_map(spellings)
        .collect()
}

/// Both spellings of the code points next to noncharacters, which are ordinary characters.
pub fn neighbours() -> Vec<Spelling> {
    ['\u{FDCF}', '\u{FDF0}', '\u{FFFD}', '\u{1FFFD}', '\u{10FFFD}'].into_iter().flat_map(spellings).collect()
}

/// The record text as vector input: raw noncharacters as bytes, everything else as text.
pub fn input(text: String, raw_noncharacter: bool) -> super::Input {
    if raw_noncharacter {
        super::Input::Bytes(text.into_bytes())
    } else {
        super::Input::Text(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_66_noncharacters_with_two_spellings_each() {
        let all = all();
        assert_eq!(all.len(), 132);
        let pair = all.iter().find(|s| s.name == "escaped.10ffff").unwrap();
        assert_eq!(pair.text, "\\udbff\\udfff");
        let decoded: String = serde_json::from_str(&format!("\"{}\"", pair.text)).unwrap();
        assert_eq!(decoded, "\u{10FFFF}");
    }
}
