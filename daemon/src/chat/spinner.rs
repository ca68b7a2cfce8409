//! The "running tool" spinner on stderr during a turn.
//!
//! The turn streams text to stdout while the spinner animates from a task, and both reach the
//! same terminal line. Stopping therefore clears the line synchronously, under the lock the
//! animation draws under: a frame or clear landing after the answer has started would erase
//! the beginning of the answer's line.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::task::JoinHandle;

const FRAMES: &[char] = &['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_INTERVAL: Duration = Duration::from_millis(100);

#[derive(Default)]
struct State {
    running: usize,
    shown: bool,
}

pub struct Spinner {
    state: Arc<Mutex<State>>,
    animation: JoinHandle<()>,
}

impl Spinner {
    pub fn start() -> Spinner {
        let state = Arc::new(Mutex::new(State::default()));
        let animation = tokio::spawn(animate(Arc::clone(&state)));
        Spinner { state, animation }
    }

    /// With no tool running the line is cleared before this returns, so the caller's next
    /// write starts on a clean line.
    pub fn set_running(&self, running: usize) {
        let mut state = lock(&self.state);
        state.running = running;
        if running == 0 && state.shown {
            eprint!("\r\x1b[K");
            state.shown = false;
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.animation.abort();
        self.set_running(0);
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    // Two plain fields: a panic elsewhere cannot leave them inconsistent.
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

async fn animate(state: Arc<Mutex<State>>) {
    let mut tick = tokio::time::interval(FRAME_INTERVAL);
    for frame in FRAMES.iter().cycle() {
        tick.tick().await;
        let mut state = lock(&state);
        if state.running > 0 {
            eprint!("\r{frame} running tool…");
            state.shown = true;
        }
    }
}
