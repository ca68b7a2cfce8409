//! A daemon running the scripted ACP agent (`daemon/tests/acp/fake-agent.mjs`), for the
//! benches that set it against a bare ACP client on the same agent (`acp_stream`,
//! `approvals`). Included by those benches only, beside `support`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command};

use agentwire_client::ClientOptions;

/// The scripted ACP agent.
pub fn agent_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/acp/fake-agent.mjs")
}

/// `agentwire daemon serve` with its own `MC_HOME` and workspace, its one agent `fake` the
/// scripted agent; killed when dropped.
pub struct AgentDaemon {
    child: Child,
    socket: PathBuf,
    ws: PathBuf,
}

impl AgentDaemon {
    /// Starts `binary` with `MC_HOME` and workspace `<name>-mc` and `<name>-ws` under `dir`;
    /// the agent runs with `args` (its mode) and the members of the TOML inline table `env`.
    pub fn start(binary: &Path, dir: &Path, name: &str, args: &[&str], env: &str) -> AgentDaemon {
        use std::os::unix::fs::PermissionsExt;
        let (mc, ws) = (dir.join(format!("{name}-mc")), dir.join(format!("{name}-ws")));
        std::fs::create_dir_all(&mc).unwrap();
        std::fs::create_dir_all(&ws).unwrap();
        std::fs::set_permissions(&mc, std::fs::Permissions::from_mode(0o700)).unwrap();
        let args: Vec<String> =
            std::iter::once(agent_script().display().to_string()).chain(args.iter().map(|m| (*m).to_owned())).collect();
        let settings = format!(
            "provider = \"fake\"\nmodel = \"default\"\n[agents.fake]\ncommand = \"node\"\nargs = {args:?}\nenv = {{ {env} }}\n"
        );
        std::fs::write(mc.join("settings.toml"), settings).unwrap();
        std::fs::set_permissions(mc.join("settings.toml"), std::fs::Permissions::from_mode(0o600)).unwrap();
        let child = Command::new(binary)
            .args(["daemon", "serve", "--workspace"])
            .arg(&ws)
            .env("MC_HOME", &mc)
            .env("RUST_LOG", "warn")
            .spawn()
            .unwrap();
        let socket = crate::support::wait_for_socket(&mc);
        AgentDaemon { child, socket, ws }
    }

    /// The options of a wire v2 client of this daemon.
    pub fn options(&self) -> ClientOptions {
        ClientOptions::new(&self.socket, self.ws.to_str().unwrap())
    }

    /// Its socket and workspace, for a raw wire v2 connection (`approvals`).
    #[allow(dead_code)]
    pub fn socket_and_workspace(&self) -> (&Path, &Path) {
        (&self.socket, &self.ws)
    }

    /// Its process ID (approvals reads its `/proc` entry; acp_stream does not).
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for AgentDaemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
