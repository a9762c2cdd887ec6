//! Monte Carlo tree search with RAVE and prior knowledge, in the style of
//! michi: one function per phase, every constant named.
//!
//! Where to start reading: [`search`] runs simulations, each
//! `Search::descend` (pick moves in the tree by [`urgency`]) →
//! `Search::expand` (children with [`priors`](super::priors)) → a
//! tactical playout (`board::playout::recorded_playout`, tactical in
//! play) → `Search::update` (win counts and AMAF counts along the path).
//! [`search_reusing`] keeps the tree between moves ([`TreeCache`]);
//! [`analyze`] reports the root moves at intervals.
//!
//! Each simulation:
//! - **descends** by [`urgency`], the RAVE blend of a move's win rate and
//!   its AMAF win rate, which weigh the same at [`RAVE_EQUIV`] simulations;
//! - **expands** a leaf after [`EXPAND_VISITS`] simulations of its own into
//!   every legal move but the mover's own eyes, each child starting with
//!   prior simulations ([`super::priors`]): captures, escapes and ataris
//!   read through ladders, self-atari; on boards smaller than
//!   [`MODEL_MIN_SIZE`] also MoGo 3×3 patterns, nearness to the last move
//!   and the line in an empty area, on bigger ones the move model
//!   ([`super::model`]; not with `--no-move-model`) instead of those
//!   three. There, while the board holds at most [`OPENING_STONES`]
//!   stones, the prior also seeds the move's AMAF counts
//!   ([`PRIOR_AMAF_WEIGHT`]), so that the playouts' liking for
//!   second-line moves on an empty board does not drown it;
//! - plays a **tactical playout** ([`Policy::Tactical`]: capture or escape
//!   replies to the last move, else a MoGo 3×3 pattern next to it, else a
//!   random move; no multi-stone self-atari, no filling of own eyes);
//! - **updates** wins and AMAF counts along the path; a draw counts half a
//!   win ([`result_for_black`]).
//!
//! The move is the most visited root child, with its win rate; the GTP
//! layer resigns on it ([`RESIGN_BELOW`] by default, after at least
//! [`RESIGN_MIN_PLAYOUTS`] simulations, never early in a handicap game).
//! Threads share one tree, each marking its path
//! with a [`VIRTUAL_LOSS`]; at the node budget (`--max-nodes`) the tree
//! stops growing and the search goes on.
//!
//! [`MODEL_MIN_SIZE`]: super::priors::MODEL_MIN_SIZE
//! [`OPENING_STONES`]: super::priors::OPENING_STONES
//! [`PRIOR_AMAF_WEIGHT`]: super::priors::PRIOR_AMAF_WEIGHT

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub use super::analysis::{AnalysisOptions, Candidate, Report, analyze};
use super::model::features::candidates;
use super::priors::{PRIOR_EVEN, PriorContext};
pub use super::reuse::TreeCache;
use super::reuse::{last_point, prior_node, root_tree, second_last_point};
use super::tree::{Node, NodeId, Tree};
use crate::board::playout::{Policy, recorded_playout};
use crate::board::{Board, Move, Point};
use crate::color::Color;
use crate::rules::Game;

/// A leaf is expanded after this many simulations through it (its own, not
/// counting the prior's).
pub const EXPAND_VISITS: f32 = 2.0;
/// Tree parallelism: a thread descending through a node counts this many
/// simulations there as lost until its own result is in, so that the
/// other threads look elsewhere meanwhile.
pub const VIRTUAL_LOSS: f32 = 3.0;
/// RAVE: the number of simulations at which a move's own statistics and its
/// AMAF statistics weigh the same (michi's RAVE_EQUIV). Michi's 3500 left
/// the AMAF estimate in charge of moves with hundreds of simulations. In
/// self-play at 3000 playouts a move against 3500, 1000 won 51 of 95
/// decided games, 300 won 51 of 93 and 10000 won 44 of 97; against GNU Go
/// level 10, 1000 won 264 of 294 decided games (89.8%), 3500 233 of 264
/// (88.3%): not separable, and 1000 is kept.
pub const RAVE_EQUIV: f32 = 1000.0;
/// Resign when the best move wins less often than this (against GNU Go,
/// 6 of 41 lost games had been resigned at 8% in positions it plays out
/// to a draw or a loss by 2 to 6 points)...
pub const RESIGN_BELOW: f32 = 0.03;
/// ...after at least this many simulations.
pub const RESIGN_MIN_PLAYOUTS: u64 = 2000;
/// How often (in iterations) the clock and the stop flag are checked.
const CHECK_EVERY: u64 = 64;

/// When to stop searching.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchLimits {
    /// Stop after this many simulations.
    pub playouts: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// Stop growing the tree at this many nodes (the search goes on).
    pub max_nodes: usize,
    /// Search threads sharing the tree; 1 is deterministic.
    pub threads: usize,
    /// The playouts run from the leaves (tactical in play; light for the
    /// benchmark).
    pub policy: Policy,
    /// Priors from the move model on big boards (see
    /// [`super::priors::MODEL_MIN_SIZE`]); the hand-set ones otherwise.
    pub move_model: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (`Pass` when there is no candidate).
    pub best: Move,
    /// Its win rate for the player to move.
    pub win_rate: f32,
    /// Simulations run.
    pub playouts: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The principal variation from the root.
    pub pv: Vec<Move>,
}

