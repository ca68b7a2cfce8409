//! Entry points for the coverage-guided fuzz targets in `fuzz/` (not a public API): the few
//! daemon-internal parsers they exercise, reached without widening the modules they live in.

use crate::catalog::providers::CustomProvider;
use crate::config::settings;
use crate::sessions::replay::{Position, ReplayCursor};
use toml_edit::DocumentMut;

/// A replay cursor's fields, as [`cursor_fields`] reads them and [`encode_cursor`] writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CursorFields {
    pub session_tag: u32,
    pub head_fp: u64,
    /// `Err(base)` is a window start; `Ok((offset, index, span, chain, summary))` an item.
    pub position: Result<(u64, u32, u32, u64, Option<u64>), u64>,
}

/// The fields of a cursor text the daemon accepts; `None` where replay answers `resync_required`.
pub fn cursor_fields(text: &str) -> Option<CursorFields> {
    let cursor = ReplayCursor::decode(text)?;
    let position = match cursor.position {
        Position::Start { base } => Err(base),
        Position::Item { offset, index, span, chain, summary } => Ok((offset, index, span, chain, summary)),
    };
    Some(CursorFields { session_tag: cursor.session_tag, head_fp: cursor.head_fp, position })
}

/// The text the daemon issues for a cursor with these fields.
pub fn encode_cursor(fields: CursorFields) -> String {
    let position = match fields.position {
        Err(base) => Position::Start { base },
        Ok((offset, index, span, chain, summary)) => Position::Item { offset, index, span, chain, summary },
    };
    ReplayCursor { session_tag: fields.session_tag, head_fp: fields.head_fp, position }.encode()
}

/// The custom provider definitions the daemon takes from a parsed global settings file.
pub fn custom_providers(doc: &DocumentMut) -> Vec<CustomProvider> {
    settings::parse_custom(doc).providers
}
