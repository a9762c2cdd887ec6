//! Progress of a long run over records (`tengen score`, `predict`,
//! `train`): a bar with the rate and the time left when standard error is
//! a terminal, nothing otherwise (the callers keep their plain progress
//! lines for scripts and CI logs).

use std::io::IsTerminal as _;

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// A progress bar over `total` records, or nothing when standard error is
/// not a terminal.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar counting `total` records (shown only on a terminal).
    #[must_use]
    pub fn new(total: usize) -> Self {
        if !std::io::stderr().is_terminal() {
            return Self(None);
        }
        let bar = ProgressBar::new(total as u64);
        bar.set_style(
            ProgressStyle::with_template("{wide_bar} {pos}/{len} records, {rate}/s, {eta} left")
                .expect("a valid template")
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0}", state.per_sec());
                    },
                ),
        );
        Self(Some(bar))
    }

    /// Whether a bar is shown (so the plain progress lines are not).
    #[must_use]
    pub fn is_bar(&self) -> bool {
        self.0.is_some()
    }

    /// One more record done.
    pub fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