/// One searcher's state (the tree is passed to each phase, so several
/// searchers can share one).
struct Search<'a> {
    root: &'a Board,
    root_color: Color,
    root_last: Option<Point>,
    /// The move before it, if a stone.
    root_second_last: Option<Point>,
    /// White's total bonus: komi plus handicap compensation.
    komi: f64,
    max_nodes: usize,
    policy: Policy,
    /// Whether the priors use the move model.
    move_model: bool,
    /// Scratch: the board of the current simulation.
    board: Board,
    /// Scratch: moves of the current simulation, tree part first.
    sequence: Vec<(Color, Point)>,
    /// Scratch: nodes on the current path.
    path: Vec<NodeId>,
    /// Scratch: for each node on the path, the length of `sequence` when
    /// the simulation reached it.
    starts: Vec<usize>,
    /// Scratch: per point and colour, 1 when that colour played the point
    /// first from the node being updated on, else 0 (reset after each
    /// update). A number, so the AMAF count reads it without a branch.
    first_played: Vec<[f32; 2]>,
    /// Scratch: the urgencies of the children of the node being left.
    urgencies: Vec<f32>,
    /// Per point, the sum of final owners (+1 Black, -1 White) over the
    /// simulations, when asked for.
    ownership: Option<Vec<f32>>,
}

/// Where a simulation left the tree.
struct Leaf {
    /// The colour to move there.
    color: Color,
    /// The last move played to reach it (or before the root).
    last: Option<Point>,
    /// Whether it has been visited enough to be expanded.
    expand: bool,
}

/// Searches for `color`'s move in `game`. `komi` is White's total bonus
/// (komi plus any handicap compensation); `stop` is polled now and then
/// and ends the search early when it returns true.
///
/// With `limits.threads` above 1 the threads share one tree (*tree
/// parallelism* with virtual loss, see [`VIRTUAL_LOSS`]); each draws its
/// seed from `rng`. One thread is deterministic for a given seed and
/// playout count; several are not, as they race for the tree.
pub fn search<R: Rng + ?Sized>(
    game: &Game,
    color: Color,
    komi: f64,
    limits: &SearchLimits,
    rng: &mut R,
    stop: &mut dyn FnMut() -> bool,
) -> SearchResult {
    let start = Instant::now();
    let root_moves = root_candidates(game, color);
    if root_moves.is_empty() {
        return pass_result(start);
    }
    let threads = limits.threads.max(1);
    if threads == 1 {
        let run = grow_tree(game, color, komi, limits, &root_moves, rng, start, stop);
        return merge(&[run], start);
    }
    let mut run = Run {
        tree: root_tree(Tree::new(), game, color, &root_moves, limits.move_model),
        playouts: 0,
        ownership: None,
    };
    extend_run_shared(
        &mut run, game, color, komi, limits, threads, rng, start, stop,
    );
    merge(&[run], start)
}

/// [`search`] on one thread, continuing the tree `cache` kept from the
/// previous search when the game went on from that position, and keeping
/// the new tree there. With more threads it is [`search`] (and the cache is
/// cleared).
pub fn search_reusing<R: Rng + ?Sized>(
    game: &Game,
    color: Color,
    komi: f64,
    limits: &SearchLimits,
    rng: &mut R,
    stop: &mut dyn FnMut() -> bool,
    cache: &mut TreeCache,
) -> SearchResult {
    let start = Instant::now();
    let root_moves = root_candidates(game, color);
    if root_moves.is_empty() {
        cache.clear();
        return pass_result(start);
    }
    let mut run = cached_run(cache, game, color, &root_moves, false, limits.move_model);
    if limits.threads > 1 {
        extend_run_shared(
            &mut run,
            game,
            color,
            komi,
            limits,
            limits.threads,
            rng,
            start,
            stop,
        );
    } else {
        extend_run(&mut run, game, color, komi, limits, rng, start, stop);
    }
    let runs = [run];
    let result = merge(&runs, start);
    let [run] = runs;
    cache.save(run.tree, game, color);
    result
}

/// A run on the tree `cache` kept for this position (or a fresh one with
/// `root_moves`), summing ownership when `ownership`.
pub(super) fn cached_run(
    cache: &mut TreeCache,
    game: &Game,
    color: Color,
    root_moves: &[Point],
    ownership: bool,
    move_model: bool,
) -> Run {
    let tree = match cache.take_for(game, color, root_moves, move_model) {
        Some(tree) => tree,
        None => root_tree(cache.fresh_tree(), game, color, root_moves, move_model),
    };
    Run {
        tree,
        playouts: 0,
        ownership: ownership.then(|| vec![0.0; crate::board::ARRAY_LEN]),
    }
}

/// One tree and the simulations it ran.
pub(super) struct Run {
    pub(super) tree: Tree,
    pub(super) playouts: u64,
    /// Per-point sums of final owners, when ownership was asked for.
    pub(super) ownership: Option<Vec<f32>>,
}

/// Grows one tree from the root moves until a limit or `stop`.
#[allow(clippy::too_many_arguments)]
fn grow_tree<R: Rng + ?Sized>(
    game: &Game,
    color: Color,
    komi: f64,
    limits: &SearchLimits,
    root_moves: &[Point],
    rng: &mut R,
    start: Instant,
    stop: &mut dyn FnMut() -> bool,
) -> Run {
    let mut run = Run {
        tree: root_tree(Tree::new(), game, color, root_moves, limits.move_model),
        playouts: 0,
        ownership: None,
    };
    extend_run(&mut run, game, color, komi, limits, rng, start, stop);
    run
}

/// Runs simulations on `run` until its playouts reach `limits.playouts`,
/// the time since `start` reaches `limits.time`, or `stop` (then returns
/// true).
#[allow(clippy::too_many_arguments)]
pub(super) fn extend_run<R: Rng + ?Sized>(
    run: &mut Run,
    game: &Game,
    color: Color,
    komi: f64,
    limits: &SearchLimits,
    rng: &mut R,
    start: Instant,
    stop: &mut dyn FnMut() -> bool,
) -> bool {
    let mut s = Search::new(game, color, komi, limits);
    s.ownership = run.ownership.take();
    let mut stopped = false;
    let mut checked = run.playouts;
    loop {
        if limits.playouts.is_some_and(|n| run.playouts >= n) {
            break;
        }
        if run.playouts >= checked + CHECK_EVERY || run.playouts == checked && checked > 0 {
            checked = run.playouts;
            if limits.time.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
            if stop() {
                stopped = true;
                break;
            }
        }
        s.simulate(&mut run.tree, rng);
        run.playouts += 1;
    }
    run.ownership = s.ownership;
    stopped
}

