//! Tool arguments as the transcript keeps them: the model's object with its structure intact,
//! within the record's bounds. A small object is stored as it came. A larger one keeps every
//! member it can: string values longer than a cap are cut at a character boundary and end
//! with [`TRUNCATION_MARK`] and the original length; arrays and objects past the collection
//! bound keep their first entries (an array ends with a marker string, an object gains the
//! member [`OMITTED_MEMBER`] with the number of members left out); nesting past the depth
//! bound becomes a marker string. The cap halves until the whole fits
//! [`MAX_STORED_ARGS_BYTES`].

use serde_json::{Map, Value};

use agentwire_protocol::limits;

/// Serialized arguments above this are shortened (a transcript line must fit one record
/// together with the call's title and description).
pub const MAX_STORED_ARGS_BYTES: usize = 8 * 1024;

/// Appended to a shortened string value, followed by ` <original bytes> bytes]`.
pub const TRUNCATION_MARK: &str = "…[truncated from";

/// The member an object gains when members were left out: how many.
pub const OMITTED_MEMBER: &str = "…omitted members";

/// Longest string value kept whole when arguments must be shortened.
const FIRST_STRING_CAP: usize = 1024;
/// Shortest cap tried; below it the value is only its marker.
const LAST_STRING_CAP: usize = 16;

fn collection_bound() -> usize {
    usize::try_from(limits::MAX_ARRAY_ITEMS.min(limits::MAX_OBJECT_FIELDS)).unwrap_or(usize::MAX).saturating_sub(1)
}

fn depth_bound() -> usize {
    // The record itself and the `args` member take two levels.
    usize::try_from(limits::MAX_JSON_DEPTH).unwrap_or(usize::MAX).saturating_sub(2)
}

/// The arguments to store for one call (`args` is a JSON object on the wire; anything else a
/// provider produced is wrapped as `{"value": …}`).
pub fn stored_args(args: &Value) -> Map<String, Value> {
    let object = match args {
        Value::Object(o) => o.clone(),
        other => Map::from_iter([("value".to_owned(), other.clone())]),
    };
    let fits = |o: &Map<String, Value>| serde_json::to_string(o).is_ok_and(|s| s.len() <= MAX_STORED_ARGS_BYTES);
    if fits(&object) && within_shape(&Value::Object(object.clone()), 1) {
        return object;
    }
    let mut cap = FIRST_STRING_CAP;
    loop {
        let shortened = shorten_object(&object, cap, 1);
        if fits(&shortened) || cap <= LAST_STRING_CAP {
            if fits(&shortened) {
                return shortened;
            }
            // Even marker-sized values do not fit (very many members): keep the first members.
            return Map::from_iter([(OMITTED_MEMBER.to_owned(), Value::from(object.len()))]);
        }
        cap /= 2;
    }
}

/// Whether a value is within the collection and depth bounds.
fn within_shape(value: &Value, depth: usize) -> bool {
    match value {
        Value::Array(a) => {
            depth <= depth_bound() && a.len() <= collection_bound() && a.iter().all(|v| within_shape(v, depth + 1))
        }
        Value::Object(o) => {
            depth <= depth_bound() && o.len() <= collection_bound() && o.values().all(|v| within_shape(v, depth + 1))
        }
        _ => true,
    }
}

fn shorten(value: &Value, cap: usize, depth: usize) -> Value {
    match value {
        Value::String(s) if s.len() > cap => Value::String(cut(s, cap)),
        Value::Array(_) | Value::Object(_) if depth > depth_bound() => {
            Value::String(format!("{TRUNCATION_MARK} nesting]"))
        }
        Value::Array(items) => {
            let keep = collection_bound().saturating_sub(1);
            let mut out: Vec<Value> = items.iter().take(keep).map(|v| shorten(v, cap, depth + 1)).collect();
            if items.len() > keep {
                out.push(Value::String(format!("{TRUNCATION_MARK} {} items]", items.len())));
            }
            Value::Array(out)
        }
        Value::Object(members) => Value::Object(shorten_object(members, cap, depth)),
        other => other.clone(),
    }
}

fn shorten_object(members: &Map<String, Value>, cap: usize, depth: usize) -> Map<String, Value> {
    let keep = collection_bound().saturating_sub(1);
    let mut out: Map<String, Value> =
        members.iter().take(keep).map(|(k, v)| (k.clone(), shorten(v, cap, depth + 1))).collect();
    if members.len() > keep {
        out.insert(OMITTED_MEMBER.to_owned(), Value::from(members.len() - keep));
    }
    out
}

fn cut(s: &str, cap: usize) -> String {
    let mut end = cap.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}{TRUNCATION_MARK} {} bytes]", &s[..end], s.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn oversized_args_keep_their_structure_with_long_values_truncated_and_marked() {
        // Issue 20: "oversized args keep their structure with long values truncated and marked",
        // not `{"omitted":"arguments too large"}` with small members such as `path` lost.
        let big = "x".repeat(20_000);
        let args = json!({"path": "src/main.rs", "content": big, "offset": 3, "flags": ["a", "b"]});
        let stored = stored_args(&args);
        assert_eq!(stored["path"], "src/main.rs");
        assert_eq!(stored["offset"], 3);
        assert_eq!(stored["flags"], json!(["a", "b"]));
        let content = stored["content"].as_str().unwrap();
        assert!(content.starts_with("xxxx") && content.ends_with(&format!("{TRUNCATION_MARK} 20000 bytes]")));
        assert!(serde_json::to_string(&stored).unwrap().len() <= MAX_STORED_ARGS_BYTES);
    }

    #[test]
    fn small_args_are_stored_unchanged_and_non_objects_are_wrapped() {
        let args = json!({"pattern": "TODO", "path": "."});
        assert_eq!(Value::Object(stored_args(&args)), args);
        assert_eq!(Value::Object(stored_args(&json!("raw"))), json!({"value": "raw"}));
    }

    #[test]
    fn collections_and_nesting_past_the_bounds_are_cut_with_a_marker() {
        let many: Vec<u64> = (0..200).collect();
        let stored = stored_args(&json!({ "many": many }));
        let kept = stored["many"].as_array().unwrap();
        assert_eq!(kept.len(), collection_bound());
        assert_eq!(kept.last().unwrap(), &json!(format!("{TRUNCATION_MARK} 200 items]")));
        let mut deep = json!("leaf");
        for _ in 0..40 {
            deep = json!({ "d": deep });
        }
        let stored = Value::Object(stored_args(&deep));
        assert!(within_shape(&stored, 1));
        assert!(stored.to_string().contains("nesting]"));
    }
}
