//! The HTTP side shared by network providers: one client, a JSON POST whose success body is an
//! SSE stream, and idle/size bounds on that stream.

use std::sync::OnceLock;
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::header::HeaderMap;

use super::sse::{SseEvent, SseParser};
use super::ProviderError;

/// A provider that sends nothing for this long is treated as gone (a wall-clock bound on
/// abandoned reads; cancellation drops the read sooner).
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// One pooled client for every provider request of this daemon.
pub(crate) fn client() -> Result<&'static reqwest::Client, ProviderError> {
    static CLIENT: OnceLock<Result<reqwest::Client, String>> = OnceLock::new();
    CLIENT
        .get_or_init(|| reqwest::Client::builder().connect_timeout(CONNECT_TIMEOUT).build().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| ProviderError::Transport(e.clone()))
}

fn transport(e: reqwest::Error) -> ProviderError {
    // reqwest errors can name the URL; keep only the kind for logs.
    let kind = if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "connect"
    } else if e.is_body() || e.is_decode() {
        "body"
    } else {
        "request"
    };
    ProviderError::Transport(kind.to_owned())
}

/// A successful streaming response, read as SSE events.
pub(crate) struct SseStream {
    body: futures_util::stream::BoxStream<'static, reqwest::Result<bytes::Bytes>>,
    parser: SseParser,
    ready: std::collections::VecDeque<SseEvent>,
}

impl SseStream {
    /// The next event; `None` at the end of the body.
    pub(crate) async fn next(&mut self) -> Result<Option<SseEvent>, ProviderError> {
        loop {
            if let Some(ev) = self.ready.pop_front() {
                return Ok(Some(ev));
            }
            let chunk = match tokio::time::timeout(IDLE_TIMEOUT, self.body.next()).await {
                Err(_) => return Err(ProviderError::Stalled),
                Ok(None) => return Ok(None),
                Ok(Some(chunk)) => chunk.map_err(transport)?,
            };
            self.ready.extend(self.parser.push(&chunk).map_err(|e| ProviderError::Protocol(e.to_string()))?);
        }
    }
}

/// POSTs `body` as JSON; a non-success status is an error (its body is not read: provider
/// error bodies can echo request content).
pub(crate) async fn post_sse(
    url: &str,
    headers: HeaderMap,
    body: &serde_json::Value,
) -> Result<SseStream, ProviderError> {
    let response = client()?.post(url).headers(headers).json(body).send().await.map_err(transport)?;
    let status = response.status();
    if !status.is_success() {
        return Err(ProviderError::Status(status.as_u16()));
    }
    Ok(SseStream { body: response.bytes_stream().boxed(), parser: SseParser::default(), ready: Default::default() })
}

/// Builds a header map from static names and runtime values; a value that is not a valid
/// header (e.g. a key with a newline) is an auth problem, never sent.
pub(crate) fn headers(pairs: &[(&'static str, &str)]) -> Result<HeaderMap, ProviderError> {
    let mut map = HeaderMap::new();
    for (name, value) in pairs {
        let value = reqwest::header::HeaderValue::from_str(value).map_err(|_| ProviderError::Auth)?;
        map.insert(*name, value);
    }
    Ok(map)
}

/// Parses an event's data as JSON.
pub(crate) fn json(data: &str) -> Result<serde_json::Value, ProviderError> {
    serde_json::from_str(data).map_err(|_| ProviderError::Protocol("event data is not JSON".into()))
}

/// Parses accumulated tool arguments; an empty string is an empty object.
pub(crate) fn arguments(raw: &str) -> Result<serde_json::Value, ProviderError> {
    if raw.trim().is_empty() {
        return Ok(serde_json::Value::Object(Default::default()));
    }
    serde_json::from_str(raw).map_err(|_| ProviderError::Protocol("tool arguments are not JSON".into()))
}