/// Runs simulations on `run` with `threads` threads sharing its tree
/// (*tree parallelism*): each thread descends under a lock, adding a
/// virtual loss along its path so that the others spread out; without the
/// lock it plays the path's moves, computes a new leaf's children and plays
/// out; then it takes the lock again to insert the children and count the
/// result. Stops at `limits.playouts` in all, at `limits.time` since
/// `start`, or when `stop` (polled on this thread) says so (returns true).
#[allow(clippy::too_many_arguments)]
pub(super) fn extend_run_shared<R: Rng + ?Sized>(
    run: &mut Run,
    game: &Game,
    color: Color,
    komi: f64,
    limits: &SearchLimits,
    threads: usize,
    rng: &mut R,
    start: Instant,
    stop: &mut dyn FnMut() -> bool,
) -> bool {
    let shared = Mutex::new(std::mem::take(&mut run.tree));
    let started = run.playouts;
    let count = AtomicU64::new(run.playouts);
    let done = AtomicBool::new(false);
    let seeds: Vec<u64> = (1..threads).map(|_| rng.next_u64()).collect();
    let stopped = std::thread::scope(|scope| {
        let worker = |rng: &mut dyn Rng, poll: &mut dyn FnMut() -> bool| {
            let mut s = Search::new(game, color, komi, limits);
            let mut local = 0u64;
            // The last simulation's new children and result, counted at
            // the next lock: one lock per simulation instead of two.
            let mut pending: Option<(Option<Vec<Node>>, f32)> = None;
            let stopped = loop {
                if done.load(Ordering::Relaxed) {
                    break false;
                }
                let n = count.fetch_add(1, Ordering::Relaxed);
                if limits.playouts.is_some_and(|max| n >= max) {
                    count.fetch_sub(1, Ordering::Relaxed);
                    break false;
                }
                local += 1;
                if local.is_multiple_of(CHECK_EVERY) {
                    let timed_out = limits.time.is_some_and(|t| start.elapsed() >= t);
                    let stopped = !timed_out && poll();
                    if timed_out || stopped {
                        count.fetch_sub(1, Ordering::Relaxed);
                        done.store(true, Ordering::Relaxed);
                        break stopped;
                    }
                }
                let leaf = {
                    let mut tree = lock_spinning(&shared);
                    if let Some((children, margin)) = pending.take() {
                        s.finish(&mut tree, children.as_deref(), margin);
                    }
                    s.clear();
                    s.select(&mut tree, rng, VIRTUAL_LOSS)
                };
                s.board.copy_from(s.root);
                s.replay();
                let children = leaf.expand.then(|| s.children(leaf.color, leaf.last));
                let margin = s.play_out(leaf.color, leaf.last, rng);
                pending = Some((children, margin));
            };
            if let Some((children, margin)) = pending {
                s.finish(&mut lock_spinning(&shared), children.as_deref(), margin);
            }
            stopped
        };
        for &seed in &seeds {
            scope.spawn(move || {
                let mut rng = SmallRng::seed_from_u64(seed);
                worker(&mut rng, &mut || false);
            });
        }
        let mut main_rng = SmallRng::seed_from_u64(rng.next_u64());
        worker(&mut main_rng, stop)
    });
    run.tree = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    run.playouts = count.load(Ordering::Relaxed).max(started);
    stopped
}

/// Attempts to take the tree lock before sleeping on it: the critical
/// sections last microseconds, less than a sleep and wake-up (measured on
/// the tree before expansion counted real visits: two threads reached 1.45
/// times one thread's speed with a plain `lock`, 1.75 times spinning).
const LOCK_SPINS: u32 = 2000;

