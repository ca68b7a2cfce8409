//! Raw spec → IR: resolve every reference, check every bound can hold, and report all problems
//! at once with positions.

mod fields;
mod operations;
mod profiles;
mod tables;
mod types;
mod walkthrough;

use crate::ir::Spec;
use crate::spec::{Diagnostic, Diagnostics, RawSpec};
use std::ops::Range;

/// Parse and lower a spec; the one entry point emitters and tools use.
pub fn load(file: &str, text: &str) -> Result<Spec, Diagnostics> {
    let raw = crate::spec::parse(file, text)?;
    let mut cx = Lower { file, text, raw: &raw, diags: Vec::new() };
    let spec = cx.spec();
    if cx.diags.is_empty() {
        Ok(spec)
    } else {
        cx.diags.sort_by_key(|d| (d.line, d.column));
        Err(Diagnostics(cx.diags))
    }
}

/// Lowering state: the raw spec and the problems found so far.
pub(crate) struct Lower<'a> {
    file: &'a str,
    text: &'a str,
    raw: &'a RawSpec,
    diags: Vec<Diagnostic>,
}

impl<'a> Lower<'a> {
    fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.diags.push(Diagnostic::new(self.file, self.text, Some(span), message.into()));
    }

    fn spec(&mut self) -> Spec {
        let raw = self.raw;
        let profiles = self.profiles();
        let limits = self.limits();
        let constants = self.constants();
        let errors = self.errors(&limits);
        let request_errors = self.request_errors(&errors);
        let launch_errors = self.launch_errors();
        let mut spec = Spec {
            name: raw.protocol.name.clone(),
            protocol_version: raw.protocol.protocol_version,
            doc: raw.protocol.doc.clone(),
            sha256: spec_hash(self.text),
            text_fnv1a64: crate::emit::rust::freshness::fnv1a64(self.text.as_bytes()),
            limits,
            constants,
            errors,
            request_errors,
            launch_errors,
            types: Vec::new(),
            request_envelope: Default::default(),
            response_envelope: Default::default(),
            event_envelope: Default::default(),
            operations: Vec::new(),
            events: Vec::new(),
            capabilities: self.capabilities(),
            messages: Default::default(),
            profiles,
            walkthrough: Vec::new(),
        };
        spec.types = self.named_types(&spec);
        self.envelopes(&mut spec);
        self.operations(&mut spec);
        self.events(&mut spec);
        self.messages(&mut spec);
        self.check_profiles(&spec);
        spec.walkthrough = self.walkthrough(&spec);
        spec
    }
}

/// The spec's SHA-256 in hex, which `agentwire-codegen check` prints. No artifact carries it
/// (generated headers name no hash but the Rust module's freshness marker), so the build script,
/// which compiles the generator without `artifacts`, does not compute it.
#[cfg(feature = "artifacts")]
fn spec_hash(text: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[cfg(not(feature = "artifacts"))]
fn spec_hash(_text: &str) -> String {
    String::new()
}
