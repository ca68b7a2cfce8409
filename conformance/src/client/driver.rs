//! The driver process: the client under test behind the driver protocol (one JSON command per
//! line on its stdin, one JSON reply per line on its stdout; see the README's "Client driver
//! protocol").

use crate::error::{Error, Result};
use serde_json::Value;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

/// A driver's answer to one command.
#[derive(Debug, Clone)]
pub struct Reply {
    pub ok: bool,
    /// The whole reply object (`error`, `code`, command results).
    pub value: Value,
}

impl Reply {
    pub fn str(&self, member: &str) -> Option<&str> {
        self.value.get(member).and_then(Value::as_str)
    }

    /// What the driver said went wrong, for failure messages.
    pub fn describe(&self) -> String {
        self.value.to_string()
    }
}

pub struct Driver {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
    stderr: Arc<Mutex<String>>,
    timeout: Duration,
}

/// Longest stderr tail kept for a failure message.
const STDERR_KEPT: usize = 2000;

impl Driver {
    pub fn spawn(cmd: &str, timeout: Duration) -> Result<Driver> {
        let mut child = tokio::process::Command::new("sh")
            .arg("-c")
            .arg(cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| Error::Harness(format!("cannot start `{cmd}`: {e}")))?;
        let stdin = child.stdin.take().ok_or_else(|| Error::Harness("driver has no stdin".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| Error::Harness("driver has no stdout".into()))?;
        let stderr = Arc::new(Mutex::new(String::new()));
        if let Some(mut err) = child.stderr.take() {
            let keep = Arc::clone(&stderr);
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let _ = err.read_to_end(&mut buf).await;
                let text = String::from_utf8_lossy(&buf);
                let tail = &text[text.len().saturating_sub(STDERR_KEPT)..];
                *keep.lock().unwrap_or_else(|p| p.into_inner()) = tail.to_owned();
            });
        }
        Ok(Driver { child, stdin, stdout: BufReader::new(stdout).lines(), stderr, timeout })
    }

    /// Sends `command` and waits for its reply.
    pub async fn call(&mut self, command: &Value) -> std::result::Result<Reply, String> {
        self.send(command).await?;
        self.recv(command).await
    }

    /// Writes one command without waiting for its reply (drivers answer in order).
    pub async fn send(&mut self, command: &Value) -> std::result::Result<(), String> {
        let mut line = command.to_string();
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).await.map_err(|e| format!("driver stdin: {e}"))
    }

    /// The reply to `command`, sent earlier.
    pub async fn recv(&mut self, command: &Value) -> std::result::Result<Reply, String> {
        let read = tokio::time::timeout(self.timeout, self.stdout.next_line()).await;
        let text = match read {
            Err(_) => return Err(format!("driver gave no reply to {command} within {:?}", self.timeout)),
            Ok(Err(e)) => return Err(format!("driver stdout: {e}")),
            Ok(Ok(None)) => return Err(format!("driver exited before replying to {command}{}", self.stderr_tail())),
            Ok(Ok(Some(t))) => t,
        };
        let value: Value =
            serde_json::from_str(&text).map_err(|e| format!("driver reply is not JSON ({e}): {text}"))?;
        match value.get("ok").and_then(Value::as_bool) {
            Some(ok) => Ok(Reply { ok, value }),
            None => Err(format!("driver reply lacks a boolean `ok`: {text}")),
        }
    }

    fn stderr_tail(&self) -> String {
        let s = self.stderr.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if s.is_empty() {
            String::new()
        } else {
            format!("; its stderr: {s}")
        }
    }

    pub async fn stop(mut self) {
        drop(self.stdin);
        if tokio::time::timeout(Duration::from_secs(2), self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
    }
}
