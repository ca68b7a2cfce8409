//! The RFC 8252 loopback redirect listener on 127.0.0.1. It answers only the callback
//! path; anything else gets a 404 and the listener keeps waiting.

use super::oauth::CALLBACK_PATH;
use std::io;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A browser sends its request at once; a connection that does not is dropped.
const REQUEST_WAIT: Duration = Duration::from_secs(5);
/// Pause after a failed accept.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);
/// Request line and headers of a redirect; the callback URL is the only thing we read.
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// A redirect that reached the callback path: its query string and the browser's
/// connection, answered once the callback is judged.
pub struct Redirect {
    pub query: String,
    stream: TcpStream,
}

impl Redirect {
    /// Tell the browser how it went; the page carries no data from the request.
    pub async fn answer(mut self, accepted: bool) {
        let (status, text) = if accepted {
            ("200 OK", "Sign-in received. You can close this window and return to your application.")
        } else {
            ("400 Bad Request", "Sign-in failed. Return to your application and start the login again.")
        };
        let body = format!("<!doctype html><html><body><p>{text}</p></body></html>");
        let reply = format!("HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}", body.len());
        let _ = tokio::time::timeout(REQUEST_WAIT, self.stream.write_all(reply.as_bytes())).await;
        let _ = self.stream.shutdown().await;
    }
}

pub struct Loopback {
    listener: TcpListener,
}

impl Loopback {
    /// Listen on 127.0.0.1 at `port` (0: any free port); returns the listener and its port.
    pub async fn bind(port: u16) -> io::Result<(Loopback, u16)> {
        let listener = TcpListener::bind(("127.0.0.1", port)).await?;
        let port = listener.local_addr()?.port();
        Ok((Loopback { listener }, port))
    }

    /// The next request for the callback path. Cancel-safe: dropping it loses no redirect
    /// that was already answered.
    pub async fn next_redirect(&self) -> Redirect {
        loop {
            let Ok((stream, _)) = self.listener.accept().await else {
                // Out of descriptors or similar: back off instead of spinning.
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            };
            if let Some(redirect) = read_redirect(stream).await {
                return redirect;
            }
        }
    }
}

async fn read_redirect(mut stream: TcpStream) -> Option<Redirect> {
    let head = tokio::time::timeout(REQUEST_WAIT, read_head(&mut stream)).await.ok()??;
    let line = head.lines().next()?;
    let mut parts = line.split(' ');
    let (method, target) = (parts.next()?, parts.next()?);
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if method != "GET" || path != CALLBACK_PATH {
        let reply = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
        let _ = stream.write_all(reply.as_bytes()).await;
        return None;
    }
    Some(Redirect { query: query.to_owned(), stream })
}

async fn read_head(stream: &mut TcpStream) -> Option<String> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 2048];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 || buf.len() + n > MAX_HEAD_BYTES {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    String::from_utf8(buf).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn get(port: u16, target: &str) -> String {
        let mut s = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        s.write_all(format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes()).await.unwrap();
        let mut out = String::new();
        let _ = s.read_to_string(&mut out).await;
        out
    }

    #[tokio::test]
    async fn only_the_callback_path_is_delivered() {
        let (lb, port) = Loopback::bind(0).await.unwrap();
        let other = tokio::spawn(async move { get(port, "/favicon.ico").await });
        let waiter = tokio::spawn(async move {
            let r = lb.next_redirect().await;
            let q = r.query.clone();
            r.answer(true).await;
            q
        });
        assert!(other.await.unwrap().starts_with("HTTP/1.1 404"));
        let page = get(port, "/auth/callback?code=c&state=s").await;
        assert!(page.starts_with("HTTP/1.1 200") && !page.contains("code=c"), "{page}");
        assert_eq!(waiter.await.unwrap(), "code=c&state=s");
    }
}
