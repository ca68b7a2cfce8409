//! "A changelog per package" (issue #36): each published package (the three crates, the npm
//! package, the Swift package) has a `CHANGELOG.md` in Keep a Changelog form whose newest
//! release is the package's version, and a release that lists a breaking change raises the
//! version as semver's 0.x rule asks (the minor, before 1.0.0).

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the codegen crate sits in the repository")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The workspace's one version (the crates inherit it; the generator is built with it).
const WORKSPACE: &str = env!("CARGO_PKG_VERSION");

/// Each package's changelog and the version it carries, read where the package keeps it.
fn packages() -> Vec<(&'static str, String)> {
    let package_json: serde_json::Value =
        serde_json::from_str(&read("generated/typescript/package.json")).expect("JSON");
    let swift = read("generated/swift/Sources/AgentWire/Generated/Protocol.swift");
    let swift_version = swift
        .lines()
        .find_map(|l| l.strip_prefix("public let packageVersion = PackageVersion(unchecked: \""))
        .and_then(|rest| rest.split('"').next())
        .expect("Protocol.swift declares packageVersion");
    let crate_version = |manifest: &str| {
        let text = read(manifest);
        assert!(text.contains("version.workspace = true"), "{manifest}: the crate takes the workspace version");
        WORKSPACE.to_string()
    };
    vec![
        ("codegen/CHANGELOG.md", crate_version("codegen/Cargo.toml")),
        ("generated/CHANGELOG.md", crate_version("generated/Cargo.toml")),
        ("client/CHANGELOG.md", crate_version("client/Cargo.toml")),
        ("generated/typescript/CHANGELOG.md", package_json["version"].as_str().expect("a version").to_string()),
        ("generated/swift/CHANGELOG.md", swift_version.to_string()),
    ]
}

/// The released versions of a changelog, newest first (`## [x.y.z] - date`; `Unreleased`
/// skipped), each with its section's text.
fn releases(text: &str) -> Vec<((u64, u64, u64), &str)> {
    text.split("\n## [")
        .skip(1)
        .filter(|s| !s.starts_with("Unreleased]"))
        .map(|section| {
            let version = section.split(']').next().expect("a closing bracket");
            let parts: Vec<u64> = version.split('.').map(|p| p.parse().expect("a numeric version")).collect();
            assert_eq!(parts.len(), 3, "version {version}");
            assert!(section.contains("] - 20"), "release {version} has a date");
            ((parts[0], parts[1], parts[2]), section)
        })
        .collect()
}

#[test]
fn each_changelogs_newest_release_is_the_packages_version() {
    for (path, version) in packages() {
        let text = read(path);
        assert!(text.contains("Keep a Changelog") && text.contains("## [Unreleased]"), "{path}: Keep a Changelog form");
        let newest = releases(&text).first().map(|((a, b, c), _)| format!("{a}.{b}.{c}"));
        assert_eq!(newest.as_deref(), Some(version.as_str()), "{path}: newest release vs the package's version");
    }
}

#[test]
fn every_package_carries_the_one_workspace_version() {
    // The handshake admits a client only of exactly the daemon's version.
    for (path, version) in packages() {
        assert_eq!(version, WORKSPACE, "{path}'s package");
    }
}

#[test]
fn a_release_with_a_breaking_change_raises_the_version_as_semver_asks() {
    for (path, _) in packages() {
        let text = read(path);
        let all = releases(&text);
        for pair in all.windows(2) {
            let ((new, section), (old, _)) = (pair[0], pair[1]);
            assert!(new > old, "{path}: releases newest first");
            if section.contains("**Breaking:**") {
                let raised = if new.0 == 0 { new.1 > old.1 } else { new.0 > old.0 };
                assert!(raised, "{path}: {new:?} lists a breaking change but does not raise the minor (0.x) or major");
            }
        }
    }
}
