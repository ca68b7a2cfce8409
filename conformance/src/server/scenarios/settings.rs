//! Authentication, catalogs and configuration (seed "Authentication", "Catalogs and
//! configuration"). Only requests that change nothing are sent: the target may be a user's
//! daemon, so no login completes, nothing is logged out and no setting is written.

use super::{b, done, pass, present, s, BoxFut, Ctx, Scenario};
use crate::verdict::Failure;
use crate::wire::Client;
use agentwire_protocol::{constants, Method};
use serde_json::{json, Value};

pub const ALL: &[Scenario] = &[
    Scenario {
        id: "scenario.auth.status",
        rule: "The response contains a `providers` array, including `openai-codex`, `anthropic`, and custom providers configured at service startup.",
        requires: &[Method::AuthStatus],
        run: auth_status,
    },
    Scenario {
        id: "scenario.auth.logout_refusals",
        rule: "Missing or false confirmation returns `confirmation_required`; an unknown provider returns `provider_unavailable`.",
        requires: &[Method::AuthLogout],
        run: logout_refusals,
    },
    Scenario {
        id: "scenario.auth.login_refusals",
        rule: "Other providers return `provider_unavailable` ... Unknown or finished IDs return `unknown_login`",
        requires: &[Method::AuthLoginStart, Method::AuthLoginCancel, Method::AuthLoginCallback],
        run: login_refusals,
    },
    Scenario {
        id: "scenario.auth.login_cancel",
        rule: "Only one login runs per service. ... Send `auth.login.cancel` ... to receive `status:\"cancellation_requested\"`. Wait for the terminal event, normally `state:\"cancelled\"`; cancellation is not itself a terminal outcome.",
        requires: &[Method::AuthLoginStart, Method::AuthLoginCancel],
        run: login_cancel,
    },
    Scenario {
        id: "scenario.auth.one_login_per_service",
        rule: "Only one login runs per service. Other providers return `provider_unavailable`; an active login returns `auth_busy`.",
        requires: &[Method::AuthLoginStart, Method::AuthLoginCancel],
        run: one_login_per_service,
    },
    Scenario {
        id: "scenario.config.selection_needs_catalog",
        rule: "Missing/stale catalogs require refresh before selection or reasoning changes.",
        requires: &[Method::ConfigSet, Method::CatalogModels],
        run: selection_needs_catalog,
    },
    Scenario {
        id: "scenario.catalog.providers",
        rule: "Provider entries include the built-ins `anthropic` and `openai-codex`, plus currently configured custom providers, sorted by ID and deduplicated. ... an offset beyond the end returns an empty page.",
        requires: &[Method::CatalogProviders],
        run: providers,
    },
    Scenario {
        id: "scenario.catalog.models",
        rule: "Model states describe the validated cache: `fresh_cache` ... `stale` ... all are unavailable for selection ... `unavailable` ... Entries are empty.",
        requires: &[Method::CatalogModels],
        run: models,
    },
    Scenario {
        id: "scenario.config.get",
        rule: "`config.get` takes `{}` and returns this bounded projection, not the settings document",
        requires: &[Method::ConfigGet],
        run: config_get,
    },
    Scenario {
        id: "scenario.config.project_fast",
        rule: "`fast` is a boolean allowed only with `global`. A project request containing `fast`, even `false`, fails as a whole.",
        requires: &[Method::ConfigSet],
        run: project_fast,
    },
];

/// Reasoning levels, from the generated crate's table.
const LEVELS: &[&str] = agentwire_protocol::ReasoningLevel::NAMES;

/// Whether `v` is one of a spec enum's wire spellings.
fn one_of(v: &str, names: &[&str]) -> bool {
    names.contains(&v)
}

fn array<'a>(v: &'a Value, name: &str) -> Result<&'a Vec<Value>, Failure> {
    present(v, name)?.as_array().ok_or_else(|| Failure::new(format!("`{name}` is not an array")))
}

fn auth_status(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c.read("auth.status", None, json!({})).await?;
        let providers = array(r.ok("auth.status")?, "providers")?;
        let mut ids = Vec::new();
        for p in providers {
            ids.push(s(p, "provider_id")?.to_owned());
            crate::ensure!(
                one_of(s(p, "auth_method")?, agentwire_protocol::AuthMethod::NAMES),
                "auth_method {}",
                p["auth_method"]
            );
            crate::ensure!(one_of(s(p, "source")?, agentwire_protocol::AuthSource::NAMES), "source {}", p["source"]);
            let readiness = s(p, "readiness")?;
            crate::ensure!(one_of(readiness, agentwire_protocol::Readiness::NAMES), "readiness {readiness}");
            crate::ensure!(
                b(p, "ready")? == (readiness == "ready"),
                "`ready` is not the matching boolean of readiness {readiness}"
            );
        }
        for want in ["openai-codex", "anthropic"] {
            crate::ensure!(ids.iter().any(|i| i == want), "auth.status lacks provider {want}");
        }
        done(c).await?;
        pass()
    })
}

