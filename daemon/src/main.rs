//! `agentwire` command line: `daemon start-or-connect` and `daemon serve`.

use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};

use agentwire_daemon::connection::DrainHandler;
use agentwire_daemon::handshake::ClientLimits;
use agentwire_daemon::launch_args::canonical_workspace;
use agentwire_daemon::logging::{init_file_logging, open_log};
use agentwire_daemon::paths::{
    prepare_runtime_paths, resolve_state_root, workspace_id, RuntimeDirInputs,
};
use agentwire_daemon::serve::{termination_signal, Daemon, ServeConfig, ServeLimits};
use agentwire_daemon::start_or_connect::{start_or_connect, StartOptions, DEFAULT_START_TIMEOUT};
use agentwire_daemon::version::package_version;

#[derive(Debug, Parser)]
#[command(
    name = "agentwire",
    version,
    about = "Local agent daemon over a private Unix socket"
)]
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
}

#[derive(Debug, Subcommand)]
enum DaemonCommand {
    /// Connect to the workspace's daemon, starting it if needed; print discovery JSON.
    StartOrConnect {
        /// Absolute path of the workspace folder.
        #[arg(long)]
        workspace: PathBuf,
        /// Absolute path of the trusted agentwire executable to spawn.
        #[arg(long)]
        executable: PathBuf,
        /// How long to wait for a started daemon (tests shorten it).
        #[arg(long, hide = true)]
        start_timeout_ms: Option<u64>,
    },
    /// Serve the workspace in the foreground (normally spawned by start-or-connect).
    Serve {
        /// Absolute path of the workspace folder.
        #[arg(long)]
        workspace: PathBuf,
    },
}

/// Printed instead of clap's usage when start-or-connect's arguments do not parse,
/// because that command promises one JSON object on stdout whatever happens.
const INVALID_ARGUMENTS: &str =
    r#"{"error":{"code":"invalid_arguments","message":"command line arguments are invalid"}}"#;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    let TopCommand::Daemon { command } = cli.command;
    match command {
        DaemonCommand::StartOrConnect {
            workspace,
            executable,
            start_timeout_ms,
        } => {
            let timeout = start_timeout_ms.map_or(DEFAULT_START_TIMEOUT, Duration::from_millis);
            run_start_or_connect(workspace, executable, timeout)
        }
        DaemonCommand::Serve { workspace } => run_serve(&workspace),
    }
}

fn usage_error(e: &clap::Error) -> ExitCode {
    if !e.use_stderr() {
        // --help / --version
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    if std::env::args_os().any(|a| a == "start-or-connect") {
        println!("{INVALID_ARGUMENTS}");
    }
    let _ = e.print();
    ExitCode::from(2)
}

fn run_start_or_connect(
    workspace: PathBuf,
    executable: PathBuf,
    start_timeout: Duration,
) -> ExitCode {
    let serve_defaults = ServeLimits::default();
    let options = StartOptions {
        workspace,
        executable,
        version: package_version(),
        start_timeout,
        client: ClientLimits {
            timeout: serve_defaults.handshake_timeout,
            max_record_bytes: serve_defaults.max_record_bytes,
        },
    };
    let result = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(start_or_connect(&options)),
        Err(e) => {
            eprintln!("agentwire: runtime could not start: {e}");
            println!(
                r#"{{"error":{{"code":"internal_error","message":"start-or-connect failed"}}}}"#
            );
            return ExitCode::FAILURE;
        }
    };
    match result {
        Ok(discovery) => match serde_json::to_string(&discovery) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(_) => {
                println!(
                    r#"{{"error":{{"code":"internal_error","message":"start-or-connect failed"}}}}"#
                );
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
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("agentwire: runtime could not start: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(workspace)) {
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
    let runtime = prepare_runtime_paths(
        &RuntimeDirInputs::from_env(&state_root),
        &workspace_id(&workspace),
    )?;
    init_file_logging(open_log(&runtime.log)?)?;
    let config = ServeConfig {
        workspace,
        state_root,
        runtime,
        version: package_version(),
        limits: ServeLimits::default(),
    };
    let daemon = Daemon::bind(&config).await?;
    daemon.run(Arc::new(DrainHandler), shutdown).await;
    Ok(())
}
