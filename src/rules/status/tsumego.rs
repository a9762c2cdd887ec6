//! Life and death of an enclosed group read to the end
//! ([`read_enclosed`]): the status playouts answer "who wins if both play
//! at random from here", and a group that lives or dies by one exact
//! sequence (a placement, a throw-in, the second-line shapes) looks alike
//! to them either way. When the group sits in a small space closed by
//! enemy walls, the space is read move by move until the group is taken
//! or proved alive.
//!
//! The problem is cut out of the board as a life-and-death problem is
//! drawn: the region is the group, the empty points and small or short
//! enemy chains around it, grown outwards until it meets enemy chains of
//! [`WALL_STONES`] or more stones with [`WALL_LIBERTIES`] or more
//! liberties that the status playouts give to the attacker (walls,
//! assumed to live). Empty points next to a wall close the region; the
//! few empty points just outside it (at most [`MAX_RING`]) get enemy
//! stones on the reading board, so the group cannot run. A region that grows past [`MAX_REGION_EMPTIES`]
//! empty points is open, and gets no answer.
//!
//! The reading: both sides play in the region or pass. The attacker wins
//! by taking the group's stone; the defender wins when Benson's algorithm
//! proves the group pass-alive, or when two passes in a row leave it on
//! the board (the attacker can do nothing: life or seki), or when the
//! attacker can only repeat a position of the line (he has not taken the
//! group). Simple ko; no ko threats. The search is depth-first
//! proof-number search (df-pn, Nagai 2002) with the 1 + ε trick: it
//! reads first the line that looks cheapest to settle, counting for a
//! position not yet read one move to prove it won and all its moves to
//! prove it lost, and keeps the proof and disproof numbers of the
//! positions read in a table. Within [`NODE_BUDGET`] positions: beyond
//! it, no answer.
//!
//! The art. 7 confirmation's search ([`crate::rules::confirm`]) answers
//! another question: after a capture the owner may place new stones in
//! the space it opened, so a group taken in a large enclosed space can
//! count as alive there. A status with a side to move asks whether the
//! group itself is taken.

use std::collections::HashMap;
use std::rc::Rc;

use super::seki::is_joining_point;
use super::{Judgement, StoneStatus};
use crate::board::{ARRAY_LEN, Board, Move, Point};
use crate::color::Color;
use crate::rules::benson::chain_is_pass_alive;

/// An enemy chain of this many stones or more bounds the region (a wall
/// taken to live); smaller ones are inside and may be captured.
pub const WALL_STONES: usize = 4;

/// The fewest liberties of a wall: an enemy chain short of liberties may
/// be racing the group, and is inside the region.
pub const WALL_LIBERTIES: usize = 5;

/// The least ownership a wall's stones have for the attacker in the
/// status playouts (+1 always the attacker's): a wall the playouts doubt
/// may be racing the group.
pub const WALL_OWNERSHIP: f64 = 0.8;

/// The most empty points a region may hold (corner and side problems).
pub const MAX_REGION_EMPTIES: usize = 18;

/// The most empty points just outside the region that are closed with
/// enemy stones for the reading: more, and the group is not enclosed.
pub const MAX_RING: usize = 6;

/// The most positions read for one question about one chain
/// (`tengen-status`).
pub const NODE_BUDGET: usize = 400_000;

/// The most points (empty or attacker stones) of a region that may give
/// the group an eye: a larger one is open or not yet an eye.
pub const MAX_EYE_REGION: usize = 12;

/// The longest line read (moves and passes): deeper, the attacker has
/// not taken the group.
pub const MAX_DEPTH: usize = 60;

/// The result of a line of reading for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Win,
    Loss,
}

/// The 1 + ε trick of df-pn (Pawlewicz and Lew): a child is read until
/// its disproof number passes the second best's by 1/[`EPSILON_DIVISOR`]
/// of it, not by one, so the search switches between two lines less often.
const EPSILON_DIVISOR: u32 = 4;

