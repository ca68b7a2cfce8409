//! Tool progress on stderr while a turn's text streams to stdout, drawn so that neither ever
//! overwrites the other.
//!
//! Both streams usually reach the same terminal, and a spinner animates by rewriting its line
//! (`\r` … `\x1b[K`). So the spinner only ever draws on a line of its own: when a tool starts
//! while the answer's line is still open (text without a final newline), the first frame ends
//! that line first. Text that arrives while a frame is shown clears the spinner's line, then
//! prints there; the next frame opens a new line again. Every write — text, frame, clear —
//! happens under one lock, so a frame can never land in the middle of the answer.
//!
//! No drawing at all when stderr is not a terminal (a file or pipe gets no frames and no escape
//! codes); with `NO_COLOR` set or `TERM=dumb`, one plain `[running tool…]` line per run of
//! tools instead of an animation.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::task::JoinHandle;

const FRAMES: &[char] = &['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_INTERVAL: Duration = Duration::from_millis(100);
const LABEL: &str = "running tool…";
/// Back to the start of the line, and erase it.
const CLEAR_LINE: &str = "\r\x1b[K";

/// How progress is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// stderr is not a terminal: nothing.
    Off,
    /// A terminal that asked for no escape codes: one line per run of tools.
    Plain,
    /// An animated spinner on its own line.
    Animated,
}

impl Style {
    pub fn detect() -> Style {
        Style::choose(std::io::stderr().is_terminal(), std::env::var_os("NO_COLOR"), std::env::var_os("TERM"))
    }

    /// `NO_COLOR` counts when set to anything but the empty string (no-color.org).
    fn choose(stderr_is_terminal: bool, no_color: Option<OsString>, term: Option<OsString>) -> Style {
        if !stderr_is_terminal {
            Style::Off
        } else if no_color.is_some_and(|v| !v.is_empty()) || term.is_some_and(|t| t == "dumb") {
            Style::Plain
        } else {
            Style::Animated
        }
    }
}

struct State {
    style: Style,
    /// Text reaches the terminal stdout is on (so an open answer line shares the screen).
    stdout_is_terminal: bool,
    running: usize,
    /// A frame is on the screen.
    shown: bool,
    /// The terminal's current line holds answer text without its newline.
    line_open: bool,
    /// The plain notice was printed for the current run of tools.
    announced: bool,
}

impl State {
    fn clear_frame(&mut self) {
        if self.shown {
            eprint!("{CLEAR_LINE}");
            self.shown = false;
        }
    }

    /// Ends an open answer line, so what stderr writes next starts a line of its own.
    fn own_line(&mut self) {
        if self.line_open {
            eprintln!();
            self.line_open = false;
        }
    }
}

pub struct Spinner {
    state: Arc<Mutex<State>>,
    animation: Option<JoinHandle<()>>,
}

impl Spinner {
    pub fn start() -> Spinner {
        Spinner::with_style(Style::detect(), std::io::stdout().is_terminal())
    }

    fn with_style(style: Style, stdout_is_terminal: bool) -> Spinner {
        let state = Arc::new(Mutex::new(State {
            style,
            stdout_is_terminal,
            running: 0,
            shown: false,
            line_open: false,
            announced: false,
        }));
        let animation = (style == Style::Animated).then(|| tokio::spawn(animate(Arc::clone(&state))));
        Spinner { state, animation }
    }

    /// Prints answer text to stdout, clearing a shown frame first.
    pub fn print(&self, text: &str) {
        let mut state = lock(&self.state);
        state.clear_frame();
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(text.as_bytes());
        let _ = stdout.flush();
        if state.stdout_is_terminal && !text.is_empty() {
            state.line_open = !text.ends_with('\n');
        }
    }

    /// Prints a line to stderr on a line of its own (`[stopping…]`).
    pub fn note(&self, line: &str) {
        let mut state = lock(&self.state);
        state.clear_frame();
        state.own_line();
        eprintln!("{line}");
    }

    /// With no tool running the frame is cleared before this returns, so the caller's next
    /// write starts on a clean line.
    pub fn set_running(&self, running: usize) {
        let mut state = lock(&self.state);
        state.running = running;
        if running == 0 {
            state.clear_frame();
            state.announced = false;
        } else if state.style == Style::Plain && !state.announced {
            state.own_line();
            eprintln!("[{LABEL}]");
            state.announced = true;
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some(animation) = &self.animation {
            animation.abort();
        }
        self.set_running(0);
    }
}

use crate::sync::lock;

async fn animate(state: Arc<Mutex<State>>) {
    let mut tick = tokio::time::interval(FRAME_INTERVAL);
    for frame in FRAMES.iter().cycle() {
        tick.tick().await;
        let mut state = lock(&state);
        if state.running > 0 {
            state.own_line();
            eprint!("\r{frame} {LABEL}");
            state.shown = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_off_unless_stderr_is_a_terminal_and_plain_when_asked() {
        let os = |s: &str| Some(OsString::from(s));
        assert_eq!(Style::choose(false, None, os("xterm")), Style::Off);
        assert_eq!(Style::choose(true, None, os("xterm")), Style::Animated);
        assert_eq!(Style::choose(true, None, None), Style::Animated);
        assert_eq!(Style::choose(true, os("1"), os("xterm")), Style::Plain);
        // "when present and not an empty string"
        assert_eq!(Style::choose(true, os(""), os("xterm")), Style::Animated);
        assert_eq!(Style::choose(true, None, os("dumb")), Style::Plain);
        assert_eq!(Style::choose(false, os("1"), os("dumb")), Style::Off);
    }
}