fn logout_refusals(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c
            .mutate(
                "auth.logout",
                None,
                &cx.op("lo-unconfirmed"),
                None,
                json!({"provider_id":"anthropic","confirmed":false}),
            )
            .await?;
        r.err("confirmation_required", "logout with confirmed:false")?;
        let r = c
            .mutate(
                "auth.logout",
                None,
                &cx.op("lo-unknown"),
                None,
                json!({"provider_id":"conformance-unknown","confirmed":true}),
            )
            .await?;
        r.err("provider_unavailable", "logout of an unknown provider")?;
        done(c).await?;
        pass()
    })
}

fn login_refusals(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c
            .mutate("auth.login.start", None, &cx.op("li-anthropic"), None, json!({"provider_id":"anthropic"}))
            .await?;
        r.err("provider_unavailable", "login for a provider without OAuth login")?;
        let absent = format!("login-conformance-{}", cx.run_id);
        let r = c.mutate("auth.login.cancel", None, &cx.op("li-cancel"), None, json!({"login_id": absent})).await?;
        r.err("unknown_login", "cancelling an unknown login")?;
        let r = c
            .mutate(
                "auth.login.callback",
                None,
                &cx.op("li-callback"),
                None,
                json!({"login_id": absent, "input": "code"}),
            )
            .await?;
        r.err("unknown_login", "a callback for an unknown login")?;
        done(c).await?;
        pass()
    })
}

/// All provider IDs, following `next_offset` with pages of `limit`.
async fn provider_ids(c: &mut Client, limit: u64) -> Result<Vec<String>, Failure> {
    let mut ids = Vec::new();
    let mut offset = 0;
    for _ in 0..1000 {
        let r = c.read("catalog.providers", None, json!({"offset": offset, "limit": limit})).await?;
        let p = r.ok("catalog.providers")?;
        crate::ensure!(s(p, "refresh")? == "cache_only", "refresh is {}", p["refresh"]);
        let entries = array(p, "entries")?;
        crate::ensure!(entries.len() as u64 <= limit, "a page of {} providers for limit {limit}", entries.len());
        for e in entries {
            ids.push(s(e, "provider_id")?.to_owned());
            s(e, "label")?;
        }
        match present(p, "next_offset")? {
            Value::Null => return Ok(ids),
            n => offset = n.as_u64().ok_or_else(|| Failure::new(format!("next_offset {n} is not an integer")))?,
        }
    }
    Err(Failure::new("provider paging never ended"))
}

fn providers(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let all = provider_ids(&mut c, 32).await?;
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        crate::ensure!(sorted == all, "providers are not sorted by ID and deduplicated: {all:?}");
        for want in ["anthropic", "openai-codex"] {
            crate::ensure!(all.iter().any(|i| i == want), "providers lack the built-in {want}");
        }
        crate::ensure!(provider_ids(&mut c, 1).await? == all, "pages of 1 list other providers than a page of 32");
        let r = c.read("catalog.providers", None, json!({"offset": constants::CATALOG_MAX_OFFSET})).await?;
        crate::ensure!(r.ok("catalog.providers")?["entries"] == json!([]), "an offset beyond the end returned entries");
        done(c).await?;
        pass()
    })
}

fn models(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c.read("catalog.models", None, json!({"provider_id":"anthropic"})).await?;
        let p = r.ok("catalog.models")?;
        crate::ensure!(s(p, "refresh")? == "cache_only", "refresh is {}", p["refresh"]);
        let entries = array(p, "entries")?;
        let state = s(p, "state")?;
        match state {
            "unavailable" => crate::ensure!(entries.is_empty(), "an unavailable catalog lists entries"),
            "stale" => crate::ensure!(
                entries.iter().all(|e| e["available"] == json!(false)),
                "a stale catalog offers a model for selection"
            ),
            "fresh_cache" => {}
            other => return Err(Failure::new(format!("unknown catalog state `{other}`"))),
        }
        for e in entries {
            // "Each model entry contains only" these members.
            let known = [
                "provider_id",
                "model_id",
                "label",
                "available",
                "context_window",
                "max_output_tokens",
                "available_thinking_levels",
            ];
            crate::ensure!(
                e.as_object().is_some_and(|o| o.keys().all(|k| known.contains(&k.as_str()))),
                "a model entry carries other members: {e}"
            );
            crate::ensure!(s(e, "provider_id")? == "anthropic", "a model of another provider: {e}");
            s(e, "model_id")?;
            b(e, "available")?;
            let levels = array(e, "available_thinking_levels")?;
            crate::ensure!(
                levels.len() <= LEVELS.len() && levels.iter().all(|l| l.as_str().is_some_and(|l| LEVELS.contains(&l))),
                "reasoning levels {levels:?}"
            );
        }
        done(c).await?;
        pass()
    })
}