/// A proof or disproof number that stands for "never": the position is
/// settled the other way.
const INFINITE: u32 = u32::MAX / 4;

/// How hard a position looks to prove won ([`Numbers::proof`]) and to
/// prove lost ([`Numbers::disproof`]) for the side to move: the fewest
/// positions still to settle either way (proof-number search).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Numbers {
    proof: u32,
    disproof: u32,
}

impl Numbers {
    /// Won for the side to move.
    const WON: Numbers = Numbers {
        proof: 0,
        disproof: INFINITE,
    };
    /// Lost for the side to move.
    const LOST: Numbers = Numbers {
        proof: INFINITE,
        disproof: 0,
    };

    fn outcome(self) -> Option<Outcome> {
        if self.proof == 0 {
            Some(Outcome::Win)
        } else if self.disproof == 0 {
            Some(Outcome::Loss)
        } else {
            None
        }
    }
}

/// One life-and-death problem cut out of a board.
struct Problem {
    /// The reading board: the position with the ring closed.
    board: Board,
    /// The region's points (empty, or holding the group, its friends and
    /// the small enemy chains inside).
    region: Vec<Point>,
    /// A stone of the group.
    target: Point,
    defender: Color,
    /// Proof and disproof numbers of the positions read, by
    /// [`Self::key`], for the side to move.
    table: HashMap<u64, Numbers>,
    nodes: usize,
    /// The most positions read.
    budget: usize,
    /// Benson's verdict on the group, by the stones' hash.
    pass_alive: HashMap<u64, bool>,
    /// The moves read from each position, by [`Self::key`].
    children: HashMap<u64, Rc<[Child]>>,
}

/// A move read from a position in the search.
#[derive(Clone, Copy)]
struct Child {
    mv: Move,
    /// The passes in a row it leaves.
    passes: u8,
    /// The key of the position it leads to.
    key: u64,
    /// That position's numbers before it is read: final when it is
    /// settled by itself (and then never read).
    start: Numbers,
}

/// The most positions whose moves the search keeps ([`Problem::children`]);
/// past it they are forgotten and generated again.
const MAX_KEPT_CHILDREN: usize = 200_000;

/// The status of the chain at `p` with `first` to move when its group is
/// enclosed in a small region and the reading settles it within budget:
/// [`StoneStatus::Alive`] when it lives (or makes seki), `Dead` when it is
/// taken. `None` when `p` is empty, the group is open, or the reading
/// runs out.
#[must_use]
pub fn read_enclosed(
    board: &Board,
    judgement: &Judgement,
    p: Point,
    first: Color,
) -> Option<StoneStatus> {
    read_enclosed_within(board, judgement, p, first, NODE_BUDGET)
}

/// [`read_enclosed`] within `budget` positions.
#[must_use]
pub fn read_enclosed_within(
    board: &Board,
    judgement: &Judgement,
    p: Point,
    first: Color,
    budget: usize,
) -> Option<StoneStatus> {
    let mut problem = Problem::cut(board, p, judgement, budget, false)?;
    solve_problem(&mut problem, p, first)
}

/// A group shut in by walls alone, cut out for reading ([`shut_group`]).
pub struct ShutGroup(Problem);

/// The problem of the group at `p` when walls alone shut it in: no empty
/// point just outside the region is closed with an attacker stone for the
/// reading, every wall has [`WALL_LIBERTIES`] liberties outside the
/// region, and the region takes in the chains of the group's colour next
/// to the empty points where it meets a wall (the group could join them
/// there). `None` when the region is open or not shut. Its readings share
/// `budget` positions.
#[must_use]
pub fn shut_group(
    board: &Board,
    judgement: &Judgement,
    p: Point,
    budget: usize,
) -> Option<ShutGroup> {
    Problem::cut(board, p, judgement, budget, true).map(ShutGroup)
}

