//! `agentwire` command line: `daemon start-or-connect`, `daemon serve`, `daemon status`,
//! `daemon stop`, and `chat` and `call`, clients for people. Exit codes: 0 success, 1 a
//! service error, 2 a usage error. `--workspace` defaults to the current directory and may be
//! relative; `--executable` defaults to the running binary.

use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use agentwire_daemon::cli::call::{call, call_help, CallOptions, Claiming};
use agentwire_daemon::cli::chat::{chat, ChatOptions};
use agentwire_daemon::cli::daemon_control;
use agentwire_daemon::cli::launch_args::{cli_executable, cli_workspace};
use agentwire_daemon::logging::{init_file_logging, open_log};
use agentwire_daemon::service::Service;
use agentwire_daemon::transport::launch_args::canonical_workspace;
use agentwire_daemon::transport::paths::{prepare_runtime_paths, resolve_state_root, workspace_id, RuntimeDirInputs};
use agentwire_daemon::transport::serve::{drain, termination_signal, Daemon, ServeConfig, ServeLimits, DRAIN_PATIENCE};
use agentwire_daemon::transport::start_or_connect::{
    launch_error_json, start_options, start_or_connect, StartOptions, DEFAULT_START_TIMEOUT,
};
use agentwire_daemon::version::package_version;
use agentwire_daemon::wire::WireHandler;
use agentwire_protocol::LaunchErrorCode;

#[derive(Debug, Parser)]
#[command(name = "agentwire", version, about = "Local agent daemon over a private Unix socket")]
struct Cli {
    #[command(subcommand)]
    command: TopCommand,
}

