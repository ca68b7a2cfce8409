//! The small HTTP client used for OAuth and model discovery: bounded time, bounded
//! bodies, no redirects (a redirect could carry a credential header elsewhere), and no
//! proxy for loopback servers. Errors carry no URL, header or body.

use reqwest::{Client, Response, Url};
use std::time::Duration;

/// "An in-progress exchange finishes within its existing bounded network timeout."
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HttpError {
    #[error("endpoint URL is invalid")]
    BadUrl,
    #[error("HTTP client could not be built")]
    Client,
    #[error("request failed before a response")]
    Send,
    #[error("request timed out")]
    Timeout,
    #[error("server answered HTTP {0}")]
    Status(u16),
    #[error("response body is too large")]
    TooLarge,
    #[error("response body could not be read")]
    Body,
    #[error("response is not the expected JSON")]
    Json,
}

/// Whether a URL points at this machine (tests, local model servers).
pub fn is_loopback(url: &Url) -> bool {
    let Some(host) = url.host_str() else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Parse an endpoint URL; only `http` and `https` are accepted.
pub fn parse_url(raw: &str) -> Result<Url, HttpError> {
    let url = Url::parse(raw).map_err(|_| HttpError::BadUrl)?;
    if matches!(url.scheme(), "http" | "https") && url.host().is_some() {
        Ok(url)
    } else {
        Err(HttpError::BadUrl)
    }
}

/// A client for requests to `url`.
pub fn client_for(url: &Url) -> Result<Client, HttpError> {
    let mut builder = Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(REQUEST_TIMEOUT)
        .connect_timeout(CONNECT_TIMEOUT)
        .user_agent(concat!("agentwire/", env!("CARGO_PKG_VERSION")));
    if is_loopback(url) {
        builder = builder.no_proxy();
    }
    builder.build().map_err(|_| HttpError::Client)
}

pub fn send_error(e: &reqwest::Error) -> HttpError {
    if e.is_timeout() {
        HttpError::Timeout
    } else {
        HttpError::Send
    }
}

/// A success response's body, at most `max` bytes; other statuses are errors (body unread).
pub async fn body(mut response: Response, max: usize) -> Result<Vec<u8>, HttpError> {
    let status = response.status();
    if !status.is_success() {
        return Err(HttpError::Status(status.as_u16()));
    }
    let mut out = Vec::new();
    while let Some(chunk) =
        response.chunk().await.map_err(|e| if e.is_timeout() { HttpError::Timeout } else { HttpError::Body })?
    {
        if out.len() + chunk.len() > max {
            return Err(HttpError::TooLarge);
        }
        out.extend_from_slice(&chunk);
    }
    Ok(out)
}

/// A success response's JSON body, at most `max` bytes.
pub async fn json(response: Response, max: usize) -> Result<serde_json::Value, HttpError> {
    serde_json::from_slice(&body(response, max).await?).map_err(|_| HttpError::Json)
}