impl ShutGroup {
    /// The group's status with `first` to move, as [`read_enclosed`]
    /// gives it; `None` when the budget runs out.
    pub fn read(&mut self, first: Color) -> Option<StoneStatus> {
        let target = self.0.target;
        solve_problem(&mut self.0, target, first)
    }
}

/// Solves the problem cut around the chain at `p` with `first` to move.
fn solve_problem(problem: &mut Problem, p: Point, first: Color) -> Option<StoneStatus> {
    let Some(outcome) = problem.solve(first) else {
        log::debug!("tsumego: no answer for {p} in {} positions", problem.nodes);
        return None;
    };
    let lives = (outcome == Outcome::Win) == (first == problem.defender);
    log::debug!(
        "tsumego: {first} first, the chain at {p} {} ({} positions)",
        if lives { "lives" } else { "dies" },
        problem.nodes
    );
    Some(if lives {
        StoneStatus::Alive
    } else {
        StoneStatus::Dead
    })
}

impl Problem {
    /// Cuts the region around the chain at `p` out of `board`; `None`
    /// when `p` is empty or the region is open.
    /// `shut`: see [`shut_group`].
    fn cut(
        board: &Board,
        p: Point,
        judgement: &Judgement,
        budget: usize,
        shut: bool,
    ) -> Option<Problem> {
        let defender = board.color_at(p)?;
        let attacker = defender.other();
        let mut in_region = vec![false; ARRAY_LEN];
        let mut region: Vec<Point> = Vec::new();
        let mut queue: Vec<Point> = Vec::new();
        let sign = if attacker == Color::Black { 1.0 } else { -1.0 };
        let is_wall = |q: Point| {
            board.color_at(q) == Some(attacker)
                && board.chain_size(q) >= WALL_STONES
                && board.liberties(q).len() >= WALL_LIBERTIES
                && judgement.status(q) == Some(StoneStatus::Alive)
                && board
                    .chain_stones(q)
                    .all(|s| sign * judgement.ownership(s) >= WALL_OWNERSHIP)
        };
        let add_chain = |q: Point,
                         in_region: &mut Vec<bool>,
                         region: &mut Vec<Point>,
                         queue: &mut Vec<Point>| {
            for s in board.chain_stones(q) {
                if !in_region[s.index()] {
                    in_region[s.index()] = true;
                    region.push(s);
                    queue.push(s);
                }
            }
        };
        add_chain(p, &mut in_region, &mut region, &mut queue);
        let mut empties = 0;
        while let Some(q) = queue.pop() {
            for n in q.neighbours() {
                if !board.is_on_board(n) || in_region[n.index()] || is_wall(n) {
                    continue;
                }
                if board.color_at(n).is_some() {
                    add_chain(n, &mut in_region, &mut region, &mut queue);
                    continue;
                }
                in_region[n.index()] = true;
                region.push(n);
                empties += 1;
                if empties > MAX_REGION_EMPTIES {
                    log::debug!("tsumego: the region of {p} is open");
                    return None;
                }
                // An empty point on a wall closes the region there.
                if !n
                    .neighbours()
                    .into_iter()
                    .any(|m| board.is_on_board(m) && is_wall(m))
                {
                    queue.push(n);
                } else if shut {
                    for m in n.neighbours() {
                        if board.is_on_board(m)
                            && board.color_at(m) == Some(defender)
                            && !in_region[m.index()]
                        {
                            add_chain(m, &mut in_region, &mut region, &mut queue);
                        }
                    }
                }
            }
        }
        // The empty points just outside: closed with attacker stones.
        let mut ring: Vec<Point> = Vec::new();
        for &q in &region {
            for n in q.neighbours() {
                if board.is_on_board(n)
                    && !in_region[n.index()]
                    && board.color_at(n).is_none()
                    && !ring.contains(&n)
                {
                    ring.push(n);
                }
            }
        }
        if shut && !ring.is_empty() {
            log::debug!("tsumego: the region of {p} is not shut");
            return None;
        }
        // Shut in, the walls must live outside the region too: a wall
        // whose liberties lie in the region races the group.
        let short_wall = shut
            && region.iter().any(|&q| {
                q.neighbours().into_iter().any(|w| {
                    board.is_on_board(w)
                        && board.color_at(w) == Some(attacker)
                        && !in_region[w.index()]
                        && board
                            .liberties(w)
                            .iter()
                            .filter(|l| !in_region[l.index()])
                            .count()
                            < WALL_LIBERTIES
                })
            });
        if short_wall {
            log::debug!("tsumego: a wall of the region of {p} is short of liberties");
            return None;
        }
        if ring.len() > MAX_RING {
            log::debug!("tsumego: {} points close the region of {p}", ring.len());
            return None;
        }
        log::trace!(
            "tsumego: region of {p}: {:?}; ring {:?}",
            region.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ring.iter().map(ToString::to_string).collect::<Vec<_>>()
        );
        let mut reading = board.clone();
        for &r in &ring {
            if reading.is_legal(attacker, r) && !reading.is_capture(attacker, r) {
                reading.play_unchecked(attacker, r);
            }
        }
        reading.pass();
        if reading.color_at(p) != Some(defender) {
            return None;
        }
        Some(Problem {
            board: reading,
            region,
            target: p,
            defender,
            table: HashMap::new(),
            nodes: 0,
            budget,
            pass_alive: HashMap::new(),
            children: HashMap::new(),
        })
    }

