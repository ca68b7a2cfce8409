//! Picking a session up again after a disconnect (the seed: "reconnect never resends uncertain
//! mutations automatically. Use lookup, claim and durable replay"): reconnect with the full
//! handshake and preflight, look up every mutation whose answer never came, claim the session
//! and replay its durable transcript from a saved cursor to the end. Nothing is resent: what
//! the lookups say is for the caller to act on.

use crate::{CallError, Claim, Client, ClientOptions, ConnectError};
use agentwire_protocol::{limits, Method, OperationLookupResponse, ReplayItem, SessionId};
use std::path::PathBuf;

/// Where to resume. Built with [`ResumeOptions::new`] and the builder methods.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ResumeOptions {
    /// How to connect (the socket, the workspace, this package's version).
    pub client: ClientOptions,
    /// The session to pick up (the typed ID: a malformed one cannot get this far).
    pub session_id: SessionId,
    /// The cursor saved from the last page read (`next_cursor`); `None` replays the window.
    pub after: Option<String>,
    /// Revoke another connection's grant instead of failing with `session_busy`.
    pub take_over: bool,
    /// Operation IDs of mutations sent before the disconnect whose answer never came.
    pub uncertain: Vec<String>,
    /// Stop after this many pages (default: until the snapshot's end).
    pub max_pages: Option<usize>,
}

impl ResumeOptions {
    pub fn new(socket: impl Into<PathBuf>, workspace: impl Into<String>, session_id: SessionId) -> Self {
        let required = [Method::SessionClaim, Method::SessionReplay, Method::OperationLookup];
        ResumeOptions {
            client: ClientOptions::new(socket, workspace).require(&required),
            session_id,
            after: None,
            take_over: false,
            uncertain: Vec::new(),
            max_pages: None,
        }
    }

    /// Replays after this saved cursor (builder style).
    pub fn after(mut self, cursor: impl Into<String>) -> Self {
        self.after = Some(cursor.into());
        self
    }

    /// Looks up these mutations, sent before the disconnect and never answered (builder style).
    pub fn uncertain(mut self, operation_ids: impl IntoIterator<Item = String>) -> Self {
        self.uncertain.extend(operation_ids);
        self
    }

    /// Takes control from another connection if it holds the session (builder style).
    pub fn take_over(mut self, take_over: bool) -> Self {
        self.take_over = take_over;
        self
    }
}

/// A resumed session.
#[non_exhaustive]
pub struct Resumed {
    pub client: Client,
    pub claim: Claim,
    /// Durable items after the saved cursor, in order.
    pub items: Vec<ReplayItem>,
    /// Where the next replay continues: save it.
    pub cursor: String,
    /// The saved cursor no longer matched the projection: `items` restart at the window start.
    pub resynced: bool,
    /// Some page reported omitted records.
    pub gap: bool,
    /// What became of each uncertain mutation, in the order given.
    pub operations: Vec<OperationLookupResponse>,
}

/// Why resuming failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResumeError {
    #[error("reconnecting failed: {0}")]
    Connect(#[from] ConnectError),
    #[error("{0}")]
    Call(#[from] CallError),
}

/// Reconnects, looks up, claims and replays; never resends anything.
pub async fn resume(options: ResumeOptions) -> Result<Resumed, ResumeError> {
    let client = Client::connect(options.client).await?;
    let resumed = async {
        let mut operations = Vec::with_capacity(options.uncertain.len());
        for id in &options.uncertain {
            operations.push(client.lookup(id).await?);
        }
        let claim = client.claim(&options.session_id, options.take_over).await?;
        let (mut items, mut after, mut resynced, mut gap) = (Vec::new(), options.after, false, false);
        let page_items = limits::MAX_SESSION_PAGE_ITEMS as u32;
        for _ in 0..options.max_pages.unwrap_or(usize::MAX) {
            let page = client.replay(&claim, after.clone(), page_items).await?;
            gap |= page.gap;
            items.extend(page.events);
            after = Some(page.next_cursor);
            if page.resync_required {
                // The page is empty and next_cursor is the current start: read on from there once.
                if std::mem::replace(&mut resynced, true) {
                    break;
                }
                continue;
            }
            if !page.truncated {
                break;
            }
        }
        let cursor = after.unwrap_or_else(|| claim.response().snapshot.replay_cursor.clone());
        Ok::<_, CallError>(Resumed { client: client.clone(), claim, items, cursor, resynced, gap, operations })
    }
    .await;
    if resumed.is_err() {
        client.close();
    }
    Ok(resumed?)
}
