//! Pondering (`--ponder`): after its own move the engine goes on
//! searching the position, the opponent to move, in a background thread,
//! on the opponent's time. The tree it grows is the one the engine keeps
//! between moves ([`TreeCache`]): when the opponent's move arrives
//! (`play`) and then `genmove`, the search continues the subtree below
//! that move.
//!
//! Every command stops pondering before it runs: the session's loop waits
//! for input while the thread searches, and [`Engine::execute_with`] sets
//! the thread's stop flag and joins it (the search polls the flag every
//! few dozen simulations), so a command is answered as soon as without
//! pondering. After a command that left the position as it was (`name`,
//! `time_left`, an analysis, …) pondering resumes on the same tree; after
//! `genmove` it starts for the new position; after anything else (`play`,
//! `undo`, `quit`, `kgs-game_over`, …) it stays stopped until the next
//! `genmove`. The ponder search uses the engine's node budget
//! (`--max-nodes`) and threads, and stops by itself after
//! [`PONDER_MAX_PLAYOUTS`] simulations. Nothing is written to standard
//! output; dropping the engine stops the thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::command::Command;
use super::engine::Engine;
use super::error::GtpError;
use crate::board::playout::Policy;
use crate::color::Color;
use crate::mcts::search::{SearchLimits, TreeCache, search_reusing};
use crate::rules::Rules;

/// A ponder search ends by itself after this many simulations (about a
/// minute on 9×9, ten on 19×19), keeping every count of the tree exact
/// in `f32` (below 2^24).
pub const PONDER_MAX_PLAYOUTS: u64 = 4_000_000;

/// Whether the engine ponders, and the search running if it does.
pub struct Ponder {
    enabled: bool,
    running: Option<Running>,
}

/// A ponder search in its thread.
struct Running {
    /// The colour the engine pondered for (its own).
    color: Color,
    stop: Arc<AtomicBool>,
    /// Hands the tree back when the search ends.
    handle: JoinHandle<TreeCache>,
}

/// What to do about pondering once a command has run.
pub(super) enum PonderPlan {
    /// Nothing: pondering stays stopped.
    Stay,
    /// After a successful `genmove` for this colour: ponder the new
    /// position.
    AfterMove(Color),
    /// Resume pondering for this colour if the position is `Position`.
    Resume(Color, Position),
}

/// What decides whether a ponder search still applies after a command.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Position {
    moves: usize,
    hash: u64,
    komi: f64,
    rules: Rules,
}

impl Ponder {
    /// Pondering on or off, nothing running.
    #[must_use]
    pub fn new(enabled: bool) -> Ponder {
        Ponder {
            enabled,
            running: None,
        }
    }

    /// Stops the search and hands back its tree and colour, if one ran.
    fn stop(&mut self) -> Option<(Color, TreeCache)> {
        let running = self.running.take()?;
        running.stop.store(true, Ordering::Relaxed);
        let cache = running.handle.join().unwrap_or_else(|_| {
            log::error!("the ponder search panicked");
            TreeCache::default()
        });
        Some((running.color, cache))
    }
}

impl Drop for Ponder {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Engine {
    /// Stops pondering, taking its tree back; the colour pondered for, if
    /// it was pondering.
    pub(super) fn pause_pondering(&mut self) -> Option<Color> {
        let (color, cache) = self.ponder.stop()?;
        self.tree_cache = cache;
        Some(color)
    }

    /// What to do about pondering after `command`, when `pondered` (the
    /// colour pondered for) says whether it was pondering before.
    pub(super) fn ponder_plan(&self, command: &Command, pondered: Option<Color>) -> PonderPlan {
        if !self.ponder.enabled {
            return PonderPlan::Stay;
        }
        match (command, pondered) {
            (Command::Genmove(color) | Command::GenmoveAnalyze(_, color, _), _) => {
                PonderPlan::AfterMove(*color)
            }
            (Command::Quit | Command::KgsGameOver, _) | (_, None) => PonderPlan::Stay,
            (_, Some(color)) => PonderPlan::Resume(color, self.position()),
        }
    }

    /// Starts or resumes pondering after a command as `plan` says, given
    /// its `result`.
    pub(super) fn resume_pondering(&mut self, plan: PonderPlan, result: &Result<String, GtpError>) {
        match plan {
            PonderPlan::Stay => {}
            PonderPlan::AfterMove(color) => {
                if result
                    .as_ref()
                    .is_ok_and(|answer| !answer.ends_with("resign"))
                {
                    self.start_pondering(color);
                }
            }
            PonderPlan::Resume(color, position) => {
                if self.position() == position {
                    self.start_pondering(color);
                }
            }
        }
    }

    /// The position as pondering sees it.
    fn position(&self) -> Position {
        Position {
            moves: self.game.moves().len(),
            hash: self.game.board().hash(),
            komi: self.komi,
            rules: self.rules,
        }
    }

    /// Starts searching the position, the opponent of `color` to move, in
    /// a background thread, at the komi `color`'s next search will use;
    /// nothing when the game is over or it is `color`'s move.
    fn start_pondering(&mut self, color: Color) {
        let opponent = color.other();
        if self.game.consecutive_passes() >= 2 || self.game.to_move() != opponent {
            return;
        }
        let komi = self.search_komi(color);
        let limits = SearchLimits {
            playouts: Some(PONDER_MAX_PLAYOUTS),
            time: None,
            max_nodes: self.max_nodes,
            threads: self.threads,
            policy: Policy::Tactical,
            move_model: self.move_model,
        };
        let game = self.game.clone();
        let mut cache = std::mem::take(&mut self.tree_cache);
        let seed = self.rng.next_u64();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let mut rng = SmallRng::seed_from_u64(seed);
            let result = search_reusing(
                &game,
                opponent,
                komi,
                &limits,
                &mut rng,
                &mut || flag.load(Ordering::Relaxed),
                &mut cache,
            );
            log::info!(
                "pondered {} playouts in {:.2} s for {opponent}'s move",
                result.playouts,
                result.elapsed.as_secs_f64()
            );
            cache
        });
        self.ponder.running = Some(Running {
            color,
            stop,
            handle,
        });
    }
}