    /// The outcome for `first` to move by depth-first proof-number search
    /// ([`Self::search`]); `None` when the budget runs out first.
    fn solve(&mut self, first: Color) -> Option<Outcome> {
        let board = self.board.clone();
        let mut path = Vec::new();
        let numbers = match self.settled(&board, first, 0) {
            Some(numbers) => numbers,
            None => self.search(&board, first, 0, INFINITE, INFINITE, &mut path),
        };
        let outcome = numbers.outcome()?;
        if log::log_enabled!(log::Level::Debug) {
            log::debug!("tsumego: line {}", self.line(&board, first));
        }
        Some(outcome)
    }

    /// The winning line from the table, for the log: the first move
    /// whose position the table has as lost for the other side (or that
    /// takes the group), then the first reply the table has as won.
    fn line(&self, board: &Board, first: Color) -> String {
        let mut out = String::new();
        let mut board = board.clone();
        let mut to_move = first;
        for ply in 0..24 {
            let wanted = if ply % 2 == 0 {
                Outcome::Loss
            } else {
                Outcome::Win
            };
            let next = self.region.iter().find_map(|&q| {
                if board.color_at(q).is_some() || !board.is_legal(to_move, q) {
                    return None;
                }
                let mut child = board.clone();
                child.play_unchecked(to_move, q);
                let key = Self::key(&child, to_move.other(), 0);
                let taken = child.color_at(self.target) != Some(self.defender);
                let settled = self
                    .table
                    .get(&key)
                    .is_some_and(|n| n.outcome() == Some(wanted));
                (settled || (taken && ply % 2 == 0)).then_some((q, child))
            });
            let Some((q, child)) = next else {
                out.push_str(&format!(" {to_move} ?"));
                break;
            };
            out.push_str(&format!(" {to_move} {q}"));
            if child.color_at(self.target) != Some(self.defender) {
                break;
            }
            board = child;
            to_move = to_move.other();
        }
        out
    }

    /// The table key of a position: stones, ko, side to move, passes.
    fn key(board: &Board, to_move: Color, passes: u8) -> u64 {
        let ko = board.ko().map_or(0, |(q, _)| q.index() as u64 + 1);
        board.hash()
            ^ ko.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (u64::from(to_move == Color::White) << 63)
            ^ (u64::from(passes) << 61)
    }