/// Takes `lock`, spinning for up to [`LOCK_SPINS`] attempts first.
fn lock_spinning(lock: &Mutex<Tree>) -> MutexGuard<'_, Tree> {
    for _ in 0..LOCK_SPINS {
        match lock.try_lock() {
            Ok(guard) => return guard,
            Err(TryLockError::Poisoned(e)) => return e.into_inner(),
            Err(TryLockError::WouldBlock) => std::hint::spin_loop(),
        }
    }
    lock.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sums the root statistics of the runs (their root children are the same
/// moves in the same order; there is one run per search now that threads
/// share a tree) and picks the most visited move.
pub(super) fn merge(runs: &[Run], start: Instant) -> SearchResult {
    let first = &runs[0].tree;
    let children: Vec<NodeId> = first.children(Tree::ROOT).collect();
    let totals: Vec<(f32, f32)> = (0..children.len())
        .map(|i| {
            runs.iter().fold((0.0, 0.0), |(v, w), run| {
                let id = run.tree.children(Tree::ROOT).start + i as NodeId;
                let n = run.tree.node(id);
                (v + n.visits, w + n.wins)
            })
        })
        .collect();
    let best = (0..children.len())
        .max_by(|&a, &b| totals[a].0.total_cmp(&totals[b].0))
        .expect("root has children");
    let (visits, wins) = totals[best];
    let win_rate = if visits > 0.0 { wins / visits } else { 0.5 };
    let playouts = runs.iter().map(|r| r.playouts).sum();
    // The principal variation of the run that looked deepest at the move.
    let pv_run = runs
        .iter()
        .max_by(|a, b| {
            let va = a
                .tree
                .node(a.tree.children(Tree::ROOT).start + best as NodeId)
                .visits;
            let vb = b
                .tree
                .node(b.tree.children(Tree::ROOT).start + best as NodeId)
                .visits;
            va.total_cmp(&vb)
        })
        .expect("one run at least");
    let mut pv = vec![first.node(children[best]).mv];
    let mut node = pv_run.tree.children(Tree::ROOT).start + best as NodeId;
    while let Some(child) = best_child(&pv_run.tree, node) {
        pv.push(pv_run.tree.node(child).mv);
        node = child;
    }
    SearchResult {
        best: first.node(children[best]).mv,
        win_rate,
        playouts,
        elapsed: start.elapsed(),
        pv,
    }
}

/// The most visited child of `node`.
pub(super) fn best_child(tree: &Tree, node: NodeId) -> Option<NodeId> {
    tree.children(node)
        .max_by(|&a, &b| tree.node(a).visits.total_cmp(&tree.node(b).visits))
}

/// The result for a position without candidate moves: a pass.
pub(super) fn pass_result(start: Instant) -> SearchResult {
    SearchResult {
        best: Move::Pass,
        win_rate: 0.5,
        playouts: 0,
        elapsed: start.elapsed(),
        pv: Vec::new(),
    }
}

/// Legal moves for `color` at the root (superko included), own eyes
/// excluded.
pub(super) fn root_candidates(game: &Game, color: Color) -> Vec<Point> {
    let board = game.board();
    let mut moves: Vec<Point> = board
        .points()
        .filter(|&p| board.color_at(p).is_none() && !board.is_eye(color, p))
        .filter(|&p| game.is_legal(color, Move::Play(p)))
        .collect();
    moves.sort_unstable();
    moves
}

impl Search<'_> {
    /// A searcher for `color`'s move in `game`.
    fn new<'a>(game: &'a Game, color: Color, komi: f64, limits: &SearchLimits) -> Search<'a> {
        Search {
            root: game.board(),
            root_color: color,
            root_last: last_point(game),
            root_second_last: second_last_point(game),
            komi,
            max_nodes: limits.max_nodes,
            policy: limits.policy,
            move_model: limits.move_model,
            board: game.board().clone(),
            sequence: Vec::new(),
            path: Vec::new(),
            starts: Vec::new(),
            first_played: vec![[0.0; 2]; crate::board::ARRAY_LEN],
            urgencies: Vec::new(),
            ownership: None,
        }
    }

    /// One simulation: descend, expand, play out, update.
    fn simulate<R: Rng + ?Sized>(&mut self, tree: &mut Tree, rng: &mut R) {
        self.reset();
        let leaf = self.select(tree, rng, 0.0);
        self.replay();
        if leaf.expand {
            let children = self.children(leaf.color, leaf.last);
            self.expand(tree, &children);
        }
        let margin = self.play_out(leaf.color, leaf.last, rng);
        self.update(tree, margin, 0.0);
    }

    /// Plays the moves [`Search::select`] recorded on the scratch board,
    /// taking it from the root to the leaf's position.
    fn replay(&mut self) {
        for &(color, p) in &self.sequence {
            self.board.play_unchecked(color, p);
        }
    }

    /// Puts the scratch board back in the root position and clears the
    /// path, ready for [`Search::select`].
    fn reset(&mut self) {
        self.board.copy_from(self.root);
        self.clear();
    }

    /// Clears the path and the moves along it.
    fn clear(&mut self) {
        self.sequence.clear();
        self.path.clear();
        self.starts.clear();
    }

    /// The locked end of a shared-tree simulation: gives the leaf its new
    /// `children` (if any) and counts the result, taking back the virtual
    /// loss.
    fn finish(&mut self, tree: &mut Tree, children: Option<&[Node]>, margin: f32) {
        if let Some(children) = children {
            self.expand(tree, children);
        }
        self.update(tree, margin, VIRTUAL_LOSS);
    }

    /// The tree phase of a simulation: descend from the root (adding
    /// `virtual_loss` to each node on the way), recording the moves to the
    /// leaf; [`Search::replay`] then plays them (outside the tree lock).
    /// The leaf is to be expanded (see [`Search::expand`]) when it has been
    /// visited enough.
    fn select<R: Rng + ?Sized>(&mut self, tree: &mut Tree, rng: &mut R, virtual_loss: f32) -> Leaf {
        let (color, last) = self.descend(tree, rng, virtual_loss);
        let leaf = *self.path.last().expect("path has the root");
        let expand = !tree.node(leaf).expanded
            && tree.node(leaf).real_visits() - virtual_loss >= EXPAND_VISITS
            && tree.len() < self.max_nodes;
        Leaf {
            color,
            last,
            expand,
        }
    }

    /// Plays the scratch board out and returns the final margin (Black's
    /// area minus White's, komi included); sums ownership when asked.
    fn play_out<R: Rng + ?Sized>(&mut self, color: Color, last: Option<Point>, rng: &mut R) -> f32 {
        let result = recorded_playout(
            self.policy,
            &mut self.board,
            color,
            last,
            rng,
            &mut self.sequence,
        );
        let margin = f64::from(result.score) - self.komi;
        if let Some(sums) = &mut self.ownership {
            for p in self.board.points() {
                sums[p.index()] += match self.board.area_owner(p) {
                    Some(Color::Black) => 1.0,
                    Some(Color::White) => -1.0,
                    None => 0.0,
                };
            }
        }
        margin as f32
    }

    /// Walks down the tree choosing the most urgent child at each node,
    /// recording the moves (see [`Search::replay`]). Returns the colour to move
    /// and the last move at the leaf.
    fn descend<R: Rng + ?Sized>(
        &mut self,
        tree: &mut Tree,
        rng: &mut R,
        virtual_loss: f32,
    ) -> (Color, Option<Point>) {
        let mut node = Tree::ROOT;
        let mut color = self.root_color;
        let mut last = self.root_last;
        self.path.push(node);
        self.starts.push(0);
        while tree.has_children(node) {
            node = most_urgent(tree, node, &mut self.urgencies, rng);
            tree.add_visits(node, virtual_loss);
            self.path.push(node);
            self.starts.push(self.sequence.len());
            // After a pass there is no last stone to answer.
            last = match tree.mv(node) {
                Move::Play(p) => {
                    self.sequence.push((color, p));
                    Some(p)
                }
                Move::Pass => None,
            };
            color = color.other();
        }
        (color, last)
    }

    /// The children of the leaf on the scratch board, `color` to move
    /// after `last`: legal non-eye moves with priors (a pass when there is
    /// none). Needs no tree, so threads compute it outside the lock.
    fn children(&self, color: Color, last: Option<Point>) -> Vec<Node> {
        let board = &self.board;
        // The stone before `last` (passes in the tree are not counted).
        let second_last = match self.sequence.len() {
            0 => self.root_second_last,
            1 => self.root_last,
            n => Some(self.sequence[n - 2].1),
        };
        let moves = candidates(board, color);
        let context = PriorContext::new(board, color, last, second_last, &moves, self.move_model);
        let mut children: Vec<Node> = moves
            .iter()
            .map(|&p| prior_node(board, color, p, &context))
            .collect();
        if children.is_empty() {
            children.push(Node::new(Move::Pass, PRIOR_EVEN, PRIOR_EVEN / 2.0));
        }
        children
    }

    /// Gives the leaf of the current path its `children`, unless another
    /// thread expanded it meanwhile or the tree is full.
    fn expand(&self, tree: &mut Tree, children: &[Node]) {
        let leaf = *self.path.last().expect("path has the root");
        if !tree.node(leaf).expanded && tree.len() < self.max_nodes {
            tree.expand(leaf, children);
        }
    }

    /// Counts the result along the path (taking back the virtual loss
    /// added on the way down), and AMAF results for the siblings whose
    /// move the same player made later in the simulation.
    fn update(&mut self, tree: &mut Tree, margin: f32, virtual_loss: f32) {
        let black_result = result_for_black(margin);
        // Walk up from the leaf, adding to `first_played` the moves made
        // from each node on, latest first, so the earliest play wins.
        let mut cursor = self.sequence.len();
        for depth in (0..self.path.len()).rev() {
            while cursor > self.starts[depth] {
                cursor -= 1;
                let (c, p) = self.sequence[cursor];
                self.first_played[p.index()] = c.fold([1.0, 0.0], [0.0, 1.0]);
            }
            // The move into path[depth] was made by the root player at odd
            // depths, by the opponent at even ones (the root included).
            let mover = if depth % 2 == 1 {
                self.root_color
            } else {
                self.root_color.other()
            };
            let id = self.path[depth];
            if depth > 0 {
                tree.add_visits(id, -virtual_loss);
            }
            tree.count(id, mover.fold(black_result, 1.0 - black_result), margin);
            // The children are moves of the other player.
            let to_move = mover.other();
            let child_win = to_move.fold(black_result, 1.0 - black_result);
            // Without branches: whether a child's move was played is a
            // coin toss the branch predictor loses (a pass reads the
            // never-played slot of the off-board point 0).
            let played = &self.first_played;
            tree.count_amaf(id, child_win, |mv| {
                played[mv.point().map_or(0, Point::index)][to_move.index()]
            });
        }
        for &(_, p) in &self.sequence {
            self.first_played[p.index()] = [0.0; 2];
        }
    }
}

