//! `tengen benchmark`: playouts and searches from the empty board, timed.
//!
//! [`playouts`] times light playouts (the reference bot's, whose 9×9
//! statistics the tests check) or tactical ones (the search's);
//! [`mcts_iterations`] times the simulations of one search for Black from
//! the empty board, as in play. Wall time, one run at a time: the host's
//! speed drifts from hour to hour and single runs of one binary differ by
//! up to a tenth, so `scripts/bench.sh N` reports medians of N runs, and
//! `scripts/libego-compare.sh N` (light playouts against libego's, like
//! for like, in alternating rounds) is read as a ratio over five rounds or
//! more: the ratio of a single round varies by about 5%.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::board::Board;
use crate::board::playout::{Policy, playout, recorded_playout};
use crate::color::Color;
use crate::mcts::search::{SearchLimits, TreeCache, search_reusing};
use crate::rules::{Game, PlayRules};

/// What one benchmark run measured.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutStats {
    /// Playouts played.
    pub playouts: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Moves per playout, passes included.
    pub moves_per_playout: f64,
    /// Fraction of playouts Black won at the given komi.
    pub black_wins: f64,
}

impl PlayoutStats {
    /// Playouts per second.
    #[must_use]
    pub fn rate(&self) -> f64 {
        self.playouts as f64 / self.seconds
    }

    /// Nanoseconds per move.
    #[must_use]
    pub fn ns_per_move(&self) -> f64 {
        self.seconds * 1e9 / (self.playouts as f64 * self.moves_per_playout)
    }
}

/// Runs `playouts` playouts of `policy` from the empty `size` board (one
/// thread), Black first, scoring by area against `komi`.
#[must_use]
pub fn playouts(policy: Policy, size: usize, playouts: u64, komi: f64, seed: u64) -> PlayoutStats {
    let mut rng = SmallRng::seed_from_u64(seed);
    let empty = Board::new(size);
    let mut board = Board::new(size);
    let (mut moves, mut black_wins) = (0u64, 0u64);
    let mut record = Vec::new();
    let start = Instant::now();
    for _ in 0..playouts {
        board.copy_from(&empty);
        let result = match policy {
            Policy::Light => playout(&mut board, Color::Black, &mut rng),
            Policy::Tactical => {
                record.clear();
                recorded_playout(
                    policy,
                    &mut board,
                    Color::Black,
                    None,
                    &mut rng,
                    &mut record,
                )
            }
        };
        moves += u64::from(result.moves);
        black_wins += u64::from(f64::from(result.score) > komi);
    }
    let seconds = start.elapsed().as_secs_f64();
    PlayoutStats {
        playouts,
        seconds,
        moves_per_playout: moves as f64 / playouts.max(1) as f64,
        black_wins: black_wins as f64 / playouts.max(1) as f64,
    }
}

/// Runs one search within `limits` (simulations, threads, playouts,
/// priors) for Black on the empty `size` board; returns the
/// seconds taken. The search goes through `cache`, cleared first, as
/// `genmove`'s searches do: it grows a new tree, in the memory of the last
/// run's tree when there was one (so the first run pays for growing the
/// arena, and later runs do not, as in play).
#[must_use]
pub fn mcts_iterations(
    limits: &SearchLimits,
    size: usize,
    komi: f64,
    seed: u64,
    cache: &mut TreeCache,
) -> f64 {
    let game = Game::new(size, PlayRules::default());
    let mut rng = SmallRng::seed_from_u64(seed);
    cache.clear();
    let result = search_reusing(
        &game,
        Color::Black,
        komi,
        limits,
        &mut rng,
        &mut || false,
        cache,
    );
    result.elapsed.as_secs_f64()
}