    /// Whether the group has lived: pass-alive by Benson, checked only
    /// when the group could have two vital regions ([`Self::eye_regions`]).
    fn group_is_settled_alive(&mut self, board: &Board) -> bool {
        if self.eye_regions(board) < 2 {
            return false;
        }
        if let Some(&alive) = self.pass_alive.get(&board.hash()) {
            return alive;
        }
        let alive = chain_is_pass_alive(board, self.target);
        self.pass_alive.insert(board.hash(), alive);
        alive
    }

    /// The regions of points without the defender's stones that hold a
    /// liberty of the group and could be vital to it in Benson's sense:
    /// every empty point next to a defender stone, and no larger than
    /// [`MAX_EYE_REGION`]. Benson needs two.
    fn eye_regions(&self, board: &Board) -> usize {
        /// Marks of the points met.
        const UNSEEN: u8 = 0;
        const FLOODING: u8 = 1;
        const COUNTED: u8 = 2;
        const GIVEN_UP: u8 = 3;
        let mut mark = [UNSEEN; ARRAY_LEN];
        let mut region: Vec<Point> = Vec::with_capacity(MAX_EYE_REGION + 4);
        let mut count = 0;
        for l in board.liberties(self.target) {
            if mark[l.index()] != UNSEEN {
                continue;
            }
            region.clear();
            region.push(l);
            mark[l.index()] = FLOODING;
            let mut i = 0;
            let mut vital = true;
            'flood: while i < region.len() {
                let q = region[i];
                i += 1;
                if region.len() > MAX_EYE_REGION {
                    vital = false;
                    break;
                }
                let mut touches = false;
                for n in q.neighbours() {
                    if !board.is_on_board(n) {
                        continue;
                    }
                    if board.color_at(n) == Some(self.defender) {
                        touches = true;
                        continue;
                    }
                    match mark[n.index()] {
                        UNSEEN => {
                            mark[n.index()] = FLOODING;
                            region.push(n);
                        }
                        GIVEN_UP => {
                            vital = false;
                            break 'flood;
                        }
                        _ => {}
                    }
                }
                if board.color_at(q).is_none() && !touches {
                    vital = false;
                    break;
                }
            }
            // A region given up before it was all met stays given up: a
            // flood from another of its liberties stops on these marks.
            let done = if vital { COUNTED } else { GIVEN_UP };
            for q in &region {
                mark[q.index()] = done;
            }
            if vital {
                count += 1;
                if count >= 2 {
                    return count;
                }
            }
        }
        count
    }

    /// The numbers of a position settled without reading, for the side
    /// to move: the group taken (the defender has lost), two passes in a
    /// row or the group pass-alive (the defender has won).
    fn settled(&mut self, board: &Board, to_move: Color, passes: u8) -> Option<Numbers> {
        if board.color_at(self.target) != Some(self.defender) {
            return Some(self.result(to_move, false));
        }
        if passes >= 2 || self.group_is_settled_alive(board) {
            return Some(self.result(to_move, true));
        }
        None
    }

    /// The numbers of a settled position for `to_move`, the defender having
    /// won or lost.
    fn result(&self, to_move: Color, defender_wins: bool) -> Numbers {
        if (to_move == self.defender) == defender_wins {
            Numbers::WON
        } else {
            Numbers::LOST
        }
    }

    /// Depth-first proof-number search (df-pn) of a position not settled
    /// by itself: its moves are read, the one that looks easiest to prove
    /// first, until its proof number reaches `proof_limit` or its
    /// disproof number `disproof_limit` (then another line looks easier
    /// higher up), it is settled, or the budget runs out. A position met
    /// again on the line that leads to it, or one [`MAX_DEPTH`] moves
    /// deep, counts as won by the defender: the attacker has not taken
    /// the group. Returns the position's numbers for the side to move.
    fn search(
        &mut self,
        board: &Board,
        to_move: Color,
        passes: u8,
        proof_limit: u32,
        disproof_limit: u32,
        path: &mut Vec<u64>,
    ) -> Numbers {
        let key = Self::key(board, to_move, passes);
        if path.len() >= MAX_DEPTH {
            let numbers = self.result(to_move, true);
            self.table.insert(key, numbers);
            return numbers;
        }
        self.nodes += 1;
        let next = to_move.other();
        let repeated = self.result(next, true);
        let children = self.children(board, key, to_move, passes);
        path.push(key);
        let numbers = loop {
            let mut proof = INFINITE;
            let mut disproof: u32 = 0;
            let mut best: Option<(usize, Numbers)> = None;
            let mut second = INFINITE;
            for (i, child) in children.iter().enumerate() {
                let n = if path.contains(&child.key) {
                    repeated
                } else {
                    self.table.get(&child.key).copied().unwrap_or(child.start)
                };
                if n.disproof < proof {
                    second = proof;
                    proof = n.disproof;
                    best = Some((i, n));
                } else if n.disproof < second {
                    second = n.disproof;
                }
                disproof = disproof.saturating_add(n.proof).min(INFINITE);
            }
            let numbers = Numbers { proof, disproof };
            let Some((best, best_numbers)) = best else {
                break numbers;
            };
            if proof >= proof_limit || disproof >= disproof_limit || self.nodes >= self.budget {
                break numbers;
            }
            let child = children[best];
            // The child's proof is this position's disproof, and the
            // reverse: read it until it passes this position's limit or
            // another child looks easier.
            let child_proof_limit = disproof_limit
                .saturating_sub(disproof)
                .saturating_add(best_numbers.proof)
                .min(INFINITE);
            let child_disproof_limit = proof_limit
                .min(second.saturating_add(second / EPSILON_DIVISOR + 1))
                .min(INFINITE);
            let mut child_board = board.clone();
            match child.mv {
                Move::Play(q) => child_board.play_unchecked(to_move, q),
                Move::Pass => child_board.pass(),
            }
            // The child's numbers go to the table, where the next round
            // reads them.
            self.search(
                &child_board,
                next,
                child.passes,
                child_proof_limit,
                child_disproof_limit,
                path,
            );
        };
        path.pop();
        self.table.insert(key, numbers);
        numbers
    }

    /// The moves of `to_move` in the position `key` (`board`), best first,
    /// then a pass, each with the key of the position it leads to and its
    /// numbers before it is read; kept for when the search
    /// comes back (up to [`MAX_KEPT_CHILDREN`] positions).
    fn children(&mut self, board: &Board, key: u64, to_move: Color, passes: u8) -> Rc<[Child]> {
        if let Some(children) = self.children.get(&key) {
            return Rc::clone(children);
        }
        let next = to_move.other();
        let moves = self
            .moves(board, to_move)
            .into_iter()
            .map(|(q, _)| Move::Play(q))
            .chain(std::iter::once(Move::Pass));
        let mut children = Vec::new();
        for mv in moves {
            let mut child = board.clone();
            let child_passes = match mv {
                Move::Play(q) => {
                    child.play_unchecked(to_move, q);
                    0
                }
                Move::Pass => {
                    child.pass();
                    passes + 1
                }
            };
            // Not read yet: one good move proves it won for the side to
            // move, all of them must fail to prove it lost.
            let start = self
                .settled(&child, next, child_passes)
                .unwrap_or_else(|| Numbers {
                    proof: 1,
                    disproof: self.moves(&child, next).len() as u32 + 1,
                });
            children.push(Child {
                mv,
                passes: child_passes,
                key: Self::key(&child, next, child_passes),
                start,
            });
        }
        let children: Rc<[Child]> = children.into();
        if self.children.len() >= MAX_KEPT_CHILDREN {
            self.children.clear();
        }
        self.children.insert(key, Rc::clone(&children));
        children
    }

    /// The legal moves of `to_move` in the region, best first by a rough
    /// score: captures, then the group's liberties, then points with
    /// room around them. The defender never fills a one-point eye of one of
    /// its chains.
    fn moves(&self, board: &Board, to_move: Color) -> Vec<(Point, i32)> {
        let target_libs = board.liberties(self.target);
        let mut out = Vec::new();
        for &q in &self.region {
            if board.color_at(q).is_some() || !board.is_legal(to_move, q) {
                continue;
            }
            let capture = board.is_capture(to_move, q);
            if to_move == self.defender && !capture && is_own_eye(board, self.defender, q) {
                continue;
            }
            let mut score = 0;
            if capture {
                score += 8;
            }
            if target_libs.contains(&q) {
                score += 4;
            }
            score += board.empty_neighbours(q) as i32;
            if to_move != self.defender && board.liberties_after(to_move, q) <= 1 && !capture {
                score -= 2;
            }
            out.push((q, score));
        }
        out
    }
}

