//! Where interactive chat reads its prompts. On a terminal: a line editor with in-session and
//! persisted history ([`super::history`]). Otherwise (piped input, scripts): plain lines from
//! stdin, with no escape sequences written. An approval's answer (issue #38) is read from the
//! same place, after its own prompt and kept out of the history: on a terminal Ctrl-C or
//! Ctrl-D there gives no answer; piped, the next line is the answer.

use std::io::{IsTerminal, Write};
use std::sync::mpsc as std_mpsc;

use rustyline::error::ReadlineError;
use rustyline::history::{History, MemHistory};
use rustyline::{Config, Editor};
use tokio::sync::mpsc;

use super::history::{HistoryFile, HISTORY_LIMIT};
use crate::transport::paths::resolve_state_root;

const PROMPT: &str = "> ";

#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("the line editor could not start: {0}")]
    Editor(#[from] ReadlineError),
    #[error("the input thread could not start: {0}")]
    Thread(#[source] std::io::Error),
}

pub enum Prompts {
    Editor(LineEditor),
    Piped(mpsc::Receiver<String>),
}

impl Prompts {
    /// The editor needs both ends on a terminal: with stdout redirected its redraws would
    /// land in the file.
    pub fn open() -> Prompts {
        if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            match LineEditor::start(history_file()) {
                Ok(editor) => return Prompts::Editor(editor),
                Err(e) => eprintln!("agentwire chat: line editing is off: {e}"),
            }
        }
        Prompts::Piped(stdin_lines())
    }

    /// The next line typed; `None` ends the chat.
    pub async fn next_line(&mut self) -> Option<String> {
        match self {
            Prompts::Editor(editor) => editor.read().await,
            Prompts::Piped(lines) => {
                print!("\n> ");
                let _ = std::io::stdout().flush();
                let line = tokio::select! {
                    l = lines.recv() => l,
                    _ = tokio::signal::ctrl_c() => None,
                };
                if line.is_none() {
                    println!();
                }
                line
            }
        }
    }

    /// Asks for an approval's answer; [`Prompts::answer`] waits for it. On the editor a read
    /// still outstanding (its question was answered elsewhere) is reused, not asked twice.
    pub fn ask(&mut self, prompt: &str) {
        match self {
            Prompts::Editor(editor) => {
                if !editor.outstanding {
                    editor.outstanding = editor.wanted.send(Want::Answer(prompt.to_owned())).is_ok();
                }
            }
            Prompts::Piped(_) => {
                eprint!("{prompt}");
                let _ = std::io::stderr().flush();
            }
        }
    }

    /// The answer line asked for; `None` when none can come (Ctrl-C or Ctrl-D on the terminal,
    /// the end of piped input).
    pub async fn answer(&mut self) -> Option<String> {
        match self {
            Prompts::Editor(editor) => {
                if !editor.outstanding {
                    return None;
                }
                let line = editor.lines.recv().await.flatten();
                editor.outstanding = false;
                line
            }
            Prompts::Piped(lines) => lines.recv().await,
        }
    }

    /// Whether the terminal is still waiting for a line whose question went away; the line
    /// typed next is then only Enter to go on.
    pub fn outstanding(&self) -> bool {
        matches!(self, Prompts::Editor(editor) if editor.outstanding)
    }
}

/// What the editor thread is asked to read.
enum Want {
    Prompt,
    Answer(String),
}

fn history_file() -> Option<HistoryFile> {
    match resolve_state_root() {
        Ok(root) => Some(HistoryFile::in_state_root(&root)),
        Err(e) => {
            eprintln!("agentwire chat: prompt history is not saved: {e}");
            None
        }
    }
}

/// Lines from stdin on a plain thread (the terminal's own line editing applies, if any).
fn stdin_lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel(4);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        while stdin.read_line(&mut line).is_ok_and(|n| n > 0) {
            if tx.blocking_send(std::mem::take(&mut line)).is_err() {
                return;
            }
        }
    });
    rx
}