#[derive(Debug, Subcommand)]
enum TopCommand {
    /// Run or reach the per-workspace daemon.
    Daemon {
        #[command(subcommand)]
        command: DaemonCommand,
    },
    /// Chat with the workspace's agent: streamed answers, Ctrl-C stops a turn, /replay, /sessions, /model.
    Chat {
        /// The workspace folder (default: the current directory).
        #[arg(long)]
        workspace: Option<PathBuf>,
        /// Run one prompt, print the streamed answer and the replayed transcript, and exit.
        #[arg(long)]
        once: Option<String>,
        /// Continue this session instead of creating a new one.
        #[arg(long)]
        session: Option<String>,
        /// With --session: take control from the front end that holds it (its running turn's
        /// pending approval requests are then asked here).
        #[arg(long, requires = "session")]
        take_over: bool,
    },
    /// Start or connect to the workspace's daemon, send one request, print the response.
    Call {
        /// Operation name, e.g. `status` or `session.create`.
        method: String,
        /// Request payload as JSON (default `{}`).
        payload: Option<String>,
        /// The workspace folder (default: the current directory).
        #[arg(long)]
        workspace: Option<PathBuf>,
        /// Session the operation targets, for session-scoped operations.
        #[arg(long)]
        session: Option<String>,
        /// Claim the session on this connection first and send its control (for operations
        /// that need it, such as `turn.start`); refused if another client holds control.
        #[arg(long)]
        claim: bool,
        /// Like --claim, but takes control from the client that holds it (its grant is revoked).
        #[arg(long, conflicts_with = "claim")]
        take_over: bool,
        /// Print the response as one compact line of JSON (default: pretty JSON).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
enum DaemonCommand {
    /// Connect to the workspace's daemon, starting it if needed; print discovery JSON.
    StartOrConnect {
        /// The workspace folder (default: the current directory).
        #[arg(long)]
        workspace: Option<PathBuf>,
        /// Absolute path of the trusted agentwire executable to spawn (default: this one).
        #[arg(long)]
        executable: Option<PathBuf>,
        /// How long to wait for a started daemon (tests shorten it).
        #[arg(long, hide = true)]
        start_timeout_ms: Option<u64>,
    },
    /// Print the running daemon's discovery JSON without starting one; exit 1 if none runs.
    Status {
        /// The workspace folder (default: the current directory).
        #[arg(long)]
        workspace: Option<PathBuf>,
    },
    /// Stop the workspace's daemon gracefully: its running turns settle first.
    Stop {
        /// The workspace folder (default: the current directory).
        #[arg(long)]
        workspace: Option<PathBuf>,
        /// How long to wait for the daemon to exit, in seconds.
        #[arg(long, default_value_t = 60)]
        wait_secs: u64,
    },
    /// Serve the workspace in the foreground (normally spawned by start-or-connect).
    Serve {
        /// Absolute path of the workspace folder.
        #[arg(long)]
        workspace: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    match cli.command {
        TopCommand::Daemon { command: DaemonCommand::StartOrConnect { workspace, executable, start_timeout_ms } } => {
            let timeout = start_timeout_ms.map_or(DEFAULT_START_TIMEOUT, Duration::from_millis);
            run_start_or_connect(cli_workspace(workspace), cli_executable(executable), timeout)
        }
        TopCommand::Daemon { command: DaemonCommand::Status { workspace } } => {
            let options = control_options(workspace);
            runtime().map_or(ExitCode::FAILURE, |rt| rt.block_on(daemon_control::status(&options)))
        }
        TopCommand::Daemon { command: DaemonCommand::Stop { workspace, wait_secs } } => {
            let options = control_options(workspace);
            let wait = Duration::from_secs(wait_secs);
            runtime().map_or(ExitCode::FAILURE, |rt| rt.block_on(daemon_control::stop(&options, wait)))
        }
        TopCommand::Daemon { command: DaemonCommand::Serve { workspace } } => run_serve(&workspace),
        TopCommand::Chat { workspace, once, session, take_over } => {
            let options = ChatOptions { workspace: cli_workspace(workspace), once, session, take_over };
            runtime().map_or(ExitCode::FAILURE, |rt| rt.block_on(chat(options)))
        }
        TopCommand::Call { method, payload, workspace, session, claim, take_over, json } => {
            let claiming = match (claim, take_over) {
                (_, true) => Some(Claiming::TakeOver),
                (true, false) => Some(Claiming::Claim),
                (false, false) => None,
            };
            let workspace = cli_workspace(workspace);
            let options = CallOptions { method, payload, workspace, session, claiming, compact: json };
            runtime().map_or(ExitCode::FAILURE, |rt| rt.block_on(call(options)))
        }
    }
}

/// The command line, with `call --help` naming the operations that need control (from the spec).
fn parse() -> Result<Cli, clap::Error> {
    let command = Cli::command().mut_subcommand("call", |c| c.after_help(call_help()));
    Cli::from_arg_matches(&command.try_get_matches()?)
}

/// Options that reach the running daemon (never start one).
fn control_options(workspace: Option<PathBuf>) -> StartOptions {
    start_options(cli_workspace(workspace), cli_executable(None), DEFAULT_START_TIMEOUT)
}

fn usage_error(e: &clap::Error) -> ExitCode {
    if !e.use_stderr() {
        // --help / --version
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    // start-or-connect promises one JSON object on stdout whatever happens.
    if std::env::args_os().any(|a| a == "start-or-connect") {
        println!("{}", launch_error_json(LaunchErrorCode::InvalidArguments));
    }
    let _ = e.print();
    ExitCode::from(2)
}

fn runtime() -> Option<tokio::runtime::Runtime> {
    match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => Some(r),
        Err(e) => {
            eprintln!("agentwire: runtime could not start: {e}");
            None
        }
    }
}

fn run_start_or_connect(workspace: PathBuf, executable: PathBuf, start_timeout: Duration) -> ExitCode {
    let options = start_options(workspace, executable, start_timeout);
    let Some(rt) = runtime() else {
        println!("{}", launch_error_json(LaunchErrorCode::InternalError));
        return ExitCode::FAILURE;
    };
    match rt.block_on(start_or_connect(&options)) {
        Ok(discovery) => match serde_json::to_string(&discovery) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(_) => {
                println!("{}", launch_error_json(LaunchErrorCode::InternalError));
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("agentwire: {e}");
            println!("{}", e.to_json());
            ExitCode::FAILURE
        }
    }
}

fn run_serve(workspace: &Path) -> ExitCode {
    let Some(rt) = runtime() else {
        return ExitCode::FAILURE;
    };
    match rt.block_on(serve(workspace)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "daemon failed");
            eprintln!("agentwire: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(workspace: &Path) -> Result<(), Box<dyn Error + Send + Sync>> {
    let shutdown = termination_signal()?;
    let workspace = canonical_workspace(workspace)?;
    let state_root = resolve_state_root()?;
    let runtime = prepare_runtime_paths(&RuntimeDirInputs::from_env(&state_root), &workspace_id(&workspace))?;
    init_file_logging(open_log(&runtime.log)?)?;
    let config = ServeConfig {
        workspace,
        state_root: state_root.clone(),
        runtime,
        version: package_version(),
        limits: ServeLimits::default(),
    };
    let daemon = Daemon::bind(&config).await?;
    let service = Arc::new(Service::new(daemon.identity().clone(), state_root));
    // In the background: requests are served meanwhile, and a list waits for the index.
    drop(service.sessions.build_index());
    let stopped = daemon.run(Arc::new(WireHandler { service: Arc::clone(&service) }), shutdown).await;
    // "Graceful: accepted turns settle first": their terminals still reach their controllers
    // over the open connections; the lock stays held, so no second daemon starts meanwhile.
    let grace = Duration::from_millis(agentwire_protocol::limits::CANCEL_GRACE_MS) + Duration::from_secs(1);
    let turns = &service.turns;
    let left = drain(|| turns.active(), || turns.cancel_all(), DRAIN_PATIENCE, grace).await;
    if left > 0 {
        tracing::warn!(running = left, "turns did not settle before shutdown");
    }
    // Graceful stops before the runtime goes; kill_on_drop is the backstop for the rest.
    service.turns.shutdown_mcp().await;
    drop(stopped);
    Ok(())
}
