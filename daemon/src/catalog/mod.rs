//! Provider and model catalogs as data: the provider definitions, model labels and levels,
//! and the validated per-provider model cache. It reads no settings and no credentials, so
//! `config` and `auth` build on it; the operations `catalog.providers`, `catalog.models` and
//! `catalog.refresh` are [`crate::service`]'s, and discovery over a provider's API is
//! [`crate::providers::discovery`].
//!
//! For other daemon parts: [`providers::registry`] / [`providers::find`] give provider
//! definitions (kind, base URL, credential source); [`cache::load`] gives a provider's
//! validated catalog. The offline provider is [`providers::LOCAL`] with
//! [`providers::LOCAL_MODELS`].

pub mod agents;
pub mod cache;
pub mod capabilities;
pub mod labels;
pub mod models;
pub mod providers;