/// The line editor on its own thread, so the runtime keeps serving the connection while
/// someone types.
///
/// It reads only when asked: the editor holds the terminal in raw mode while it reads, and a
/// running turn needs the terminal cooked so that Ctrl-C raises SIGINT, which the turn turns
/// into `turn.cancel`.
pub struct LineEditor {
    wanted: std_mpsc::Sender<Want>,
    lines: mpsc::Receiver<Option<String>>,
    /// An answer was asked for and not yet received.
    outstanding: bool,
}

impl LineEditor {
    fn start(file: Option<HistoryFile>) -> Result<LineEditor, InputError> {
        let config = Config::builder().max_history_size(HISTORY_LIMIT)?.auto_add_history(false).build();
        let history = MemHistory::with_config(&config);
        let editor = Editor::with_history(config, history)?;
        let (wanted, wanted_rx) = std_mpsc::channel();
        let (lines_tx, lines) = mpsc::channel(1);
        std::thread::Builder::new()
            .name("chat-input".into())
            .spawn(move || edit_lines(editor, file, &wanted_rx, &lines_tx))
            .map_err(InputError::Thread)?;
        Ok(LineEditor { wanted, lines, outstanding: false })
    }

    async fn read(&mut self) -> Option<String> {
        self.wanted.send(Want::Prompt).ok()?;
        self.lines.recv().await.flatten()
    }
}

type Readline = Editor<(), MemHistory>;

fn edit_lines(
    mut editor: Readline,
    file: Option<HistoryFile>,
    wanted: &std_mpsc::Receiver<Want>,
    lines: &mpsc::Sender<Option<String>>,
) {
    let mut file = file.and_then(|file| match file.load() {
        Ok(entries) => {
            for entry in entries {
                let _ = editor.history_mut().add_owned(entry);
            }
            Some(file)
        }
        // Writing now would replace a history we could not read with this session's.
        Err(e) => {
            eprintln!("agentwire chat: prompt history is not saved: {e}");
            None
        }
    });
    while let Ok(want) = wanted.recv() {
        let prompt = match want {
            Want::Prompt => None,
            Want::Answer(prompt) => Some(prompt),
        };
        if let Some(prompt) = prompt {
            // Not history, and no answer (Ctrl-C, Ctrl-D) does not end the chat.
            let answer = match editor.readline(&prompt) {
                Ok(line) => Some(line),
                Err(ReadlineError::Interrupted | ReadlineError::Eof) => None,
                Err(e) => {
                    eprintln!("agentwire chat: reading the terminal failed: {e}");
                    None
                }
            };
            if lines.blocking_send(answer).is_err() {
                return;
            }
            continue;
        }
        let line = read_line(&mut editor);
        if let Some(line) = &line {
            remember(&mut editor, &mut file, line);
        }
        let end = line.is_none();
        if lines.blocking_send(line).is_err() || end {
            return;
        }
    }
}

fn read_line(editor: &mut Readline) -> Option<String> {
    // The blank line the piped prompt also starts with, between an answer and the prompt.
    println!();
    loop {
        match editor.readline(PROMPT) {
            Ok(line) => return Some(line),
            // Ctrl-C at the prompt abandons the line, not the chat.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return None,
            Err(e) => {
                eprintln!("agentwire chat: reading the terminal failed: {e}");
                return None;
            }
        }
    }
}

/// Blank lines and a repeat of the previous entry are not history; the editor decides, so
/// the file and Up/Down always agree.
fn remember(editor: &mut Readline, file: &mut Option<HistoryFile>, line: &str) {
    let entry = line.trim();
    if !matches!(editor.add_history_entry(entry), Ok(true)) {
        return;
    }
    if let Some(history) = file {
        if let Err(e) = history.append(entry) {
            // Once is enough: the session goes on with in-memory history.
            eprintln!("agentwire chat: prompt history is not saved: {e}");
            *file = None;
        }
    }
}
