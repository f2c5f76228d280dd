//! `onav build`'s progress: a bar of tiles done out of the total on
//! standard error when it is a terminal, nothing otherwise (a log or a
//! pipe gets no carriage returns).

use std::io::{IsTerminal, Write};
use std::sync::Mutex;

use onav::BuildControl;

const WIDTH: usize = 40;

pub struct ProgressBar {
    terminal: bool,
    /// The highest count drawn: the builder's threads report out of order.
    drawn: Mutex<usize>,
}

impl ProgressBar {
    pub fn on_stderr() -> ProgressBar {
        ProgressBar { terminal: std::io::stderr().is_terminal(), drawn: Mutex::new(0) }
    }

    /// The builder's progress callback: redraws the bar, never cancels.
    pub fn report(&self, done: usize, total: usize) -> BuildControl {
        if self.terminal {
            let mut drawn = self.drawn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if done > *drawn {
                *drawn = done;
                let filled = WIDTH * done / total.max(1);
                // A failed write to the terminal only loses the picture.
                let _ = write!(
                    std::io::stderr(),
                    "\r[{}{}] {done}/{total} tiles",
                    "#".repeat(filled),
                    " ".repeat(WIDTH - filled)
                );
            }
        }
        BuildControl::Continue
    }

    /// Ends the bar's line, if one was drawn.
    pub fn finish(&self) {
        if self.terminal && *self.drawn.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) > 0 {
            eprintln!();
        }
    }
}
