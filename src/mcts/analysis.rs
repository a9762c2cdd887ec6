//! Analysis for GUIs: the search run in slices, reporting the root moves
//! (visits, win rate, score lead, prior share, principal variation) and,
//! when asked, the ownership of every point between slices.

use std::time::{Duration, Instant};

use rand::Rng;

use super::reuse::TreeCache;
use super::search::{
    SearchLimits, SearchResult, best_child, cached_run, extend_run, extend_run_shared, merge,
    pass_result, root_candidates,
};
use super::tree::{NodeId, Tree};
use crate::board::Move;
use crate::color::Color;
use crate::rules::Game;

/// One candidate move as analysis reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Simulations run through it (priors excluded).
    pub visits: u32,
    /// Its win rate for the player to move.
    pub win_rate: f32,
    /// The mean final margin of its simulations for the player to move
    /// (komi included).
    pub score_lead: f32,
    /// Its share of the prior knowledge among the root moves (0 to 1).
    pub prior: f32,
    /// The principal variation starting with the move.
    pub pv: Vec<Move>,
}

/// How an analysis reports.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisOptions {
    /// Time between reports.
    pub interval: Duration,
    /// Whether reports carry the ownership of every point.
    pub ownership: bool,
}

/// One report of a running analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The root moves that have been simulated, most visited first.
    pub candidates: Vec<Candidate>,
    /// When asked for: per point (indexed by [`Point::index`]), the mean
    /// final owner over this analysis's simulations, +1 Black to -1 White.
    pub ownership: Option<Vec<f32>>,
}

/// Analysis: searches `color`'s position (on `limits.threads` threads,
/// one when ownership is asked for) until `stop`
/// returns true or `limits` end it, calling `report` every
/// `options.interval` (and once at the end). Continues the tree `cache`
/// kept from an earlier search of this position or one before it, and
/// keeps the new tree there. Returns the final search result.
#[allow(clippy::too_many_arguments)]
pub fn analyze<R: Rng + ?Sized>(
    game: &Game,
    color: Color,
    komi: f64,
    limits: &SearchLimits,
    rng: &mut R,
    options: &AnalysisOptions,
    cache: &mut TreeCache,
    stop: &mut dyn FnMut() -> bool,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let start = Instant::now();
    let root_moves = root_candidates(game, color);
    if root_moves.is_empty() {
        cache.clear();
        report(&Report {
            candidates: Vec::new(),
            ownership: None,
        });
        return pass_result(start);
    }
    let mut run = cached_run(
        cache,
        game,
        color,
        &root_moves,
        options.ownership,
        limits.move_model,
    );
    let mut until = options.interval;
    loop {
        let slice_end = limits.time.map_or(until, |t| t.min(until));
        let slice = SearchLimits {
            time: Some(slice_end),
            ..*limits
        };
        // Several threads share the tree unless ownership is summed (that
        // sum is per searcher).
        let stopped = if limits.threads > 1 && run.ownership.is_none() {
            extend_run_shared(
                &mut run,
                game,
                color,
                komi,
                &slice,
                limits.threads,
                rng,
                start,
                stop,
            )
        } else {
            extend_run(&mut run, game, color, komi, &slice, rng, start, stop)
        };
        let n = run.playouts.max(1) as f32;
        report(&Report {
            candidates: candidates(&run.tree, color),
            ownership: run
                .ownership
                .as_ref()
                .map(|sums| sums.iter().map(|s| s / n).collect()),
        });
        let done = limits.time.is_some_and(|t| start.elapsed() >= t)
            || limits.playouts.is_some_and(|n| run.playouts >= n);
        log::debug!(
            "analysis tree: {} nodes, {} playouts",
            run.tree.len(),
            run.playouts
        );
        if stopped || done {
            break;
        }
        until += options.interval;
    }
    let runs = [run];
    let result = merge(&runs, start);
    let [run] = runs;
    cache.save(run.tree, game, color);
    result
}

/// The root moves with simulations, most visited first.
fn candidates(tree: &Tree, color: Color) -> Vec<Candidate> {
    let root: Vec<NodeId> = tree.children(Tree::ROOT).collect();
    let prior_total: f32 = root.iter().map(|&id| tree.node(id).prior_wins).sum();
    let mut out: Vec<Candidate> = root
        .iter()
        .map(|&id| {
            let n = tree.node(id);
            let mut pv = vec![n.mv];
            let mut node = id;
            while let Some(child) = best_child(tree, node) {
                if tree.node(child).real_visits() < 1.0 || tree.node(child).mv == Move::Pass {
                    break;
                }
                pv.push(tree.node(child).mv);
                node = child;
            }
            Candidate {
                mv: n.mv,
                visits: n.real_visits().max(0.0) as u32,
                win_rate: n.real_win_rate(),
                score_lead: color.fold(n.mean_margin(), -n.mean_margin()),
                prior: if prior_total > 0.0 {
                    n.prior_wins / prior_total
                } else {
                    0.0
                },
                pv,
            }
        })
        .filter(|c| c.visits > 0)
        .collect();
    out.sort_by_key(|c| std::cmp::Reverse(c.visits));
    out
}
