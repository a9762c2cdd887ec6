//! Life and death by confirmation: the Japanese rules (1989), art. 7.
//!
//! Art. 7-1: stones are **alive** when the opponent cannot capture them,
//! or when, if captured, their owner can place a new stone there that the
//! opponent cannot capture; all other stones are **dead**. Art. 7-2: in
//! this confirmation (a thought experiment after the game stops, nothing is
//! played on the real board) a ko may not be retaken at once; the player
//! whose stone was taken may retake *that* ko only after passing once for
//! it. There are no ko threats: play is confined to the local position.
//!
//! # Local problems
//! [`find_problems`] cuts the finished board into small independent
//! problems. A chain is a *wall* (taken as uncapturable) when Benson proves
//! it pass-alive or when it touches an empty region of more than
//! [`SMALL_REGION`] points: moves are only ever played inside the problem,
//! so such a liberty is never filled. Every other chain has all its
//! liberties in small empty regions; a problem is a connected group of such
//! chains with their small regions. Problems with more than [`MAX_EMPTY`]
//! empty points or [`MAX_STONES`] stones are left to the playout judgement.
//!
//! # The search
//! For each chain S of a problem, owned by D, the attacker A (the other
//! colour) moves first in a capture game on the problem's points: A wins
//! by removing S. Only D may pass (if A passed, D would pass too and the
//! confirmation would end with S standing), so an A without a winning move
//! has lost. A capture of one stone by a lone stone left in atari (a ko)
//! bars the captured side from retaking it until that side passes for it;
//! a pass lifts one ban of the passer's choice ([`KoMode`] can instead give
//! one side every ko threat). A position that repeats in the line being
//! read, or a line longer than [`MAX_DEPTH`], is a capture not achieved
//! (the commentary's eternal-life and cycle examples): it counts for D.
//!
//! When S is captured, art. 7-1 asks whether D can now place a new stone
//! that A cannot capture: D may play where stones were captured during the
//! confirmation, next to such a point, on a liberty of the chain that just
//! captured, or wherever D captures; the stone must not be in atari, and A
//! (moving first) must fail to capture it for good in turn. A stone away
//! from the captured stones that captures nothing and only joins a wall
//! stands for the wall, which was never in question: it counts only if D
//! then takes the chain that captured (the capture game read with the
//! roles swapped, A moving first and free to pass); a reading that does
//! not end within [`STRICT_NODES`] is read again letting such a stone
//! count, as the wall it joins cannot be captured. All this with up to
//! [`REPLACEMENTS`] such replacements, read with one replacement first (a
//! chain alive with fewer is alive with more). When a capture opens more
//! than [`SMALL_REGION`] points, only capturing moves are read as new
//! stones: a stone placed in a large space inside the attacker's walls,
//! the attacker answering every move, cannot live. The reading is exact
//! within these rules and bounded by [`NODE_BUDGET`] nodes per chain; a
//! problem whose search runs out is not decided here.
//!
//! Where art. 7 is not precise, these are choices: which new stones count
//! (as above, the wall-joining stone included), two replacements (close to Robert Jasiek's
//! "capturable-2"), only capturing new stones once a capture opens a large
//! space, and cycles in the line read scored for the defender. The tested
//! verdicts, one diagram each, are in `gtp-tests/rules/confirmation.tst`.

use std::collections::HashMap;

use crate::board::{ARRAY_LEN, Board, Cell, Point};
use crate::color::Color;

/// Empty regions of at most this many points are played in; a chain
/// touching a larger one is a wall.
pub const SMALL_REGION: usize = 8;
/// Most empty points in a problem.
pub const MAX_EMPTY: usize = 14;
/// Most stones in a problem.
pub const MAX_STONES: usize = 30;
/// Most search nodes spent on one chain of a problem.
pub const NODE_BUDGET: u64 = 400_000;
/// Most nodes the strict reading of one chain may spend (a new stone
/// that only joins a wall counts only if its owner then takes the
/// capturing chain); one that does not end within them is read again
/// letting such a stone count.
pub const STRICT_NODES: u64 = 50_000;
/// Deepest line read, in plies (passes included).
pub const MAX_DEPTH: usize = 60;
/// A target chain with this many liberties is taken as uncapturable: it
/// has just taken a large chain, and the space lives.
pub const SAFE_LIBERTIES: usize = 8;

