//! Incremental Server-Sent Events parsing over arbitrary byte chunks. Network reads split
//! events anywhere — inside a line, a `\r\n`, or a multi-byte character — so bytes are kept
//! until a whole line is there, and text is decoded per complete line.

/// One dispatched event: its `event:` name (if any) and its `data:` lines joined by `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    pub event: Option<String>,
    pub data: String,
}

/// A single line is never allowed to grow past this; a peer that never sends a newline
/// cannot make the daemon buffer without bound.
const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, Default)]
pub struct SseParser {
    buf: Vec<u8>,
    /// Prefix of `buf` known to hold no newline.
    scanned: usize,
    event: Option<String>,
    data: Option<String>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SseError {
    #[error("event stream line exceeds {MAX_LINE_BYTES} bytes")]
    LineTooLong,
    #[error("event stream line is not UTF-8")]
    NotUtf8,
}

impl SseParser {
    /// Feeds bytes; returns the events completed by them, in order.
    pub fn push(&mut self, chunk: &[u8]) -> Result<Vec<SseEvent>, SseError> {
        self.buf.extend_from_slice(chunk);
        let mut events = Vec::new();
        let mut start = 0;
        let mut from = self.scanned;
        while let Some(i) = memchr::memchr(b'\n', &self.buf[from..]) {
            let end = from + i;
            let mut line = &self.buf[start..end];
            if line.last() == Some(&b'\r') {
                line = &line[..line.len() - 1];
            }
            let line = std::str::from_utf8(line).map_err(|_| SseError::NotUtf8)?.to_owned();
            if let Some(ev) = self.line(&line) {
                events.push(ev);
            }
            start = end + 1;
            from = start;
        }
        self.buf.drain(..start);
        self.scanned = self.buf.len();
        if self.buf.len() > MAX_LINE_BYTES {
            return Err(SseError::LineTooLong);
        }
        Ok(events)
    }

    fn line(&mut self, line: &str) -> Option<SseEvent> {
        if line.is_empty() {
            let data = self.data.take()?;
            return Some(SseEvent { event: self.event.take(), data });
        }
        if line.starts_with(':') {
            return None; // comment / keep-alive
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        match field {
            "event" => self.event = Some(value.to_owned()),
            "data" => match &mut self.data {
                Some(d) => {
                    d.push('\n');
                    d.push_str(value);
                }
                None => self.data = Some(value.to_owned()),
            },
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STREAM: &str =
        "event: a\ndata: {\"t\":\"héllo → 日本\"}\n\n: ping\r\ndata: one\r\ndata: two\r\n\r\nevent: b\ndata:x\n\n";

    fn expected() -> Vec<SseEvent> {
        vec![
            SseEvent { event: Some("a".into()), data: "{\"t\":\"héllo → 日本\"}".into() },
            SseEvent { event: None, data: "one\ntwo".into() },
            SseEvent { event: Some("b".into()), data: "x".into() },
        ]
    }

    #[test]
    fn every_split_point_gives_the_same_events() {
        let bytes = STREAM.as_bytes();
        for cut in 0..=bytes.len() {
            let mut p = SseParser::default();
            let mut got = p.push(&bytes[..cut]).unwrap();
            got.extend(p.push(&bytes[cut..]).unwrap());
            assert_eq!(got, expected(), "cut at {cut}");
        }
    }

    #[test]
    fn byte_by_byte_gives_the_same_events() {
        let mut p = SseParser::default();
        let mut got = Vec::new();
        for b in STREAM.as_bytes() {
            got.extend(p.push(std::slice::from_ref(b)).unwrap());
        }
        assert_eq!(got, expected());
    }

    #[test]
    fn an_endless_line_is_refused() {
        let mut p = SseParser::default();
        assert_eq!(p.push(&vec![b'a'; MAX_LINE_BYTES + 1]), Err(SseError::LineTooLong));
    }
}
