//! Limits, constants, error codes and the capability declaration.

use super::Lower;
use crate::ir::{CapabilitiesDecl, Constant, ErrorCode, LaunchError, Limit, LimitGroup};

/// Which document defines a code; `profile` is a profile declared in the spec itself.
const ERROR_SOURCES: &[&str] = &["seed", "lifecycle", "resources", "terminal", "profile"];

impl Lower<'_> {
    pub(super) fn limits(&mut self) -> Vec<Limit> {
        let mut out = Vec::new();
        for (name, raw) in &self.raw.limits {
            let group = match raw.get_ref().group.get_ref().as_str() {
                "general" => LimitGroup::General,
                "persistent" => LimitGroup::Persistent,
                other => {
                    self.error(
                        raw.get_ref().group.span(),
                        format!("limit group `{other}` is not general or persistent"),
                    );
                    LimitGroup::General
                }
            };
            if raw.get_ref().value == 0 {
                self.error(raw.span(), format!("limit `{name}` must be positive"));
            }
            out.push(Limit {
                name: name.clone(),
                value: raw.get_ref().value,
                unit: raw.get_ref().unit.clone(),
                group,
                exceeded: raw.get_ref().exceeded.as_ref().map(|e| e.get_ref().clone()),
                bounds_output: raw.get_ref().bounds_output,
                applies_to: raw.get_ref().applies_to.clone(),
                doc: raw.get_ref().doc.clone(),
                profile: self.membership(raw.get_ref().profile.as_ref(), false),
            });
        }
        out
    }

    pub(super) fn constants(&mut self) -> Vec<Constant> {
        self.raw
            .constants
            .iter()
            .map(|(name, raw)| Constant {
                name: name.clone(),
                value: raw.get_ref().value,
                unit: raw.get_ref().unit.clone(),
                doc: raw.get_ref().doc.clone(),
            })
            .collect()
    }

    pub(super) fn errors(&mut self, limits: &[Limit]) -> Vec<ErrorCode> {
        let max_message = limits.iter().find(|l| l.name == "max_error_message_bytes").map(|l| l.value);
        let mut out = Vec::new();
        for (code, raw) in &self.raw.errors {
            let e = raw.get_ref();
            if !ERROR_SOURCES.contains(&e.source.get_ref().as_str()) {
                self.error(
                    e.source.span(),
                    format!("error source `{}` is not one of {ERROR_SOURCES:?}", e.source.get_ref()),
                );
            }
            if let Some(max) = max_message {
                if e.message.len() as u64 > max || e.message.is_empty() {
                    self.error(raw.span(), format!("message of `{code}` must be 1..={max} bytes"));
                }
            }
            out.push(ErrorCode {
                code: code.clone(),
                message: e.message.clone(),
                source: e.source.get_ref().clone(),
                doc: e.doc.clone(),
                profile: self.membership(e.profile.as_ref(), e.negotiation),
            });
        }
        for (name, raw) in &self.raw.limits {
            if let Some(code) = &raw.get_ref().exceeded {
                if !out.iter().any(|e| &e.code == code.get_ref()) {
                    self.error(code.span(), format!("limit `{name}` names undefined error `{}`", code.get_ref()));
                }
            }
        }
        out
    }

    pub(super) fn request_errors(&mut self, errors: &[ErrorCode]) -> Vec<String> {
        let mut out = Vec::new();
        for code in &self.raw.request_errors.codes {
            if !errors.iter().any(|e| &e.code == code.get_ref()) {
                self.error(code.span(), format!("undefined error code `{}`", code.get_ref()));
            }
            out.push(code.get_ref().clone());
        }
        out
    }

    pub(super) fn launch_errors(&mut self) -> Vec<LaunchError> {
        self.raw
            .launch_errors
            .iter()
            .map(|(code, raw)| LaunchError {
                code: code.clone(),
                message: raw.get_ref().message.clone(),
                doc: raw.get_ref().doc.clone(),
            })
            .collect()
    }

    pub(super) fn capabilities(&mut self) -> CapabilitiesDecl {
        let raw = &self.raw.capabilities;
        CapabilitiesDecl {
            protocol_versions: raw.protocol_versions.clone(),
            transports: raw.transports.clone(),
            doc: raw.doc.clone(),
        }
    }
}