/// A local problem: chains whose life is settled by local play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Every point that may be played on: the chains' stones and the empty
    /// points of their small regions.
    pub points: Vec<Point>,
    /// Head of each chain of the problem.
    pub chains: Vec<Point>,
    /// Heads of the wall chains around it, taken as uncapturable.
    pub walls: Vec<Point>,
}

/// The verdict on one chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Art. 7-1 alive (seki is decided afterwards, by art. 8).
    Alive,
    /// Art. 7-1 dead.
    Dead,
}

/// The verdicts on a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Each chain's verdict, by head.
    pub verdicts: Vec<(Point, Verdict)>,
    /// Whether any line read took a ko: if not, the ko rule cannot have
    /// mattered.
    pub ko: bool,
    /// Search nodes spent.
    pub nodes: u64,
}

/// The ko rule of the reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoMode {
    /// Art. 7-2 for both sides: a ko may be retaken only after passing for
    /// it.
    Confirmation,
    /// The defender has a ko threat whenever it needs one (retakes at
    /// once); the attacker obeys art. 7-2.
    DefenderThreats,
    /// The attacker has every threat; the defender obeys art. 7-2.
    AttackerThreats,
}

/// Who makes the first move of the reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMove {
    /// The attacker, as art. 7-1 prescribes.
    Attacker,
    /// The defender (who may also pass): for rules that play life and death
    /// out, a verdict that holds whoever starts does not depend on the tempo.
    Defender,
}

/// The search of a problem ran out of nodes or depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// Cuts `board` into local problems; `is_pass_alive` tells the chains
/// Benson proved (by head).
#[must_use]
pub fn find_problems(board: &Board, is_pass_alive: &dyn Fn(Point) -> bool) -> Vec<Problem> {
    // Size of the empty region of each empty point.
    let mut region_size = vec![0usize; ARRAY_LEN];
    for region in board.regions(|p| board.color_at(p).is_none()) {
        for &p in &region.points {
            region_size[p.index()] = region.points.len();
        }
    }
    let is_wall = |h: Point| {
        is_pass_alive(h) || {
            board
                .liberties(h)
                .iter()
                .any(|l| region_size[l.index()] > SMALL_REGION)
        }
    };
    let mut assigned = vec![false; ARRAY_LEN];
    let mut problems = Vec::new();
    for start in board.points() {
        if board.color_at(start).is_none()
            || board.chain_head(start) != start
            || assigned[start.index()]
            || is_wall(start)
        {
            continue;
        }
        // Flood over non-wall chains and the empty points around them.
        let mut problem = Problem {
            points: Vec::new(),
            chains: Vec::new(),
            walls: Vec::new(),
        };
        let mut seen = vec![false; ARRAY_LEN];
        let mut queue = vec![start];
        seen[start.index()] = true;
        while let Some(p) = queue.pop() {
            problem.points.push(p);
            if board.color_at(p).is_some() && board.chain_head(p) == p {
                problem.chains.push(p);
                assigned[p.index()] = true;
            }
            for n in p.neighbours() {
                if !board.is_on_board(n) || seen[n.index()] {
                    continue;
                }
                let joins = match board.color_at(n) {
                    None => true,
                    Some(_) => !is_wall(board.chain_head(n)),
                };
                if !joins && !problem.walls.contains(&board.chain_head(n)) {
                    problem.walls.push(board.chain_head(n));
                }
                if joins {
                    seen[n.index()] = true;
                    queue.push(n);
                }
            }
        }
        problem.points.sort_unstable();
        problem.chains.sort_unstable();
        problem.walls.sort_unstable();
        problems.push(problem);
    }
    problems
}

impl Problem {
    /// Whether the problem is small enough to search.
    #[must_use]
    pub fn is_searchable(&self, board: &Board) -> bool {
        let empty = self
            .points
            .iter()
            .filter(|&&p| board.color_at(p).is_none())
            .count();
        empty <= MAX_EMPTY && self.points.len() - empty <= MAX_STONES
    }

    /// The art. 7 verdict on every chain of the problem, by head, or
    /// `OutOfBudget` when the search could not settle one of them.
    ///
    /// # Errors
    /// `OutOfBudget` when a search exceeds [`NODE_BUDGET`] or [`MAX_DEPTH`].
    pub fn judge(&self, board: &Board, ko: KoMode) -> Result<Judged, OutOfBudget> {
        self.judge_from(board, ko, FirstMove::Attacker)
    }

