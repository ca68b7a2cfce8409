//! The catalog operations: `catalog.providers` and `catalog.models` (cache only, no network, no
//! credential refresh) and `catalog.refresh` (real discovery, cache write). They join the
//! catalog's data with the custom providers of the settings and discovery, so they sit above
//! all three (`catalog` reads neither settings nor credentials).

use crate::catalog::{cache, models, providers};
use crate::config::settings;
use crate::providers::discovery;
use crate::sync::blocking;
use agentwire_protocol::{
    CatalogModelsRequest, CatalogModelsResponse, CatalogProvidersRequest, CatalogProvidersResponse,
    CatalogRefreshResponse, ErrorCode, ProviderEntry,
};
use std::path::Path;

/// `catalog.providers`: built-ins and the custom providers configured now, sorted, paged. The
/// settings file is read on the blocking pool.
pub async fn list_providers(
    state_root: &Path,
    req: &CatalogProvidersRequest,
) -> Result<CatalogProvidersResponse, ErrorCode> {
    let root = state_root.to_path_buf();
    let custom = blocking(Err(ErrorCode::InternalError), move || {
        settings::load_custom(&root).map_err(|_| ErrorCode::InternalError)
    })
    .await?;
    let entries: Vec<ProviderEntry> =
        providers::registry(&custom).into_iter().map(|p| ProviderEntry::new(p.id, p.label)).collect();
    let (entries, next_offset) = models::page(&entries, req.offset, req.limit);
    Ok(CatalogProvidersResponse::new(entries, next_offset))
}

/// `catalog.models`: one page of the provider's validated cache, read on the blocking pool.
pub async fn list_models(state_root: &Path, req: &CatalogModelsRequest) -> Result<CatalogModelsResponse, ErrorCode> {
    let (root, req) = (state_root.to_path_buf(), req.clone());
    blocking(Err(ErrorCode::InternalError), move || {
        let custom = settings::load_custom(&root).map_err(|_| ErrorCode::InternalError)?;
        let spec = providers::find(&custom, &req.provider_id).ok_or(ErrorCode::InvalidSelection)?;
        let catalog = cache::load(&root, &spec);
        let (entries, next_offset) = models::page(&catalog.entries, req.offset, req.limit);
        Ok(CatalogModelsResponse::new(entries, next_offset, catalog.state))
    })
    .await
}

/// `catalog.refresh`: discover and replace the cache. A failure keeps the old cache and
/// is `catalog_refresh_failed`; the cause is logged as a fixed category only.
pub async fn refresh(state_root: &Path, provider_id: &str) -> Result<CatalogRefreshResponse, ErrorCode> {
    let root = state_root.to_path_buf();
    let custom = blocking(Err(ErrorCode::InternalError), move || {
        settings::load_custom(&root).map_err(|_| ErrorCode::InternalError)
    })
    .await?;
    let spec = providers::find(&custom, provider_id).ok_or(ErrorCode::InvalidSelection)?;
    let mut discovered = None;
    if spec.static_models.is_none() {
        discovered = Some(discovery::discover(state_root, &spec).await.map_err(|e| {
            tracing::warn!(error = %e, "catalog refresh failed");
            ErrorCode::CatalogRefreshFailed
        })?);
    }
    let root = state_root.to_path_buf();
    blocking(Err(ErrorCode::InternalError), move || {
        if let Some(discovered) = discovered {
            cache::store(&root, &spec, discovered).map_err(|_| {
                tracing::warn!("catalog cache could not be written");
                ErrorCode::CatalogRefreshFailed
            })?;
        }
        let state = cache::load(&root, &spec).state;
        Ok(CatalogRefreshResponse::new(spec.id, state))
    })
    .await
}