fn config_get(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c.read("config.get", None, json!({})).await?;
        let p = r.ok("config.get")?;
        let sel = present(p, "selection")?;
        s(sel, "provider_id")?;
        s(sel, "model_id")?;
        for f in ["thinking_level", "configured_thinking_level"] {
            crate::ensure!(LEVELS.contains(&s(p, f)?), "{f} {} is not a reasoning level", p[f]);
        }
        let levels = array(p, "available_thinking_levels")?;
        crate::ensure!(levels.len() <= LEVELS.len(), "more reasoning levels than the spec has");
        b(p, "fast")?;
        crate::ensure!(
            p["precedence"] == json!(agentwire_protocol::ConfigLayer::NAMES),
            "precedence {}",
            p["precedence"]
        );
        crate::ensure!(p["global_only"] == json!(["fast"]), "global_only {}", p["global_only"]);
        let scopes = array(p, "writable_scopes")?;
        crate::ensure!(
            scopes.iter().all(|x| x.as_str().is_some_and(|x| one_of(x, agentwire_protocol::Scope::NAMES))),
            "writable_scopes {scopes:?}"
        );
        done(c).await?;
        pass()
    })
}

fn project_fast(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let before = c.read("config.get", None, json!({})).await?.ok("config.get")?.clone();
        let r = c
            .mutate("config.set", None, &cx.op("cfg-project-fast"), None, json!({"scope":"project","fast":false}))
            .await?;
        r.err("invalid_scope", "a project write containing fast")?;
        let after = c.read("config.get", None, json!({})).await?;
        crate::ensure!(*after.ok("config.get")? == before, "a refused write changed the effective configuration");
        done(c).await?;
        pass()
    })
}

fn login_cancel(cx: &mut Ctx) -> BoxFut<'_> {
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r =
            c.mutate("auth.login.start", None, &cx.op("lc-start"), None, json!({"provider_id":"openai-codex"})).await?;
        if r.code() == Some("auth_busy") {
            done(c).await?;
            return Ok(crate::verdict::Outcome::skipped(
                "a login is already running on the target; the case starts none beside it",
            ));
        }
        let p = r.ok("auth.login.start")?.clone();
        let login = s(&p, "login_id")?.to_owned();
        crate::ensure!(
            s(&p, "provider_id")? == "openai-codex" && s(&p, "status")? == "started",
            "auth.login.start answered {p}"
        );
        let r =
            c.mutate("auth.login.start", None, &cx.op("lc-again"), None, json!({"provider_id":"openai-codex"})).await?;
        r.err("auth_busy", "a second login while one runs")?;
        let r = c.mutate("auth.login.cancel", None, &cx.op("lc-cancel"), None, json!({"login_id": login})).await?;
        let p = r.ok("auth.login.cancel")?;
        crate::ensure!(
            s(p, "login_id")? == login && s(p, "status")? == "cancellation_requested",
            "auth.login.cancel answered {p}"
        );
        let terminal = c.until_terminal(&login, std::time::Duration::from_secs(30)).await?;
        crate::ensure!(s(&terminal, "state")? == "cancelled", "a cancelled login ended {}", terminal["state"]);
        done(c).await?;
        pass()
    })
}

fn selection_needs_catalog(cx: &mut Ctx) -> BoxFut<'_> {
    // Only where the write must fail: with a fresh catalog the selection would be persisted,
    // and the suite changes no settings.
    Box::pin(async move {
        let mut c = cx.client().await?;
        let r = c.read("catalog.models", None, json!({"provider_id":"anthropic"})).await?;
        let state = s(r.ok("catalog.models")?, "state")?.to_owned();
        let want = match state.as_str() {
            "unavailable" => "catalog_unavailable",
            "stale" => "catalog_stale",
            _ => {
                done(c).await?;
                return Ok(crate::verdict::Outcome::skipped(
                    "the target's anthropic catalog is fresh: the write would be persisted",
                ));
            }
        };
        let sel = json!({"scope":"project","selection":{"provider_id":"anthropic","model_id":"conformance-model"}});
        let r = c.mutate("config.set", None, &cx.op("cfg-selection"), None, sel).await?;
        r.err(want, &format!("selecting a model with a {state} catalog"))?;
        done(c).await?;
        pass()
    })
}

fn one_login_per_service(cx: &mut Ctx) -> BoxFut<'_> {
    // The rule is service-wide: the second start comes from another connection, and neither
    // the connection that owns the login nor another may start one beside it.
    Box::pin(async move {
        let mut a = cx.client().await?;
        let mut bc = cx.client().await?;
        let start = json!({"provider_id":"openai-codex"});
        let r = a.mutate("auth.login.start", None, &cx.op("olps-start"), None, start.clone()).await?;
        if r.code() == Some("auth_busy") {
            done(a).await?;
            done(bc).await?;
            return Ok(crate::verdict::Outcome::skipped(
                "a login is already running on the target; the case starts none beside it",
            ));
        }
        let login = s(r.ok("auth.login.start")?, "login_id")?.to_owned();
        let r = bc.mutate("auth.login.start", None, &cx.op("olps-other"), None, start).await?;
        let refused = r.err("auth_busy", "a login from another connection while one runs");
        let r = a.mutate("auth.login.cancel", None, &cx.op("olps-cancel"), None, json!({"login_id": login})).await?;
        r.ok("auth.login.cancel")?;
        a.until_terminal(&login, std::time::Duration::from_secs(30)).await?;
        refused?;
        done(bc).await?;
        done(a).await?;
        pass()
    })
}