    /// [`Problem::judge`], with `first` making the first move of each
    /// reading.
    ///
    /// # Errors
    /// `OutOfBudget` when a search exceeds [`NODE_BUDGET`] or [`MAX_DEPTH`].
    pub fn judge_from(
        &self,
        board: &Board,
        ko: KoMode,
        first: FirstMove,
    ) -> Result<Judged, OutOfBudget> {
        self.judge_within(board, ko, first, u64::MAX)
    }

    /// [`Problem::judge_from`], giving up (`OutOfBudget`) once the search
    /// of all the problem's chains together has visited `max_nodes` nodes.
    ///
    /// # Errors
    /// `OutOfBudget` when a search exceeds [`NODE_BUDGET`], `max_nodes` in
    /// all or [`MAX_DEPTH`].
    pub fn judge_within(
        &self,
        board: &Board,
        ko: KoMode,
        first: FirstMove,
        max_nodes: u64,
    ) -> Result<Judged, OutOfBudget> {
        let mut search = Confirmation::new(board, &self.points, ko, first);
        search.max_total_nodes = max_nodes;
        let verdicts = self
            .chains
            .iter()
            .map(|&h| {
                let dead = search.is_dead(h)?;
                Ok((h, if dead { Verdict::Dead } else { Verdict::Alive }))
            })
            .collect::<Result<Vec<_>, OutOfBudget>>()?;
        Ok(Judged {
            verdicts,
            ko: search.ko_seen,
            nodes: search.total_nodes,
        })
    }
}

/// A ko ban of art. 7-2: `player` may not retake at `retake` the lone stone
/// at `stone` that has just captured there, until `player` passes for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Ban {
    player: Color,
    retake: Point,
    stone: Point,
}

impl Ban {
    /// Whether the ko shape still stands on `board`.
    fn stands(&self, board: &Board) -> bool {
        board.color_at(self.stone) == Some(self.player.other())
            && board.chain_size(self.stone) == 1
            && board.in_atari(self.stone)
            && board.atari_liberty(self.stone) == self.retake
    }

    fn key(&self) -> u64 {
        mix(
            ((self.player.index() * ARRAY_LEN + self.retake.index()) * ARRAY_LEN
                + self.stone.index()) as u64,
        )
    }
}

/// A position of the confirmation (the board is kept per depth).
#[derive(Clone, Debug)]
struct Node {
    to_move: Color,
    /// Ko bans in force, sorted.
    bans: Vec<Ban>,
    /// Consecutive passes just played.
    passes: u8,
}

/// A move of the confirmation: a stone, or a pass lifting the ban at that
/// index of `Node::bans` (`None`: a plain pass, no ban to lift).
#[derive(Clone, Copy, Debug)]
enum Step {
    Play(Point),
    Pass(Option<usize>),
}

/// The capture game being read: can the attacker capture the defender's
/// chain on `stone`? At `level` 0 that chain is S; each higher level is a
/// new stone the defender placed after the previous one was captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Game {
    stone: Point,
    level: u8,
}

/// How many times a captured target may be replaced by a new stone
/// (art. 7-1's "if captured, a new stone can be placed…"): a snapback
/// needs one, the exchanges of 取らず三目 two.
pub const REPLACEMENTS: u8 = 2;

/// The search state for one problem.
struct Confirmation<'a> {
    region: &'a [Point],
    /// One board per ply.
    boards: Vec<Board>,
    nodes: u64,
    /// Nodes over every target of the problem.
    total_nodes: u64,
    /// The most nodes of all readings together.
    max_total_nodes: u64,
    /// Whether any line read took a ko.
    ko_seen: bool,
    ko: KoMode,
    /// Repetition keys of the line being read.
    path: Vec<u64>,
    /// Results by position key.
    table: HashMap<u64, bool>,
    /// Nodes the current reading of a chain may reach.
    node_limit: u64,
    /// Whether a new stone that only joins a wall must take the capturing
    /// chain to count (see [`Confirmation::after_capture`]).
    strict: bool,
    /// Whether each point (by index) is one of `region`'s.
    in_region: Vec<bool>,
    /// The attacker of the current target.
    attacker: Color,
    /// The colour that set out to capture the chain being judged (the
    /// attacker, save inside a counter-reading where the roles swap).
    judged_attacker: Color,
    /// Who moves first.
    first: FirstMove,
    /// Replacements allowed in the current reading (up to
    /// [`REPLACEMENTS`]).
    replacements: u8,
}

