//! Reading `protocol.toml`: the raw TOML shape (with source spans) and the diagnostics that
//! point back into it. Nothing here resolves references; that is [`crate::lower`]'s job.

pub mod diagnostic;
pub mod raw;

pub use diagnostic::{Diagnostic, Diagnostics};
pub use raw::RawSpec;

/// Parse the TOML text into the raw spec, reporting syntax and shape errors with positions.
pub fn parse(file: &str, text: &str) -> Result<RawSpec, Diagnostics> {
    toml::from_str::<RawSpec>(text).map_err(|err| {
        let span = err.span();
        let message = err.message().to_string();
        Diagnostics::single(Diagnostic::new(file, text, span, message))
    })
}
