//! The package version used in discovery and the identity handshake.

/// Test-only: when set to a non-empty value, replaces the package version this process
/// reports and requires in the handshake. Integration tests use it to run a daemon that
/// claims another version and check that `start-or-connect` answers `version_mismatch`
/// instead of replacing it. Not a supported configuration; never set it in production.
pub const TEST_VERSION_OVERRIDE_ENV: &str = "AGENTWIRE_TEST_VERSION_OVERRIDE";

/// `CARGO_PKG_VERSION`, unless the test override is set.
pub fn package_version() -> String {
    match std::env::var(TEST_VERSION_OVERRIDE_ENV) {
        Ok(v) if !v.is_empty() => v,
        _ => env!("CARGO_PKG_VERSION").to_string(),
    }
}