/// True when every neighbour of the empty point `q` on the board is a
/// stone of one chain of `color`: filling it joins nothing.
fn is_own_eye(board: &Board, color: Color, q: Point) -> bool {
    q.neighbours()
        .into_iter()
        .all(|n| !board.is_on_board(n) || board.color_at(n) == Some(color))
        && !is_joining_point(board, color, q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::status::judge;
    use crate::test_support::v;

    /// Black's corner group has a straight three, A1 B1 C1, as its only
    /// eye space: the vital point B1 decides it.
    const STRAIGHT_THREE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O . . . .
        X X X X O . . . .
        . . . X O . . . .
        ";

    #[test]
    fn the_vital_point_of_a_straight_three_decides() {
        let board = Board::from_diagram(STRAIGHT_THREE).expect("diagram");
        assert_eq!(
            read_enclosed(
                &board,
                &judge(&board, &Rules::japanese()),
                v("D1"),
                Color::Black
            ),
            Some(StoneStatus::Alive)
        );
        assert_eq!(
            read_enclosed(
                &board,
                &judge(&board, &Rules::japanese()),
                v("D1"),
                Color::White
            ),
            Some(StoneStatus::Dead)
        );
    }

    /// A straight four in the corner, A1 B1 C1 D1: alive whoever starts.
    #[test]
    fn a_straight_four_lives_with_the_attacker_first() {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O . . .
            X X X X X O . . .
            . . . . X O . . .
            ",
        )
        .expect("diagram");
        assert_eq!(
            read_enclosed(
                &board,
                &judge(&board, &Rules::japanese()),
                v("A2"),
                Color::White
            ),
            Some(StoneStatus::Alive)
        );
    }

    /// GNU Go's life-and-death problem ld7 (regression suite ld_owl.tst,
    /// case 25): Black's upper left group dies even if Black starts, White
    /// attacking with the F19 stone inside. Reading depth-first to a fixed
    /// depth found no answer here in 400,000 positions.
    const CORNER_WITH_INNER_STONE: &str = "
        . . . . . O . . . . . . . . . . . . .
        X X X . X X O O . . . . . . . . . . .
        . . O X O O O . . . . . . . . . . . .
        . O O . O . . . . . . . . . . . . . .
        . . O O O . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .";

    #[test]
    fn a_corner_with_an_inner_enemy_stone_dies_whoever_starts() {
        let board = Board::from_diagram(CORNER_WITH_INNER_STONE).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        for first in Color::ALL {
            assert_eq!(
                read_enclosed(&board, &judgement, v("B18"), first),
                Some(StoneStatus::Dead),
                "{first} first"
            );
        }
    }

    /// A lone stone on an open board is not enclosed: no answer.
    #[test]
    fn an_open_group_gets_no_answer() {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        )
        .expect("diagram");
        assert_eq!(
            read_enclosed(
                &board,
                &judge(&board, &Rules::japanese()),
                v("E5"),
                Color::White
            ),
            None
        );
    }
}
