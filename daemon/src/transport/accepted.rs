//! The seam between the transport (socket, peer check, identity handshake) and the
//! protocol spoken afterwards. Wire v2 plugs in as a [`ConnectionHandler`].

use std::future::Future;
use std::pin::Pin;

use tokio::net::unix::{OwnedReadHalf, OwnedWriteHalf};

use crate::transport::framing::{ReadOutcome, RecordReader, RecordWriter};

/// A connection whose peer uid and identity handshake were accepted. The reader may
/// already hold bytes the client sent right after its handshake line. Dropping
/// `writer` shuts down the sending direction (the client sees end of stream), so a
/// handler keeps it for as long as the connection should stay open.
#[derive(Debug)]
pub struct AcceptedConnection {
    /// Per-process sequence number, for logs only.
    pub connection_seq: u64,
    pub reader: RecordReader<OwnedReadHalf>,
    pub writer: RecordWriter<OwnedWriteHalf>,
}

pub type HandlerFuture = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// Serves one accepted connection until it ends. Object-safe so `serve` can hold any
/// protocol implementation as `Arc<dyn ConnectionHandler>`.
pub trait ConnectionHandler: Send + Sync + 'static {
    fn handle(&self, connection: AcceptedConnection) -> HandlerFuture;
}

/// Reads framed records and answers nothing: the transport's own tests exercise framing
/// limits and disconnect handling with it, without wire v2 ([`crate::wire::WireHandler`]).
#[derive(Debug, Default, Clone, Copy)]
pub struct DrainHandler;

impl ConnectionHandler for DrainHandler {
    fn handle(&self, connection: AcceptedConnection) -> HandlerFuture {
        let AcceptedConnection { connection_seq: conn, mut reader, writer } = connection;
        Box::pin(async move {
            // Dropping the write half shuts down our sending direction, which a client
            // reads as end of stream; keep it until the connection is over.
            let _writer = writer;
            loop {
                match reader.next_record().await {
                    Ok(ReadOutcome::Record(record)) => {
                        tracing::debug!(conn, bytes = record.len(), "record ignored");
                    }
                    Ok(outcome) => {
                        tracing::info!(conn, ?outcome, "connection ended");
                        return;
                    }
                    Err(e) => {
                        tracing::info!(conn, error = %e, "connection read failed");
                        return;
                    }
                }
            }
        })
    }
}