/// Whether `color` may play at `p`: empty, not suicide, and not a ko
/// retake its bans forbid.
fn playable(board: &Board, node: &Node, color: Color, p: Point) -> bool {
    board.color_at(p).is_none()
        && !board.is_suicide(color, p)
        && !node
            .bans
            .iter()
            .any(|b| b.player == color && b.retake == p && b.stands(board))
}

/// The number of empty points connected to the empty point `from`,
/// counted up to `limit`.
fn empty_area(board: &Board, from: Point, limit: usize) -> usize {
    let mut seen = vec![from];
    let mut i = 0;
    while i < seen.len() && seen.len() < limit {
        for n in seen[i].neighbours() {
            if board.cell(n) == Cell::Empty && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    seen.len().min(limit)
}

/// A 64-bit mix (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl<'a> Confirmation<'a> {
    fn new(board: &Board, region: &'a [Point], ko: KoMode, first: FirstMove) -> Confirmation<'a> {
        let mut in_region = vec![false; ARRAY_LEN];
        for p in region {
            in_region[p.index()] = true;
        }
        Confirmation {
            region,
            in_region,
            node_limit: NODE_BUDGET,
            strict: true,
            boards: vec![board.clone()],
            nodes: 0,
            total_nodes: 0,
            max_total_nodes: u64::MAX,
            ko_seen: false,
            ko,
            path: Vec::new(),
            table: HashMap::new(),
            attacker: Color::Black,
            judged_attacker: Color::Black,
            first,
            replacements: REPLACEMENTS,
        }
    }

    /// Art. 7-1 for the chain on `stone`: dead when its attacker, moving
    /// first, can capture it for good.
    fn is_dead(&mut self, stone: Point) -> Result<bool, OutOfBudget> {
        let defender = self.boards[0]
            .color_at(stone)
            .expect("a problem chain has stones");
        self.attacker = defender.other();
        self.judged_attacker = self.attacker;
        self.table.clear();
        self.nodes = 0;
        // A ko just taken on the board binds its loser from the start (the
        // position right after a ko capture, when a move is being chosen).
        let board = &self.boards[0];
        let bans = board
            .ko()
            .and_then(|(retake, barred)| {
                let ban = retake
                    .neighbours()
                    .into_iter()
                    .map(|stone| Ban {
                        player: barred,
                        retake,
                        stone,
                    })
                    .find(|ban| ban.stands(board))?;
                self.bound_by_ko(barred).then_some(ban)
            })
            .into_iter()
            .collect();
        let node = Node {
            to_move: match self.first {
                FirstMove::Attacker => self.attacker,
                FirstMove::Defender => defender,
            },
            bans,
            passes: 0,
        };
        // Wall-joining stones first read strictly, within STRICT_NODES; a
        // reading that does not end there is read again letting them
        // count.
        self.strict = true;
        self.node_limit = STRICT_NODES;
        match self.read_replacements(&node, stone) {
            Err(OutOfBudget) if self.total_nodes <= self.max_total_nodes => {}
            verdict => return verdict,
        }
        self.strict = false;
        self.nodes = 0;
        self.node_limit = NODE_BUDGET;
        self.read_replacements(&node, stone)
    }

    /// Whether the attacker captures the chain on `stone` for good.
    fn read_replacements(&mut self, node: &Node, stone: Point) -> Result<bool, OutOfBudget> {
        // Fewer replacements first: a chain alive with fewer is alive with
        // more, and the shallower reading is far cheaper.
        for replacements in 1..=REPLACEMENTS {
            self.replacements = replacements;
            self.table.clear();
            if !self.read(0, node, Game { stone, level: 0 })? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn defender(&self) -> Color {
        self.attacker.other()
    }

    /// Whether `player` must pass before retaking a ko (it has no threat).
    fn bound_by_ko(&self, player: Color) -> bool {
        match self.ko {
            KoMode::Confirmation => true,
            KoMode::DefenderThreats => player == self.judged_attacker,
            KoMode::AttackerThreats => player != self.judged_attacker,
        }
    }

    /// Key of the position for repetition (board, side, bans, game).
    fn repetition_key(&self, depth: usize, node: &Node, game: Game) -> u64 {
        let mut key = self.boards[depth].hash()
            ^ mix(node.to_move.index() as u64 + 11)
            ^ mix(self.attacker.index() as u64 + 23);
        for ban in &node.bans {
            key ^= ban.key();
        }
        key ^ mix(0x1000 + u64::from(game.level) * ARRAY_LEN as u64 + game.stone.index() as u64)
    }

    /// Reads the capture game from the position at `depth`: whether the
    /// attacker wins.
    ///
    /// Results are stored by position even when a repetition in the line
    /// decided them (the graph-history problem of game-tree search): an
    /// approximation in long cycles, accepted to keep ko fights readable.
    fn read(&mut self, depth: usize, node: &Node, game: Game) -> Result<bool, OutOfBudget> {
        self.nodes += 1;
        self.total_nodes += 1;
        if self.nodes > self.node_limit || self.total_nodes > self.max_total_nodes {
            return Err(OutOfBudget);
        }
        if depth >= MAX_DEPTH {
            // Beyond the horizon: the capture was not achieved, as with a
            // repetition.
            return Ok(false);
        }
        let defender = self.defender();
        let board = &self.boards[depth];
        if board.color_at(game.stone) != Some(defender) {
            // Captured (only an attacker's move captures).
            return self.after_capture(depth, node, game);
        }
        if board.liberties(game.stone).len() >= SAFE_LIBERTIES || node.passes >= 2 {
            return Ok(false);
        }
        let rep = self.repetition_key(depth, node, game);
        if self.path.contains(&rep) {
            // A cycle: the capture is not achieved (the commentary's
            // eternal-life and cycle examples).
            return Ok(false);
        }
        let key = rep ^ mix(0x2000 + u64::from(node.passes));
        if let Some(&win) = self.table.get(&key) {
            return Ok(win);
        }
        self.path.push(rep);
        let result = self.read_children(depth, node, game);
        self.path.pop();
        let win = result?;
        self.table.insert(key, win);
        Ok(win)
    }

    fn read_children(
        &mut self,
        depth: usize,
        node: &Node,
        game: Game,
    ) -> Result<bool, OutOfBudget> {
        let attacking = node.to_move == self.attacker;
        for step in self.steps(depth, node, game) {
            let child = self.make(depth, node, step);
            if self.read(depth + 1, &child, game)? == attacking {
                return Ok(attacking);
            }
        }
        Ok(!attacking)
    }

    /// The target has just been captured (the defender to move): it is
    /// dead unless the defender can place a new stone, where stones were
    /// captured during the confirmation, next to such a point or on a
    /// liberty of the chain that just captured, that the attacker, moving
    /// first, cannot capture for good in turn (art. 7-1: a snapback; a cut
    /// that takes the capturers back, as in 取らず三目).
    /// A stone left in atari does not count, whatever the ko ban says
    /// (死活例25); one that only joins a wall counts if the defender then
    /// takes the capturing chain ([`Self::counter_capture`]).
    fn after_capture(
        &mut self,
        depth: usize,
        node: &Node,
        game: Game,
    ) -> Result<bool, OutOfBudget> {
        if game.level >= self.replacements || depth == 0 {
            return Ok(true);
        }
        let defender = self.defender();
        // Where stones were captured during the confirmation, next to it,
        // and the liberties of the chain that just captured (a new stone
        // may cut or take back).
        let (start, before, now) = (
            &self.boards[0],
            &self.boards[depth - 1],
            &self.boards[depth],
        );
        // A capture that opens more than SMALL_REGION points leaves the new
        // stone inside the attacker's walls with the attacker answering
        // every move: no stone placed there can live, so only the moves
        // that take attacker stones back are read.
        let large = empty_area(now, game.stone, SMALL_REGION + 1) > SMALL_REGION;
        let vacated = |p: Point| !large && start.color_at(p).is_some() && now.color_at(p).is_none();
        let capturer = self
            .region
            .iter()
            .copied()
            .find(|&p| before.color_at(p).is_none() && now.color_at(p) == Some(self.attacker));
        let near_captured = |p: Point| vacated(p) || p.neighbours().iter().any(|&n| vacated(n));
        let mut places: Vec<Point> = self
            .region
            .iter()
            .copied()
            .filter(|&p| near_captured(p))
            .collect();
        if let Some(c) = capturer.filter(|_| !large) {
            places.extend(
                now.liberties(c)
                    .into_iter()
                    .filter(|p| self.region.contains(p)),
            );
        }
        // And any capture: taking attacker stones back is the defender's
        // answer to the capture (hane seki).
        places.extend(
            self.region
                .iter()
                .copied()
                .filter(|&p| now.color_at(p).is_none() && now.is_capture(defender, p)),
        );
        places.sort_unstable();
        places.dedup();
        // The vital point of the opened space first: the point with the
        // most empty neighbours.
        places.sort_by_key(|&p| {
            std::cmp::Reverse(
                p.neighbours()
                    .iter()
                    .filter(|&&n| now.cell(n) == Cell::Empty)
                    .count(),
            )
        });
        let near: Vec<bool> = places.iter().map(|&p| near_captured(p)).collect();
        for (p, near) in places.into_iter().zip(near) {
            if !playable(&self.boards[depth], node, defender, p) {
                continue;
            }
            let takes_back = self.boards[depth].is_capture(defender, p);
            let child = self.make(depth, node, Step::Play(p));
            // A stone in atari (a ko capture) is no stone "that cannot be
            // captured" (死活例25), whatever the ban says.
            if self.boards[depth + 1].in_atari(p) {
                continue;
            }
            let joins_wall = self.boards[depth + 1]
                .chain_stones(p)
                .any(|s| !self.in_region[s.index()]);
            let replaced = Game {
                stone: p,
                level: game.level + 1,
            };
            let survives = if self.strict && joins_wall && !takes_back && !near {
                // A stone away from the captured stones that only joins a
                // wall stands for the wall, never in question: it counts
                // as a new stone only if the defender goes on to take the
                // chain that captured.
                match capturer {
                    Some(c) => self.counter_capture(depth + 1, &child, c, game.level + 1)?,
                    None => false,
                }
            } else {
                !self.read(depth + 1, &child, replaced)?
            };
            if survives {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the defender, with the attacker to move at `depth`, captures
    /// the attacker's chain on `capturer` for good: the capture game read
    /// with the roles swapped (the attacker may now pass).
    fn counter_capture(
        &mut self,
        depth: usize,
        node: &Node,
        capturer: Point,
        level: u8,
    ) -> Result<bool, OutOfBudget> {
        if self.boards[depth].color_at(capturer) != Some(self.attacker) {
            return Ok(true);
        }
        let attacker = self.attacker;
        self.attacker = attacker.other();
        let taken = self.read(
            depth,
            node,
            Game {
                stone: capturer,
                level,
            },
        );
        self.attacker = attacker;
        taken
    }

    /// The legal steps at `depth`, most forcing first.
    fn steps(&self, depth: usize, node: &Node, game: Game) -> Vec<Step> {
        let board = &self.boards[depth];
        let color = node.to_move;
        let focus: Vec<Point> = board.chain_stones(game.stone).collect();
        let mut scored: Vec<(u8, Point)> = Vec::new();
        for &p in self.region {
            if !playable(board, node, color, p) || board.is_eye(color, p) {
                continue;
            }
            let captures = board.is_capture(color, p);
            let touches = p
                .neighbours()
                .iter()
                .any(|n| board.color_at(*n).is_some() && focus.contains(n));
            scored.push((u8::from(captures) * 2 + u8::from(touches), p));
        }
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let mut steps: Vec<Step> = scored.into_iter().map(|(_, p)| Step::Play(p)).collect();
        // The attacker never passes: the defender would pass too, ending
        // the confirmation with the target uncaptured. So an attacker with
        // no winning move has lost, and only the defender's passes (plain
        // or for a ko) are read.
        if color == self.attacker {
            return steps;
        }
        let own_bans: Vec<usize> = (0..node.bans.len())
            .filter(|&i| node.bans[i].player == color)
            .collect();
        if own_bans.is_empty() {
            steps.push(Step::Pass(None));
        } else {
            steps.extend(own_bans.into_iter().map(|i| Step::Pass(Some(i))));
        }
        steps
    }

    /// Plays `step` from `depth` onto the board at `depth + 1`.
    fn make(&mut self, depth: usize, node: &Node, step: Step) -> Node {
        if self.boards.len() <= depth + 1 {
            let copy = self.boards[depth].clone();
            self.boards.push(copy);
        } else {
            let (done, rest) = self.boards.split_at_mut(depth + 1);
            rest[0].copy_from(&done[depth]);
        }
        let color = node.to_move;
        let bound = [
            self.bound_by_ko(Color::Black),
            self.bound_by_ko(Color::White),
        ];
        let board = &mut self.boards[depth + 1];
        let mut bans = node.bans.clone();
        let passes = match step {
            Step::Play(p) => {
                board.play_unchecked(color, p);
                self.ko_seen |= board.ko().is_some();
                if let Some((retake, barred)) = board.ko()
                    && bound[barred.index()]
                {
                    bans.push(Ban {
                        player: barred,
                        retake,
                        stone: p,
                    });
                }
                0
            }
            Step::Pass(lift) => {
                board.pass();
                if let Some(i) = lift {
                    bans.remove(i);
                }
                node.passes + 1
            }
        };
        bans.retain(|b| b.stands(board));
        bans.sort_unstable();
        bans.dedup();
        Node {
            to_move: color.other(),
            bans,
            passes,
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::test_support::v;

    /// Verdicts of every chain of `diagram`'s problems, as (point, verdict)
    /// with points written like `C3`.
    fn verdicts(diagram: &str) -> Vec<(String, Verdict)> {
        verdicts_with(diagram, KoMode::Confirmation)
    }

    /// The same with the given ko rule.
    fn verdicts_with(diagram: &str, ko: KoMode) -> Vec<(String, Verdict)> {
        verdicts_from(diagram, ko, FirstMove::Attacker)
    }

    /// The same with the given ko rule and first mover.
    fn verdicts_from(diagram: &str, ko: KoMode, first: FirstMove) -> Vec<(String, Verdict)> {
        let board = Board::from_diagram(diagram).expect("diagram");
        let mut proven: Vec<Point> = Vec::new();
        for color in Color::ALL {
            proven.extend(crate::rules::benson::pass_alive(&board, color).chains);
        }
        let mut out = Vec::new();
        for problem in find_problems(&board, &|h| proven.contains(&h)) {
            assert!(problem.is_searchable(&board), "{problem:?}");
            let judged = problem.judge_from(&board, ko, first);
            for (h, v) in judged.expect("within budget").verdicts {
                for s in board.chain_stones(h) {
                    out.push((s.to_string(), v));
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn verdict_of(verdicts: &[(String, Verdict)], point: &str) -> Verdict {
        verdicts
            .iter()
            .find(|(p, _)| p == point)
            .unwrap_or_else(|| panic!("{point} is in no problem: {verdicts:?}"))
            .1
    }

    /// A seki without eyes: the inner chains (C9 and E9) share D9 and D7;
    /// a sacrifice there gives the capturer nine points, so neither can
    /// break the seki. Also read by the seki tests in `status/seki.rs`.
    pub(in crate::rules) const SEKI_WITHOUT_EYES: &str = "
        . O X . O X . . .
        O O X X O X . . .
        . O X . O X . . .
        O O X O O X . . .
        . O X O O X . . .
        O O X X O X . . .
        . O O O X X . . .
        O O O O X . . . .
        . . . O X . . . .
        ";

    #[test]
    fn seki_without_eyes() {
        let v = verdicts(SEKI_WITHOUT_EYES);
        assert_eq!(verdict_of(&v, "C9"), Verdict::Alive);
        assert_eq!(verdict_of(&v, "E9"), Verdict::Alive);
    }

    #[test]
    fn false_seki_broken_by_a_sacrifice() {
        // Black B8 (four stones in atari), White captures at B9, Black A8
        // kills the pyramid four.
        let v = verdicts(
            "
            X . O X . . . . .
            X . O X . . . . .
            X O O X . . . . .
            O O X X . . . . .
            X X X . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        );
        assert_eq!(verdict_of(&v, "A9"), Verdict::Alive);
        assert_eq!(verdict_of(&v, "C9"), Verdict::Dead);
    }

    const BENT_FOUR: &str = "
        O O O O O O O O O
        O O O O O O O O O
        O O O O O O O O O
        O O O O O O O O O
        O O O . . . . . .
        X X O . . . . . .
        . X O O O . . . .
        O X X X O . . . .
        . O . X O . . . .
        ";

    #[test]
    fn bent_four_in_the_corner_is_dead_whoever_has_threats_but_the_defender() {
        // Art. 7-2: White starts the ko and Black may not retake without
        // passing. White's inner stones cannot be captured.
        let v = verdicts(BENT_FOUR);
        assert_eq!(verdict_of(&v, "D1"), Verdict::Dead);
        assert_eq!(verdict_of(&v, "B1"), Verdict::Alive);
        assert_eq!(verdict_of(&v, "A2"), Verdict::Alive);
        // With a threat for every ko White wins it all the more; with
        // Black holding every threat, Black lives: the ko decides, so
        // rules that judge by play do not take the reading.
        let attacker = verdicts_with(BENT_FOUR, KoMode::AttackerThreats);
        assert_eq!(verdict_of(&attacker, "D1"), Verdict::Dead);
        let defender = verdicts_with(BENT_FOUR, KoMode::DefenderThreats);
        assert_eq!(verdict_of(&defender, "D1"), Verdict::Alive);
    }

    #[test]
    fn bent_four_is_dead_whoever_starts_but_an_open_ko_is_not() {
        // Without threats, Black moving first in the bent four has nothing
        // better than passing: the verdict does not depend on the tempo.
        let v = verdicts_from(BENT_FOUR, KoMode::Confirmation, FirstMove::Defender);
        assert_eq!(verdict_of(&v, "D1"), Verdict::Dead);
        // An open direct ko: White C1 takes D1 and Black may not retake, so
        // with White first Black's group dies; with Black first, F1
        // captures E1 and the group lives.
        const OPEN_KO: &str = "
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            O O O O O X . . .
            X X X O X X . . .
            . X . X O . X . .
            ";
        let attacker_first = verdicts(OPEN_KO);
        assert_eq!(verdict_of(&attacker_first, "B1"), Verdict::Dead);
        let defender_first = verdicts_from(OPEN_KO, KoMode::Confirmation, FirstMove::Defender);
        assert_eq!(verdict_of(&defender_first, "B1"), Verdict::Alive);
    }

    #[test]
    fn eternal_life_kills_the_outside_and_keeps_the_inside() {
        // 死活例6: W C1 makes a bulky five and kills; B C1 only starts the
        // cycle B C1, W E1, B D1, W F1, which is no capture.
        let v = verdicts(
            "
            . X . X . X . X .
            X X X X X X X X X
            O O O O O O O O O
            . . . . O . . . O
            . . . . O . . . O
            O O O O O O . . O
            X X X X X O . . O
            X O O O X X O O O
            . O . X . O X . O
            ",
        );
        assert_eq!(verdict_of(&v, "A2"), Verdict::Dead);
        assert_eq!(verdict_of(&v, "D1"), Verdict::Dead);
        assert_eq!(verdict_of(&v, "G1"), Verdict::Dead);
        assert_eq!(verdict_of(&v, "B1"), Verdict::Alive);
    }

    #[test]
    fn a_ko_just_taken_binds_its_loser() {
        // Black has just taken at D1 (the board's ko: White may not retake
        // at C1 now). Bound by art. 7-2 from the start, White cannot win
        // the ko before Black connects, so Black's stones live; without
        // that capture on the board they would be dead (an open direct ko).
        let mut board = Board::from_diagram(
            "
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            . . . . O X . . .
            O O O O O X . . .
            X X X O O X . . .
            . X O . O X . . .
            ",
        )
        .expect("diagram");
        let black = |board: &Board| {
            let problems = find_problems(board, &|_| false);
            let problem = problems
                .iter()
                .find(|p| p.chains.contains(&board.chain_head(v("B1"))))
                .expect("B1 is in a problem")
                .clone();
            let judged = problem.judge(board, KoMode::Confirmation).expect("budget");
            judged
                .verdicts
                .iter()
                .find(|(h, _)| *h == board.chain_head(v("B1")))
                .expect("B1 judged")
                .1
        };
        assert_eq!(black(&board), Verdict::Dead);
        board.play_unchecked(Color::Black, v("D1"));
        assert_eq!(board.ko(), Some((v("C1"), Color::White)));
        assert_eq!(black(&board), Verdict::Alive);
    }

    /// Two eyeless chains share C1 and C2; White's D1-D3 also has E1 and
    /// E2, Black's B1-B3 C3 nothing more: White fills C2 and C1 and takes
    /// it. A black stone on E1 or E2 after the capture only joins Black's
    /// living wall, and White's chain, with the captured space, does not
    /// fall to it: Black is dead, White alive.
    #[test]
    fn a_stone_that_only_joins_a_wall_does_not_replace_the_captured() {
        let v = verdicts(
            "
            . . . O X . . . .
            . . . O X . . . .
            . . . O X . . . .
            . . . O X . . . .
            . . O O X . . . .
            O O O X X X . . .
            O X X O X X . . .
            O X . O . X . . .
            O X . O . X . . .
            ",
        );
        assert_eq!(verdict_of(&v, "B1"), Verdict::Dead);
        assert_eq!(verdict_of(&v, "D1"), Verdict::Alive);
    }

    #[test]
    fn dead_three_stones_in_a_corner() {
        // White's three stones in Black's corner have one eye.
        let v = verdicts(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X . . . . .
            O O O X . . . . .
            . . O X . . . . .
            . . O X . . . . .
            ",
        );
        assert_eq!(verdict_of(&v, "A3"), Verdict::Dead);
    }
}