/// What a playout ending `margin` points up for Black (komi included) is
/// worth to Black: a win 1, a loss 0, a draw (jigo, possible with integer
/// komi) half a win, so that a drawn position is neither a loss to resign
/// nor a win to settle for.
#[must_use]
pub fn result_for_black(margin: f32) -> f32 {
    if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        0.0
    } else {
        0.5
    }
}

/// The child of `node` with the highest [`urgency`]; among tied ones, the
/// first from a random child on, wrapping round. `urgencies` is scratch.
fn most_urgent<R: Rng + ?Sized>(
    tree: &Tree,
    node: NodeId,
    urgencies: &mut Vec<f32>,
    rng: &mut R,
) -> NodeId {
    let children = tree.children(node);
    let count = children.end - children.start;
    let offset = (rng.next_u32() % count) as usize;
    // The urgencies first, in a loop without branches over the statistics
    // arrays, which the compiler vectorises; then the first child from
    // `offset` on (wrapping round) that reaches the highest.
    let stats = tree.children_stats(node);
    urgencies.clear();
    urgencies.extend(
        stats
            .visits
            .iter()
            .zip(stats.wins)
            .zip(stats.amaf_visits.iter().zip(stats.amaf_wins))
            .map(|((&n, &w), (&m, &a))| rave_blend(n, w, m, a)),
    );
    let best_value = highest(urgencies);
    let (before, after) = urgencies.split_at(offset);
    let best = after
        .iter()
        .position(|&u| u == best_value)
        .map(|i| offset + i)
        .or_else(|| before.iter().position(|&u| u == best_value))
        .unwrap_or(offset);
    children.start + best as NodeId
}

/// The highest of `values` (none is NaN), in lanes the compiler
/// vectorises.
fn highest(values: &[f32]) -> f32 {
    const LANES: usize = 8;
    let mut lanes = [f32::NEG_INFINITY; LANES];
    let chunks = values.chunks_exact(LANES);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (lane, &v) in lanes.iter_mut().zip(chunk) {
            *lane = if v > *lane { v } else { *lane };
        }
    }
    lanes.iter().chain(rest).fold(
        f32::NEG_INFINITY,
        |best, &v| if v > best { v } else { best },
    )
}

/// RAVE urgency of a node: its win rate blended with its AMAF win rate,
/// the AMAF weight falling as real simulations accumulate (michi's
/// `rave_urgency`).
#[must_use]
pub fn urgency(node: &Node) -> f32 {
    rave_blend(node.visits, node.wins, node.amaf_visits, node.amaf_wins)
}

/// [`urgency`] from the statistics: `n` visits, `w` wins, `m` AMAF visits
/// and `a` AMAF wins. Without a branch, so that it vectorises.
#[inline]
fn rave_blend(n: f32, w: f32, m: f32, a: f32) -> f32 {
    // The blend beta * a/m + (1 - beta) * w/n, where
    // beta = m / (m + n + n*m/RAVE_EQUIV), is (a + (1 + m/RAVE_EQUIV) * w)
    // / (m + n + n*m/RAVE_EQUIV): one division, and w/n when m = 0.
    let weight = 1.0 + m * (1.0 / RAVE_EQUIV);
    let denominator = m + n * weight;
    let blend = (a + weight * w) / denominator;
    if denominator > 0.0 { blend } else { 0.5 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PlayRules;
    use crate::test_support::{pt, v};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    fn game_from(diagram: &str, to_move: Color) -> Game {
        let board = Board::from_diagram(diagram).unwrap();
        let mut game = Game::new(board.size(), PlayRules::default());
        game.set_position(&board.stones(), to_move).unwrap();
        game
    }

    /// The descent picks a child of the highest urgency, never another:
    /// among tied ones, the first from a random child on (wrapping round),
    /// so each is picked as often as there are children from just after
    /// the tied one before it up to itself. A single highest child is
    /// always picked, wherever it is. For child counts on both sides of the
    /// vectorised lanes.
    #[test]
    fn most_urgent_breaks_ties_from_a_random_child() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut urgencies = Vec::new();
        for count in [1usize, 5, 8, 13, 77] {
            // Visits and wins giving win rates i/count, with the highest,
            // (count-1)/count, on three children when there are enough.
            let rate = |i: usize| match i {
                1 | 6 if count > 6 => count - 1,
                _ => i,
            };
            let children: Vec<Node> = (0..count)
                .map(|i| Node::new(Move::Pass, count as f32, rate(i) as f32))
                .collect();
            let mut tree = Tree::new();
            tree.expand(Tree::ROOT, &children);
            // A single highest child, wherever it is, is always picked.
            for top in 0..count {
                let mut one = Tree::new();
                let mut children = children.clone();
                children[top].wins = (count + 1) as f32;
                one.expand(Tree::ROOT, &children);
                for _ in 0..5 {
                    let id = most_urgent(&one, Tree::ROOT, &mut urgencies, &mut rng);
                    assert_eq!(id - one.children(Tree::ROOT).start, top as NodeId);
                }
            }
            let tied: Vec<usize> = (0..count).filter(|&i| rate(i) == count - 1).collect();
            let mut picked = vec![0u32; count];
            for _ in 0..3000 {
                let id = most_urgent(&tree, Tree::ROOT, &mut urgencies, &mut rng);
                picked[(id - tree.children(Tree::ROOT).start) as usize] += 1;
            }
            for (i, &n) in picked.iter().enumerate() {
                if tied.contains(&i) {
                    let share = f64::from(n) / 3000.0;
                    let starts = (0..count)
                        .filter(|&o| {
                            (0..count)
                                .map(|k| (o + k) % count)
                                .find(|j| tied.contains(j))
                                == Some(i)
                        })
                        .count();
                    let expected = starts as f64 / count as f64;
                    assert!((share - expected).abs() < 0.03, "{count}: {picked:?}");
                } else {
                    assert_eq!(n, 0, "{count}: {picked:?}");
                }
            }
        }
    }

    /// The one-division urgency equals michi's blend
    /// beta * AMAF rate + (1 - beta) * win rate.
    #[test]
    fn urgency_is_the_rave_blend() {
        for (visits, wins, amaf_visits, amaf_wins) in [
            (10.0, 6.0, 0.0, 0.0),
            (10.0, 6.0, 30.0, 9.0),
            (0.0, 0.0, 4.0, 3.0),
            (500.0, 260.0, 2000.0, 1500.0),
            (20_000.0, 13_000.0, 3.0, 0.0),
        ] {
            let mut node = Node::new(Move::Pass, visits, wins);
            node.amaf_visits = amaf_visits;
            node.amaf_wins = amaf_wins;
            let expected = if amaf_visits == 0.0 {
                wins / visits
            } else {
                let beta = amaf_visits / (amaf_visits + visits + visits * amaf_visits / RAVE_EQUIV);
                let win_rate = if visits > 0.0 { wins / visits } else { 0.5 };
                beta * amaf_wins / amaf_visits + (1.0 - beta) * win_rate
            };
            let got = urgency(&node);
            assert!((got - expected).abs() < 1e-5, "{got} vs {expected}");
        }
        assert_eq!(urgency(&Node::new(Move::Pass, 0.0, 0.0)), 0.5);
    }

    /// A jigo (possible with integer komi) is half a win for either side.
    #[test]
    fn a_draw_is_half_a_win() {
        assert_eq!(result_for_black(0.5), 1.0);
        assert_eq!(result_for_black(0.0), 0.5);
        assert_eq!(result_for_black(-0.5), 0.0);
        let game = Game::new(5, PlayRules::default());
        let mut search = Search::new(&game, Color::Black, 0.0, &limits(1));
        let mut tree = root_tree(
            Tree::new(),
            &game,
            Color::Black,
            &root_candidates(&game, Color::Black),
            true,
        );
        search.reset();
        search.select(&mut tree, &mut SmallRng::seed_from_u64(1), 0.0);
        search.update(&mut tree, 0.0, 0.0);
        // The root counts a result for the player who moved into it
        // (White), its child for Black: half a win each.
        let child = *search.path.last().unwrap();
        assert_eq!(
            (
                tree.node(Tree::ROOT).wins,
                tree.node(child).wins - tree.node(child).prior_wins
            ),
            (0.5, 0.5)
        );
    }

    fn limits(playouts: u64) -> SearchLimits {
        SearchLimits {
            playouts: Some(playouts),
            time: None,
            max_nodes: 1_000_000,
            threads: 1,
            policy: Policy::Tactical,
            move_model: true,
        }
    }

    /// [`search_reusing`] at komi 7.5 and `playouts` playouts.
    fn search_cached(
        game: &Game,
        color: Color,
        playouts: u64,
        rng: &mut SmallRng,
        cache: &mut TreeCache,
    ) -> SearchResult {
        search_reusing(
            game,
            color,
            7.5,
            &limits(playouts),
            rng,
            &mut || false,
            cache,
        )
    }

    /// Reusing the tree: after our move and the opponent's reply the
    /// search continues the subtree (its root moves arrive with visits),
    /// and a game that went elsewhere (undo) starts afresh.
    #[test]
    fn tree_reuse_continues_the_subtree() {
        let mut game = Game::new(7, PlayRules::default());
        let mut rng = SmallRng::seed_from_u64(9);
        let mut cache = TreeCache::default();
        let first = search_cached(&game, Color::Black, 3000, &mut rng, &mut cache);
        game.play(Color::Black, first.best).unwrap();
        let reply = first.pv.get(1).copied().expect("a reply in the pv");
        game.play(Color::White, reply).unwrap();
        let root_moves = root_candidates(&game, Color::Black);
        let reused = cache
            .take_for(&game, Color::Black, &root_moves, true)
            .expect("subtree reused");
        let visits: f32 = reused
            .children(Tree::ROOT)
            .map(|c| reused.node(c).real_visits())
            .sum();
        assert!(visits > 10.0, "{visits}");
        assert_eq!(reused.children(Tree::ROOT).count(), root_moves.len());
        // After an undo the saved tree no longer applies.
        let again = search_cached(&game, Color::Black, 500, &mut rng, &mut cache);
        assert!(game.is_legal(Color::Black, again.best));
        game.undo();
        assert!(
            cache
                .take_for(
                    &game,
                    Color::White,
                    &root_candidates(&game, Color::White),
                    true,
                )
                .is_none()
        );
    }

    /// A tree the cache forgets (cleared, or not continued by the game)
    /// lends its arena to the next search, which still searches exactly
    /// as afresh: same moves, win rate and principal variation as
    /// [`search`] with the same seed.
    #[test]
    fn a_forgotten_tree_lends_only_its_memory() {
        let mut game = Game::new(7, PlayRules::default());
        let mut cache = TreeCache::default();
        let mut rng = SmallRng::seed_from_u64(9);
        let fresh = |game: &Game, color: Color, seed: u64| {
            let mut rng = SmallRng::seed_from_u64(seed);
            search(game, color, 7.5, &limits(1000), &mut rng, &mut || false)
        };
        let same = |a: &SearchResult, b: &SearchResult| {
            assert_eq!(a.best, b.best);
            assert_eq!(a.pv, b.pv);
            assert_eq!(a.playouts, b.playouts);
            assert!((a.win_rate - b.win_rate).abs() < 1e-6);
        };
        let first = search_cached(&game, Color::Black, 3000, &mut rng, &mut cache);
        let grown = cache.saved_tree().expect("tree kept").len();
        // Cleared (as by `clear_board`): a new tree in the old memory.
        cache.clear();
        let mut rng = SmallRng::seed_from_u64(11);
        let again = search_cached(&game, Color::Black, 1000, &mut rng, &mut cache);
        same(&again, &fresh(&game, Color::Black, 11));
        let tree = cache.saved_tree().expect("tree kept");
        assert!(tree.len() < grown && tree.capacity() >= grown);
        // Not continued (the game went elsewhere): the same.
        game.play(Color::Black, first.best).unwrap();
        let other = root_candidates(&game, Color::White)
            .into_iter()
            .map(Move::Play)
            .find(|&m| first.pv.get(1) != Some(&m))
            .expect("another reply");
        game.play(Color::White, other).unwrap();
        game.play(Color::Black, Move::Pass).unwrap();
        let mut rng = SmallRng::seed_from_u64(12);
        let elsewhere = search_cached(&game, Color::White, 1000, &mut rng, &mut cache);
        same(&elsewhere, &fresh(&game, Color::White, 12));
        assert!(cache.saved_tree().expect("tree kept").capacity() >= grown);
    }

    /// Tree parallelism: two threads on one tree count each of a fixed
    /// number of simulations exactly once, and take every virtual loss
    /// back.
    #[test]
    fn tree_parallel_counts_every_simulation_once() {
        let game = game_from(
            "
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . . . X O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
            Color::Black,
        );
        let mut rng = SmallRng::seed_from_u64(3);
        let mut cache = TreeCache::default();
        let limits = SearchLimits {
            threads: 2,
            ..limits(3000)
        };
        let result = search_reusing(
            &game,
            Color::Black,
            7.5,
            &limits,
            &mut rng,
            &mut || false,
            &mut cache,
        );
        assert_eq!(result.playouts, 3000);
        let tree = cache.saved_tree().expect("tree kept");
        let root_visits: f32 = tree
            .children(Tree::ROOT)
            .map(|c| tree.node(c).real_visits())
            .sum();
        assert_eq!(root_visits, 3000.0);
        // No virtual loss is left behind.
        assert_tree_consistent(tree);
    }

    /// Checks that no child was visited more often than its parent, that
    /// visits are whole numbers, and that the root's children account for
    /// every simulation the root saw.
    fn assert_tree_consistent(tree: &Tree) {
        for id in 1..tree.len() as NodeId {
            let n = tree.node(id);
            let below: f32 = tree.children(id).map(|c| tree.node(c).real_visits()).sum();
            assert!(
                below <= n.real_visits(),
                "node {id}: {below} > {}",
                n.real_visits()
            );
            assert_eq!(n.real_visits().fract(), 0.0, "node {id}");
        }
    }

    /// Analysis, then a search of the same position, then of the next,
    /// with two threads: the kept tree stays consistent through re-rooting.
    #[test]
    fn reuse_after_parallel_analysis_stays_consistent() {
        let mut game = game_from(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
            Color::White,
        );
        let mut rng = SmallRng::seed_from_u64(9);
        let mut cache = TreeCache::default();
        let limits = SearchLimits {
            threads: 2,
            ..limits(20000)
        };
        let options = AnalysisOptions {
            interval: Duration::from_millis(50),
            ownership: false,
        };
        analyze(
            &game,
            Color::White,
            7.5,
            &limits,
            &mut rng,
            &options,
            &mut cache,
            &mut || false,
            &mut |_| {},
        );
        assert_tree_consistent(cache.saved_tree().unwrap());
        for color in [Color::White, Color::Black, Color::White] {
            let result = search_reusing(
                &game,
                color,
                7.5,
                &limits,
                &mut rng,
                &mut || false,
                &mut cache,
            );
            let tree = cache.saved_tree().unwrap();
            assert_tree_consistent(tree);
            game.play(color, result.best).unwrap();
        }
    }

    /// Two threads share one tree and still find the capture.
    #[test]
    fn two_threads_find_the_capture() {
        let game = game_from(
            "
            . . . . . . .
            . . X X X . .
            . X O O O X .
            . X O X . . .
            . . X . . . .
            . . . . . . .
            . . . . . . .",
            Color::Black,
        );
        let mut rng = SmallRng::seed_from_u64(5);
        let limits = SearchLimits {
            threads: 2,
            ..limits(4000)
        };
        let result = search(&game, Color::Black, 7.5, &limits, &mut rng, &mut || false);
        assert_eq!(game.board().liberties(v("C5")), vec![v("E4")]);
        assert_eq!(result.best, Move::Play(v("E4")));
        assert!(result.playouts >= 4000);
    }

    /// Black captures the four white stones in atari rather than letting
    /// them escape. (White's G4 makes the escape work; without it a ladder
    /// catches the stones anyway and every move wins.)
    #[test]
    fn captures_a_big_group_in_atari() {
        let game = game_from(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . X X X . . .
            . . X O O O X . .
            . . X O X . . . .
            . . . X . . O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
            Color::Black,
        );
        // The four white stones D5 D6 E6 F6 have one liberty left, F5.
        let white = game.board().liberties(v("D6"));
        assert_eq!(white, vec![v("F5")]);
        let mut rng = SmallRng::seed_from_u64(1);
        let result = search(
            &game,
            Color::Black,
            7.5,
            &limits(3000),
            &mut rng,
            &mut || false,
        );
        assert_eq!(result.best, Move::Play(v("F5")), "pv {:?}", result.pv);
        assert!(result.win_rate > 0.5);
    }

    /// White saves its big group in atari by connecting out.
    #[test]
    fn saves_a_big_group_in_atari() {
        let game = game_from(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . X X X X . . . .
            X O O O O X . . .
            X O . . . O . . .
            . X X X X . . . .
            . . . . . . . . .",
            Color::White,
        );
        let mut rng = SmallRng::seed_from_u64(2);
        let result = search(
            &game,
            Color::White,
            7.5,
            &limits(3000),
            &mut rng,
            &mut || false,
        );
        let p = result.best.point().unwrap();
        let mut after = game.clone();
        after.play(Color::White, Move::Play(p)).unwrap();
        assert!(
            !after.board().in_atari(v("B4")),
            "{} leaves the group in atari",
            p
        );
    }

    /// On 19×19 after Black Q16, White C3, Black Q4, White opens on the
    /// third or fourth line as the move model advises, with seeds 1 to 12.
    /// Without the prior in the AMAF statistics of the opening
    /// ([`crate::mcts::priors::PRIOR_AMAF_WEIGHT`] at 0), seeds 10, 11 and
    /// 12 play S9, S13 and B13 on the second line, drawn there by the
    /// playouts' AMAF.
    #[test]
    fn opens_on_the_third_or_fourth_line() {
        let mut game = Game::new(19, PlayRules::default());
        for (color, col, row) in [
            (Color::Black, 15, 15),
            (Color::White, 2, 2),
            (Color::Black, 15, 3),
        ] {
            game.play(color, Move::Play(pt(col, row))).unwrap();
        }
        for seed in 1..=12 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let result = search(
                &game,
                Color::White,
                7.5,
                &limits(10_000),
                &mut rng,
                &mut || false,
            );
            let p = result.best.point().expect("a move, not a pass");
            let line = p.edge_distance(19) + 1;
            assert!((3..=4).contains(&line), "seed {seed}: {p} on line {line}");
        }
    }

    /// The same seed and playout count give the same search, move by move.
    #[test]
    fn deterministic_with_seed_and_playouts() {
        let game = Game::new(9, PlayRules::default());
        let run = || {
            let mut rng = SmallRng::seed_from_u64(7);
            search(
                &game,
                Color::Black,
                7.5,
                &limits(500),
                &mut rng,
                &mut || false,
            )
        };
        let a = run();
        let b = run();
        assert_eq!(
            (a.best, a.win_rate, a.pv.clone()),
            (b.best, b.win_rate, b.pv.clone())
        );
    }

    /// A whole self-play game on 7x7 at a small budget: every move legal
    /// under positional superko, and the game ends.
    #[test]
    fn self_play_is_legal_and_ends() {
        let rules = PlayRules {
            ko: crate::rules::KoRule::PositionalSuperko,
            suicide_allowed: false,
        };
        let mut game = Game::new(7, rules);
        let mut rng = SmallRng::seed_from_u64(3);
        let mut color = Color::Black;
        while game.consecutive_passes() < 2 && game.moves().len() < 200 {
            let result = search(&game, color, 7.5, &limits(200), &mut rng, &mut || false);
            game.play(color, result.best).expect("search move is legal");
            color = color.other();
        }
        assert!(game.moves().len() < 200);
    }

    /// The stop callback ends a search early.
    #[test]
    fn stop_callback_ends_the_search() {
        let game = Game::new(9, PlayRules::default());
        let mut rng = SmallRng::seed_from_u64(1);
        let mut calls = 0;
        let result = search(
            &game,
            Color::Black,
            7.5,
            &limits(1_000_000),
            &mut rng,
            &mut || {
                calls += 1;
                calls > 3
            },
        );
        assert!(result.playouts <= 5 * CHECK_EVERY, "{}", result.playouts);
    }
}
