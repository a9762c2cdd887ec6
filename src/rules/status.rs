//! Dead-stone and seki judgement at the end of a game.
//!
//! [`judge`] serves `final_score`, `final_status_list`, `tengen score` and
//! the engine's own pass decision. Its steps:
//!
//! 1. **Benson** ([`super::benson`]): pass-alive chains are alive, and
//!    stones inside the opponent's pass-alive territory are dead. Certain.
//! 2. **Status playouts** for every other chain: [`STATUS_PLAYOUTS`]
//!    playouts from the final position ([`status_playout`]: random legal
//!    moves that never fill an own eye nor put a chain of two or more
//!    stones into atari, each move first answering the last: a capture of
//!    three stones or more at the vital point of the eye space it left,
//!    else tactically), half with Black to move first and half with White,
//!    counting who owns each point at the end. A chain whose mean
//!    ownership in its own favour is below [`DEAD_BELOW`] is dead. Seeded
//!    from the position ([`STATUS_SEED`]), so the answer is reproducible.
//! 3. **Local problems read exactly** ([`super::confirm`]), inside walls
//!    that Benson proves or that the playouts give an ownership of at least
//!    [`SOLID_WALL`], within [`JUDGEMENT_NODE_BUDGET`] nodes for the whole
//!    judgement. Under rules that confirm life by art. 7 (Japanese) the
//!    reading's verdicts replace the playouts'. Under the others they are
//!    used only where no ko decides: the verdict is the same whether the
//!    attacker or the defender has every ko threat, or, once the threats
//!    are used up, the reading without threats gives the same verdict
//!    whichever side starts (bent four: dead; double-ko seki: seki). An
//!    open direct ko is left to the playouts there.
//! 4. **Corrections to the playouts' verdicts**: a chain they call dead
//!    whose enemy neighbours are all dead is alive (it stands in its own
//!    area once they are removed); of two neighbouring chains of opposite
//!    colours in a capturing race (sharing a liberty) that both come out
//!    dead, the one the playouts favour more lives: one takes the other.
//! 5. **Seki** (art. 8), on the board of live stones: an empty point next
//!    to live stones of both colours that neither side can fill without
//!    capturing or leaving two or more stones in atari, even after one
//!    connecting move inside its own territory or on a one-point eye it
//!    shares with another of its chains (the joined chain keeping two
//!    eyes), is a seki liberty, and the live chains touching it are in
//!    seki. Ordinary dame, which either side fills safely, are left alone
//!    (死活例24), and so is a chain short of liberties only until it joins
//!    its wall. For this test a dead chain in atari is taken by a stone on
//!    its last liberty, so an eye it stands in counts as the one point the
//!    capture leaves. Two chains with one one-point eye each and only
//!    shared liberties besides are seki however many they share. Seki
//!    spreads through small eyes ([`SEKI_EYE_MAX`]) to the chains around
//!    them.
//!    - A seki candidate is read (the solid chains around it uncapturable,
//!      every ko threat the defender's, [`SEKI_READING_NODES`]): when that
//!      kills one chain that encloses all the rest, as a bent three
//!      holding an enemy stone, the chain is dead, not seki, and the
//!      judgement starts again without it ([`REJUDGE_ROUNDS`]): its
//!      liberties may have been all an enemy chain around it lacked.
//!    - A small region of dead stones between both colours
//!      ([`SEKI_DEAD_REGION_MAX`] points: the ko stones of a double-ko
//!      seki, 死活例25) makes the chains around it seki only when a chain
//!      of each colour has no more than one liberty elsewhere: a ko left
//!      between settled groups is dame, and dead stones only one side
//!      needs are taken by the other.
//! 6. **A capturing race left open** is seki when the side behind turns it
//!    into seki with one move (filling the other chain's only liberty
//!    outside the race) and survives in about half of the status playouts
//!    ([`UNSETTLED_ABOVE`]): players who stop there count it so.
//!
//! A position that the verdicts of the status playouts (step 2) leave with
//! many neutral points (in regions between live stones of both colours,
//! dead stones included; [`UNFINISHED_NEUTRAL_SHARE`]) was stopped before
//! its borders were closed. Its fights are not over, and how they end
//! turns on answering the opponent's moves, which uniformly random moves
//! do only by chance: its status playouts are played again, answering also
//! with MoGo 3×3 patterns ([`StatusMoves::Patterns`]), and it is judged
//! from those. In finished positions those patterns let invaders look
//! alive, so they are kept for unfinished ones.
//!
//! [`judge_to_move`] asks instead what each chain becomes once both sides
//! play their best with a given side first (`tengen-status`), and
//! [`protective_move`] finds the teire the engine plays before passing.

use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::Rules;
use super::benson::pass_alive;
use super::confirm::{
    FirstMove, Judged, KoMode, NODE_BUDGET, OutOfBudget, Problem, Verdict, find_problems,
};
use crate::board::playout::{StatusMoves, status_playout};
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;

/// Status playouts per judgement.
pub const STATUS_PLAYOUTS: u32 = 1000;
/// A chain is dead when its mean ownership in its own favour (from −1,
/// always the opponent's, to +1, always its own) is below this.
pub const DEAD_BELOW: f64 = 0.25;
/// Search nodes one judgement may spend on local problems, all together
/// (about 0.6 s on these machines, so that a whole judgement of a 19x19
/// position stays under a second); a search still running when they are
/// spent gives up, and it and later problems go to the playouts.
pub const JUDGEMENT_NODE_BUDGET: u64 = 300_000;
/// A wall around a local problem must be alive with at least this mean
/// ownership in its favour (see [`confirm_locally`]).
pub const SOLID_WALL: f64 = 0.6;
/// A position is unfinished when at least this share of its points are
/// neutral by the verdicts of uniformly random status playouts: in regions
/// of empty points and stones that are not live that touch live stones of
/// both colours. Its status playouts then answer by patterns
/// ([`StatusMoves::Patterns`]). A finished game has a few such points (seki
/// liberties, a dame or two left unfilled).
pub const UNFINISHED_NEUTRAL_SHARE: f64 = 0.04;
/// Seed of the status playouts, mixed with the position's hash.
pub const STATUS_SEED: u64 = 0x5354_4154_5553_2121; // "STATUS!!"

/// The status of a stone at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneStatus {
    /// Alive, not in seki.
    Alive,
    /// Dead: removed before counting when inside the opponent's territory.
    Dead,
    /// Alive in seki.
    Seki,
}

impl StoneStatus {
    /// True when alive or in seki.
    #[must_use]
    pub fn is_live(self) -> bool {
        matches!(self, StoneStatus::Alive | StoneStatus::Seki)
    }
}

/// How a chain's status was decided (reported by `tengen-score_details`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Benson's algorithm: certain.
    Benson,
    /// Ownership statistics of status playouts.
    Playouts,
    /// The seki test on shared liberties.
    SekiTest,
    /// The art. 7 confirmation: an exact local search ([`super::confirm`]).
    Confirmation,
    /// The rules count every stone as alive (Tromp-Taylor).
    Rules,
}

/// The judgement of a final position.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// Per point (indexed by `Point::index`): status and method of the
    /// stone there, `None` for empty points.
    status: Vec<Option<(StoneStatus, Method)>>,
    /// Per point: mean area ownership over the playouts, +1 Black, −1 White.
    ownership: Vec<f64>,
}

impl Judgement {
    /// Status of the stone at `p` (`None` if empty).
    #[must_use]
    pub fn status(&self, p: Point) -> Option<StoneStatus> {
        self.status[p.index()].map(|(s, _)| s)
    }

    /// How the status of the stone at `p` was decided.
    #[must_use]
    pub fn method(&self, p: Point) -> Option<Method> {
        self.status[p.index()].map(|(_, m)| m)
    }

    /// Mean ownership of `p`: +1 always Black's, −1 always White's.
    #[must_use]
    pub fn ownership(&self, p: Point) -> f64 {
        self.ownership[p.index()]
    }

    /// True when the stone at `p` is alive or in seki.
    #[must_use]
    pub fn is_live_stone(&self, p: Point) -> bool {
        self.status(p).is_some_and(StoneStatus::is_live)
    }

    /// The points of `board` (the board judged) in regions of empty
    /// points and dead stones that touch live stones of both colours:
    /// no one's as the position stands.
    #[must_use]
    pub fn neutral_points(&self, board: &Board) -> usize {
        neutral_points_where(board, |p| self.is_live_stone(p))
    }
}

/// How many times the judgement starts again on the board without the
/// chains that reading a seki candidate killed (see [`judge`]).
pub const REJUDGE_ROUNDS: usize = 2;

/// Judges every stone of `board` under `rules`.
///
/// When reading a seki candidate kills a chain that the status playouts
/// left alive ([`mark_seki`]), the playouts were wrong about the stones
/// around it too: a chain whose only liberties were shared with the
/// killed one is free once it is taken. The judgement then starts again
/// on the board without the killed chains, and they are dead.
///
/// The status playouts answer by patterns in a position whose playout
/// verdicts leave it unfinished ([`UNFINISHED_NEUTRAL_SHARE`]).
#[must_use]
pub fn judge(board: &Board, rules: &Rules) -> Judgement {
    judge_rounds(board, rules, REJUDGE_ROUNDS, None, None)
}

/// [`judge`] with `first` to move: what each chain becomes once both sides
/// play their best, `first` moving first (a chain that dies or lives by
/// who starts goes the way `first` wants). Every status playout starts
/// with `first`, and each local problem is read with `first` moving first
/// for chains of both colours. The end-of-game judgement ([`judge`]) has
/// no side to move: its playouts alternate the first player and its
/// readings let the attacker start (art. 7-1).
#[must_use]
pub fn judge_to_move(board: &Board, rules: &Rules, first: Color) -> Judgement {
    judge_rounds(board, rules, REJUDGE_ROUNDS, None, Some(first))
}

/// Sets every chain of `board` not judged yet in `status` dead when its
/// mean ownership in its own favour is below [`DEAD_BELOW`], else alive.
fn playout_verdicts(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) {
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        if status[p.index()].is_some() || board.chain_head(p) != p {
            continue;
        }
        let stones: Vec<Point> = board.chain_stones(p).collect();
        let sign = color.fold(1.0, -1.0);
        let mean = stones
            .iter()
            .map(|s| sign * ownership[s.index()])
            .sum::<f64>()
            / stones.len() as f64;
        let verdict = if mean < DEAD_BELOW {
            StoneStatus::Dead
        } else {
            StoneStatus::Alive
        };
        for s in stones {
            status[s.index()] = Some((verdict, Method::Playouts));
        }
    }
}

/// The points of `board` in regions of empty points and stones that are
/// not live by `status` that touch live stones of both colours: no one's.
fn neutral_points(board: &Board, status: &[Option<(StoneStatus, Method)>]) -> usize {
    neutral_points_where(board, |p| {
        status[p.index()].is_some_and(|(s, _)| s.is_live())
    })
}

/// The points of `board` in regions of empty points and stones that are
/// not live by `is_live` that touch live stones of both colours.
fn neutral_points_where(board: &Board, is_live: impl Fn(Point) -> bool) -> usize {
    board
        .regions(|p| !is_live(p))
        .iter()
        .filter(|r| r.touches(board, Color::Black) && r.touches(board, Color::White))
        .map(|r| r.points.len())
        .sum()
}

/// [`judge`], starting again at most `rounds` times; the status playouts
/// choose their free moves as `moves` says, or when `None` as the
/// position needs: [`StatusMoves::Patterns`] when the verdicts of
/// uniformly random ones leave it unfinished.
fn judge_rounds(
    board: &Board,
    rules: &Rules,
    rounds: usize,
    moves: Option<StatusMoves>,
    to_move: Option<Color>,
) -> Judgement {
    let mut status = vec![None; ARRAY_LEN];
    if rules.all_stones_alive {
        for (p, _) in board.stones() {
            status[p.index()] = Some((StoneStatus::Alive, Method::Rules));
        }
        return Judgement {
            status,
            ownership: ownership(board, 0, StatusMoves::Random, None),
        };
    }
    for color in Color::ALL {
        let proof = pass_alive(board, color);
        for &h in &proof.chains {
            for s in board.chain_stones(h) {
                status[s.index()] = Some((StoneStatus::Alive, Method::Benson));
            }
        }
        for &p in &proof.territory {
            if board.color_at(p) == Some(color.other()) {
                status[p.index()] = Some((StoneStatus::Dead, Method::Benson));
            }
        }
    }
    let benson = status.clone();
    let mut chosen = moves.unwrap_or(StatusMoves::Random);
    let mut ownership = ownership(board, STATUS_PLAYOUTS, chosen, to_move);
    playout_verdicts(board, &ownership, &mut status);
    if moves.is_none() {
        let neutral = neutral_points(board, &status);
        let area = board.size() * board.size();
        if neutral as f64 >= UNFINISHED_NEUTRAL_SHARE * area as f64 {
            log::debug!("judgement: {neutral} of {area} points neutral, pattern playouts");
            chosen = StatusMoves::Patterns;
            ownership = self::ownership(board, STATUS_PLAYOUTS, chosen, to_move);
            status = benson;
            playout_verdicts(board, &ownership, &mut status);
        }
    }
    confirm_locally(board, rules, &ownership, to_move, &mut status);
    revive_surrounded_by_dead(board, &mut status);
    revive_the_stronger_of_dead_neighbours(board, &ownership, &mut status);
    let killed = mark_seki(board, &ownership, &mut status);
    if rounds > 0 && !killed.is_empty() {
        let rest: Vec<(Point, Color)> = board
            .stones()
            .into_iter()
            .filter(|(p, _)| !killed.contains(p))
            .collect();
        if let Ok(without) = Board::from_stones(board.size(), &rest, [0, 0]) {
            log::debug!(
                "judgement: {} stones killed by reading a seki, judging the rest again",
                killed.len()
            );
            let again = judge_rounds(&without, rules, rounds - 1, Some(chosen), to_move);
            for (p, _) in board.stones() {
                status[p.index()] = if killed.contains(&p) {
                    Some((StoneStatus::Dead, Method::Confirmation))
                } else {
                    again.status[p.index()]
                };
            }
            return Judgement {
                status,
                ownership: again.ownership,
            };
        }
    }
    mark_unsettled_semeai(board, &ownership, &mut status);
    Judgement { status, ownership }
}

/// Replaces the playout verdicts by the verdicts of an exact local search
/// in every local problem small enough to search (see [`super::confirm`]).
/// Under the Japanese rules this is the art. 7 confirmation. Rules that
/// settle life by play use the same search only where the verdict is the
/// same whether the attacker or the defender has every ko threat: then no
/// ko decides it and the reading is what play would show; otherwise the
/// playouts judge.
fn confirm_locally(
    board: &Board,
    rules: &Rules,
    ownership: &[f64],
    to_move: Option<Color>,
    status: &mut [Option<(StoneStatus, Method)>],
) {
    let benson: Vec<bool> = status
        .iter()
        .map(|s| matches!(s, Some((_, Method::Benson))))
        .collect();
    let problems = find_problems(board, &|h: Point| benson[h.index()]);
    // A wall is taken as uncapturable; that must be what the playouts say
    // too, or the problem is not local after all.
    let mut solid = vec![false; ARRAY_LEN];
    for p in board.points() {
        solid[p.index()] = is_solid_wall(board, ownership, status, p);
    }
    let mut spent: u64 = 0;
    for problem in problems {
        if spent >= JUDGEMENT_NODE_BUDGET {
            log::debug!("local search: node budget of the judgement spent, playouts decide");
            break;
        }
        if !problem.walls.iter().all(|&w| solid[w.index()]) {
            log::debug!(
                "local search: a {}-point problem has a weak wall, playouts decide",
                problem.points.len()
            );
            continue;
        }
        if !problem.is_searchable(board) {
            log::debug!(
                "confirmation: problem of {} points too large, playouts decide",
                problem.points.len()
            );
            continue;
        }
        let mut judge = |ko: KoMode, first: FirstMove| {
            let left = JUDGEMENT_NODE_BUDGET.saturating_sub(spent);
            let judged = problem.judge_within(board, ko, first, left);
            spent += judged.as_ref().map_or(NODE_BUDGET.min(left), |j| j.nodes);
            judged
        };
        let judged = match to_move {
            None => read_at_game_end(rules, &mut judge),
            // Chains of the side to move are read with their owner (the
            // defender) first, the others with their attacker first.
            Some(first) => read_to_move(rules, &mut judge, FirstMove::Defender).and_then(|own| {
                let theirs = read_to_move(rules, &mut judge, FirstMove::Attacker)?;
                Ok(own.zip(theirs).map(|(mut own, theirs)| {
                    for (verdict, other) in own.verdicts.iter_mut().zip(theirs.verdicts) {
                        if board.color_at(verdict.0) != Some(first) {
                            *verdict = other;
                        }
                    }
                    own.nodes += theirs.nodes;
                    own
                }))
            }),
        };
        match judged {
            Ok(None) => log::debug!(
                "local search: a ko decides a {}-point problem, playouts decide under {}",
                problem.points.len(),
                rules.name
            ),
            Ok(Some(judged)) => {
                log::debug!(
                    "local search: {} chains decided in {} nodes",
                    judged.verdicts.len(),
                    judged.nodes
                );
                for (h, verdict) in judged.verdicts {
                    let st = match verdict {
                        Verdict::Alive => StoneStatus::Alive,
                        Verdict::Dead => StoneStatus::Dead,
                    };
                    for s in board.chain_stones(h) {
                        status[s.index()] = Some((st, Method::Confirmation));
                    }
                }
            }
            Err(OutOfBudget) => log::debug!(
                "confirmation: search of a {}-point problem out of budget, playouts decide",
                problem.points.len()
            ),
        }
    }
}

/// Reads one local problem as the game's end does: under the art. 7
/// confirmation with the attacker first; under rules that settle life by
/// play, only where the verdict is the same whether the attacker or the
/// defender has every ko threat, or where the ko threats run out and who
/// starts does not matter (`None`: a ko decides, the playouts judge).
fn read_at_game_end(
    rules: &Rules,
    judge: &mut impl FnMut(KoMode, FirstMove) -> Result<Judged, OutOfBudget>,
) -> Result<Option<Judged>, OutOfBudget> {
    if rules.confirmation {
        return judge(KoMode::Confirmation, FirstMove::Attacker).map(Some);
    }
    // Settled whichever side has the ko threats? With no ko read, the
    // threats never mattered; with every threat the defender's, a death
    // stands whoever has them.
    let defender = judge(KoMode::DefenderThreats, FirstMove::Attacker)?;
    let all_dead = defender.verdicts.iter().all(|&(_, v)| v == Verdict::Dead);
    if !defender.ko || all_dead {
        return Ok(Some(defender));
    }
    let attacker = judge(KoMode::AttackerThreats, FirstMove::Attacker)?;
    if defender.verdicts == attacker.verdicts {
        return Ok(Some(defender));
    }
    // Play goes on until the ko threats are used up (劫尽棋亡); then the
    // threat-less reading decides, if it does not matter who starts (bent
    // four: the defender has no useful first move).
    let judged = judge(KoMode::Confirmation, FirstMove::Attacker)?;
    let reply = judge(KoMode::Confirmation, FirstMove::Defender)?;
    Ok((reply.verdicts == judged.verdicts).then_some(judged))
}

/// Reads one local problem with `first` moving first: under the art. 7
/// confirmation as the rules say; otherwise only where the verdict is the
/// same whichever side has every ko threat (`None`: a ko decides).
fn read_to_move(
    rules: &Rules,
    judge: &mut impl FnMut(KoMode, FirstMove) -> Result<Judged, OutOfBudget>,
    first: FirstMove,
) -> Result<Option<Judged>, OutOfBudget> {
    if rules.confirmation {
        return judge(KoMode::Confirmation, first).map(Some);
    }
    let defender = judge(KoMode::DefenderThreats, first)?;
    if !defender.ko {
        return Ok(Some(defender));
    }
    let attacker = judge(KoMode::AttackerThreats, first)?;
    Ok((defender.verdicts == attacker.verdicts).then_some(defender))
}

/// Under rules that confirm life by art. 7: a move for `color` that makes
/// every chain of its own that the confirmation judged dead in some local
/// problem alive again, if one move can (teire: connecting an open direct
/// ko, taking a ko whose loser may not retake at once, a protective move in
/// one's own shape). The engine plays it rather than pass.
#[must_use]
pub fn protective_move(board: &Board, color: Color, judgement: &Judgement) -> Option<Point> {
    let proven = |b: &Board| {
        let mut heads = vec![false; ARRAY_LEN];
        for c in Color::ALL {
            for h in pass_alive(b, c).chains {
                heads[h.index()] = true;
            }
        }
        heads
    };
    let benson = proven(board);
    for problem in find_problems(board, &|h: Point| benson[h.index()]) {
        let dead: Vec<Point> = problem
            .chains
            .iter()
            .filter(|&&h| {
                board.color_at(h) == Some(color)
                    && judgement.status(h) == Some(StoneStatus::Dead)
                    && judgement.method(h) == Some(Method::Confirmation)
            })
            .flat_map(|&h| board.chain_stones(h))
            .collect();
        if dead.is_empty() || !problem.is_searchable(board) {
            continue;
        }
        for &p in &problem.points {
            if board.color_at(p).is_some() || !board.is_legal(color, p) || board.is_eye(color, p) {
                continue;
            }
            let mut after = board.clone();
            after.play_unchecked(color, p);
            if dead.iter().any(|&s| after.color_at(s) != Some(color)) {
                continue;
            }
            let benson_after = proven(&after);
            let problems_after = find_problems(&after, &|h: Point| benson_after[h.index()]);
            let saved = dead.iter().all(|&s| {
                let h = after.chain_head(s);
                match problems_after.iter().find(|q| q.chains.contains(&h)) {
                    // Joined a wall: out of any local problem.
                    None => true,
                    Some(q) => {
                        q.is_searchable(&after)
                            && q.judge(&after, KoMode::Confirmation).is_ok_and(|j| {
                                j.verdicts
                                    .iter()
                                    .any(|&(c, v)| c == h && v == Verdict::Alive)
                            })
                    }
                }
            });
            if saved {
                return Some(p);
            }
        }
    }
    None
}

/// Whether the chain at `h` may stand as an uncapturable wall around a
/// local reading: Benson proved it, or it is alive with a mean ownership
/// in its favour of at least [`SOLID_WALL`].
fn is_solid_wall(
    board: &Board,
    ownership: &[f64],
    status: &[Option<(StoneStatus, Method)>],
    h: Point,
) -> bool {
    match status[h.index()] {
        Some((_, Method::Benson)) => true,
        Some((StoneStatus::Alive, _)) => chain_ownership(board, ownership, h) >= SOLID_WALL,
        _ => false,
    }
}

/// Mean ownership of the chain at `h` in its own favour (−1 to +1).
fn chain_ownership(board: &Board, ownership: &[f64], h: Point) -> f64 {
    let Some(color) = board.color_at(h) else {
        return 0.0;
    };
    let sign = color.fold(1.0, -1.0);
    let stones: Vec<Point> = board.chain_stones(h).collect();
    stones
        .iter()
        .map(|s| sign * ownership[s.index()])
        .sum::<f64>()
        / stones.len() as f64
}

/// Of two neighbouring chains of opposite colours in a capturing race
/// (sharing a liberty) that the status playouts both judge dead, the one
/// with the higher mean ownership in its own favour is alive: one takes
/// the other, so they are not both dead. In an unsettled fight left on
/// the board, playouts that capture either side about half of the time
/// judge both dead. Neighbours that share no liberty may each die to its
/// own killer (a ko stone next to a stone that a teire captures): they
/// are left as they are.
fn revive_the_stronger_of_dead_neighbours(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) {
    let dead_by_playouts =
        |p: Point| status[p.index()] == Some((StoneStatus::Dead, Method::Playouts));
    let mut revived: Vec<Point> = Vec::new();
    for h in board.points() {
        let Some(color) = board.color_at(h) else {
            continue;
        };
        if board.chain_head(h) != h || !dead_by_playouts(h) {
            continue;
        }
        let own = chain_ownership(board, ownership, h);
        let liberties = board.liberties(h);
        let in_race_with = |n: Point| board.liberties(n).iter().any(|l| liberties.contains(l));
        let weaker_dead_neighbour = board
            .chain_stones(h)
            .flat_map(|s| s.neighbours())
            .filter(|&n| board.color_at(n) == Some(color.other()) && dead_by_playouts(n))
            .any(|n| {
                in_race_with(n) && chain_ownership(board, ownership, board.chain_head(n)) < own
            });
        if weaker_dead_neighbour {
            revived.push(h);
        }
    }
    for h in revived {
        for s in board.chain_stones(h) {
            status[s.index()] = Some((StoneStatus::Alive, Method::Playouts));
        }
    }
}

/// A dead chain whose neighbouring enemy chains are all dead is alive: once
/// they are removed it stands in its owner's own area (a stone left inside
/// a dead group, often in atari, that playouts see captured too often).
fn revive_surrounded_by_dead(board: &Board, status: &mut [Option<(StoneStatus, Method)>]) {
    let is_dead = |status: &[Option<(StoneStatus, Method)>], p: Point| {
        matches!(status[p.index()], Some((StoneStatus::Dead, _)))
    };
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        if board.chain_head(p) != p
            || !is_dead(status, p)
            || status[p.index()].is_some_and(|(_, m)| m != Method::Playouts)
        {
            continue;
        }
        let enemies: Vec<Point> = board
            .chain_stones(p)
            .flat_map(|s| s.neighbours())
            .filter(|&n| board.color_at(n) == Some(color.other()))
            .collect();
        if !enemies.is_empty() && enemies.iter().all(|&e| is_dead(status, e)) {
            for s in board.chain_stones(p) {
                status[s.index()] = Some((StoneStatus::Alive, Method::Playouts));
            }
        }
    }
}

/// A chain the playouts judge dead, but with at least this mean ownership
/// in its favour, survives in about half of them: who moves first decides
/// (see [`mark_unsettled_semeai`]).
pub const UNSETTLED_ABOVE: f64 = 0.0;

/// A capturing race left open, that the side behind turns into seki with
/// one move, is seki: players who stop there count it so. A chain D the
/// playouts judge dead, though it survives in about half of them, with
/// two liberties or more, every one shared with a single live enemy chain
/// E whose only other liberty is a point D's owner can fill safely: once
/// D's owner fills it, both have only shared liberties and neither can
/// fill one without leaving itself in atari. (The status playouts in
/// which E's owner fills a shared liberty first often capture D, whether
/// or not that wins against correct play.) D and E are seki.
fn mark_unsettled_semeai(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) {
    let mut pairs: Vec<(Point, Point)> = Vec::new();
    for d in board.points() {
        let Some(color) = board.color_at(d) else {
            continue;
        };
        if board.chain_head(d) != d
            || status[d.index()] != Some((StoneStatus::Dead, Method::Playouts))
            || chain_ownership(board, ownership, d) < UNSETTLED_ABOVE
        {
            continue;
        }
        let shared = board.liberties(d);
        if shared.len() < 2 {
            continue;
        }
        let first = shared[0];
        // The enemy chain next to the first liberty that touches them all.
        let touches_all = |e: Point| {
            shared.iter().all(|l| {
                l.neighbours()
                    .iter()
                    .any(|&n| board.color_at(n) == Some(color.other()) && board.chain_head(n) == e)
            })
        };
        let Some(e) = first
            .neighbours()
            .into_iter()
            .filter(|&n| board.color_at(n) == Some(color.other()))
            .map(|n| board.chain_head(n))
            .find(|&e| touches_all(e))
        else {
            continue;
        };
        if !matches!(status[e.index()], Some((StoneStatus::Alive, m)) if m != Method::Benson) {
            continue;
        }
        let outside: Vec<Point> = board
            .liberties(e)
            .into_iter()
            .filter(|l| !shared.contains(l))
            .collect();
        let [o] = outside[..] else { continue };
        if !board.is_legal(color, o)
            || board.is_capture(color, o)
            || !board.has_two_liberties_after(color, o)
        {
            continue;
        }
        let mut after = board.clone();
        after.play_unchecked(color, o);
        let mut e_libs = after.liberties(e);
        let mut d_libs = after.liberties(d);
        e_libs.sort_unstable();
        d_libs.sort_unstable();
        // Neither side can then fill a shared liberty without leaving
        // itself in atari (a shared liberty that joins another chain is
        // not one).
        let stuck = |who: Color| {
            !shared
                .iter()
                .any(|&x| after.has_two_liberties_after(who, x))
        };
        if e_libs == d_libs && stuck(color) && stuck(color.other()) {
            log::debug!(
                "unsettled capturing race: {d} and {e} are seki (ownership {:.2} {:.2})",
                chain_ownership(board, ownership, d),
                chain_ownership(board, ownership, e)
            );
            pairs.push((d, e));
        }
    }
    for (d, e) in pairs {
        for h in [d, e] {
            for s in board.chain_stones(h) {
                status[s.index()] = Some((StoneStatus::Seki, Method::SekiTest));
            }
        }
    }
}

/// Mean area ownership of each point over `playouts` status playouts
/// choosing their free moves as `moves` says (alternating the first
/// player); with no playouts, the area owner of the position itself.
fn ownership(board: &Board, playouts: u32, moves: StatusMoves, to_move: Option<Color>) -> Vec<f64> {
    let mut total = vec![0.0; ARRAY_LEN];
    let owner_value = |b: &Board, p: Point| match b.area_owner(p) {
        Some(Color::Black) => 1.0,
        Some(Color::White) => -1.0,
        None => 0.0,
    };
    if playouts == 0 {
        for p in board.points() {
            total[p.index()] = owner_value(board, p);
        }
        return total;
    }
    let mut rng = SmallRng::seed_from_u64(STATUS_SEED ^ board.hash());
    let mut scratch = board.clone();
    for i in 0..playouts {
        scratch.copy_from(board);
        let first = to_move.unwrap_or(if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        });
        status_playout(&mut scratch, first, moves, &mut rng);
        for p in board.points() {
            total[p.index()] += owner_value(&scratch, p);
        }
    }
    for v in &mut total {
        *v /= f64::from(playouts);
    }
    total
}

/// The largest eye (empty region enclosed by one colour) through which seki
/// spreads from chain to chain.
pub const SEKI_EYE_MAX: usize = 3;

/// Chains sharing a small eye with a seki chain are part of the same seki
/// (goscorer's "macrochains"): their common eye is a seki eye, not
/// territory. Repeats until nothing changes.
fn spread_seki_through_eyes(cleared: &Board, seki_heads: &mut Vec<Point>) {
    let eyes: Vec<Vec<Point>> = cleared
        .regions(|p| cleared.color_at(p).is_none())
        .into_iter()
        .filter(|r| {
            let colors = |c: Color| r.border.iter().any(|&b| cleared.color_at(b) == Some(c));
            r.points.len() <= SEKI_EYE_MAX && colors(Color::Black) != colors(Color::White)
        })
        .map(|r| {
            let mut heads: Vec<Point> = r.border.iter().map(|&b| cleared.chain_head(b)).collect();
            heads.sort_unstable();
            heads.dedup();
            heads
        })
        .collect();
    loop {
        let before = seki_heads.len();
        for borders in &eyes {
            if borders.iter().any(|h| seki_heads.contains(h)) {
                for &h in borders {
                    if !seki_heads.contains(&h) {
                        seki_heads.push(h);
                    }
                }
            }
        }
        if seki_heads.len() == before {
            break;
        }
    }
}

/// Whether `color` can fill the shared point `p` without changing any
/// status: legal, capturing nothing, and not leaving the filling chain in
/// atari. Art. 8 makes live stones next to a dame seki stones; a dame that
/// can be filled safely is taken as filled by agreement (the 1989
/// overview, 死活例24), any other is a seki liberty (取らず三目: filling
/// would capture, so the stones on both sides are seki).
fn is_safe_fill(board: &Board, color: Color, p: Point) -> bool {
    if !board.is_legal(color, p) || board.is_big_self_atari(color, p) {
        return false;
    }
    !board.is_capture(color, p)
}

/// For each empty point of `board`, the colours of the stones bordering its
/// empty region (bit `Color::index` set for each), or 0 when the region
/// has fewer than `min_size` points; 0 for stones.
pub(super) fn empty_region_borders(board: &Board, min_size: usize) -> Vec<u8> {
    let mut borders = vec![0u8; ARRAY_LEN];
    for region in board.regions(|p| board.color_at(p).is_none()) {
        if region.points.len() < min_size {
            continue;
        }
        let mut bits = 0u8;
        for &b in &region.border {
            if let Some(c) = board.color_at(b) {
                bits |= 1 << c.index();
            }
        }
        for &p in &region.points {
            borders[p.index()] = bits;
        }
    }
    borders
}

/// Whether `color` can fill the shared point `p` safely once it has played
/// one connecting move first: a liberty of its own chain next to `p` in a
/// region of two or more empty points that touches only `color` (its
/// territory, not an eye: filling an eye gives a seki away), joining that
/// chain to more liberties. A chain short of liberties only because it is
/// not yet connected to its wall is not in seki: its owner connects and
/// then fills. The connecting move may also fill a one-point eye that
/// joins two of its chains, when the joined chain keeps two eyes (two
/// empty regions touching only `color`) after the fill: a chain living on
/// a dame and an eye it shares with a living neighbour is not in seki.
/// `region_borders` is [`empty_region_borders`] of `board` with regions
/// of two points or more.
fn is_safe_after_connecting(board: &Board, region_borders: &[u8], color: Color, p: Point) -> bool {
    for n in p.neighbours() {
        if board.color_at(n) != Some(color) {
            continue;
        }
        for q in board.liberties(n) {
            // Not a region of two or more points of its own colour: then
            // only a one-point eye joining two of its chains will do.
            let joins_chains = region_borders[q.index()] != 1 << color.index();
            if q == p
                || (joins_chains && !is_joining_point(board, color, q))
                || !board.is_legal(color, q)
                || board.is_big_self_atari(color, q)
            {
                continue;
            }
            let mut after = board.clone();
            after.play_unchecked(color, q);
            if !is_safe_fill(&after, color, p) {
                continue;
            }
            // Filling a one-point eye to join chains must leave the
            // joined chain two eyes of its own after the fill: two empty
            // regions that touch only its colour.
            if joins_chains {
                after.play_unchecked(color, p);
                if own_regions_touching(&after, color, q) < 2 {
                    continue;
                }
            }
            log::debug!("seki test: {color} fills {p} after connecting at {q}");
            return true;
        }
    }
    false
}

/// Whether `q` is a one-point eye of `color` shared by two or more of its
/// chains, so that filling it joins them.
fn is_joining_point(board: &Board, color: Color, q: Point) -> bool {
    let mut heads: Vec<Point> = Vec::new();
    for n in q.neighbours() {
        if !board.is_on_board(n) {
            continue;
        }
        if board.color_at(n) != Some(color) {
            return false;
        }
        let h = board.chain_head(n);
        if !heads.contains(&h) {
            heads.push(h);
        }
    }
    heads.len() >= 2
}

/// How many empty regions touching only `color` border the chain at `h`.
fn own_regions_touching(board: &Board, color: Color, h: Point) -> usize {
    let libs = board.liberties(h);
    board
        .regions(|p| board.color_at(p).is_none())
        .into_iter()
        .filter(|r| {
            r.border.iter().all(|&b| board.color_at(b) == Some(color))
                && r.points.iter().any(|p| libs.contains(p))
        })
        .count()
}

/// The largest region of dead stones and empty points between live stones
/// of both colours that makes them seki (see [`mark_seki`]).
pub const SEKI_DEAD_REGION_MAX: usize = 4;

/// Search nodes the reading of one seki candidate may spend (see
/// [`read_seki`]).
pub const SEKI_READING_NODES: u64 = 50_000;

/// Chains of `heads` grouped by shared liberties on `cleared`.
fn seki_clusters(cleared: &Board, heads: &[Point]) -> Vec<Vec<Point>> {
    // (chains, their liberties) of each cluster found so far.
    let mut clusters: Vec<(Vec<Point>, Vec<Point>)> = Vec::new();
    for &h in heads {
        let mut cluster = (vec![h], cleared.liberties(h));
        let (touching, apart): (Vec<_>, Vec<_>) = clusters
            .into_iter()
            .partition(|(_, libs)| libs.iter().any(|l| cluster.1.contains(l)));
        for (chains, libs) in touching {
            cluster.0.extend(chains);
            cluster.1.extend(libs);
        }
        clusters = apart;
        clusters.push(cluster);
    }
    clusters.into_iter().map(|(chains, _)| chains).collect()
}

/// Reads a seki candidate: the chains of `cluster` (on `cleared`, the
/// board of live stones), their stones and liberties as the local area,
/// every chain around it taken as uncapturable. Returns the one chain
/// that dies when its opponent moves first, even with every ko threat its
/// owner's, when the rest of the area lies inside it; nothing when no
/// chain or more than one dies, the rest is not enclosed by it, the walls
/// are not solid, the area is too large or the reading ran out of nodes:
/// then the shared liberties stand as seki.
/// A seki candidate whose chains can be killed is a dead shape with the
/// killer's stones inside, such as a bent three holding one enemy stone,
/// which the status playouts (never putting two stones into atari) and
/// the unfillable-liberty test both take for seki.
fn read_seki(cleared: &Board, cluster: &[Point], solid: &dyn Fn(Point) -> bool) -> Option<Point> {
    let mut points: Vec<Point> = Vec::new();
    for &h in cluster {
        points.extend(cleared.chain_stones(h));
        points.extend(cleared.liberties(h));
    }
    points.sort_unstable();
    points.dedup();
    let mut walls: Vec<Point> = Vec::new();
    for &p in &points {
        for n in p.neighbours() {
            if cleared.color_at(n).is_some() {
                let h = cleared.chain_head(n);
                if !cluster.contains(&h) && !walls.contains(&h) {
                    walls.push(h);
                }
            }
        }
    }
    if walls.is_empty() || !walls.iter().all(|&w| solid(w)) {
        log::debug!(
            "seki reading: {} chains, a wall is not solid",
            cluster.len()
        );
        return None;
    }
    let problem = Problem {
        points,
        chains: cluster.to_vec(),
        walls,
    };
    if !problem.is_searchable(cleared) {
        log::debug!("seki reading: {} points, too large", problem.points.len());
        return None;
    }
    let judged = problem
        .judge_within(
            cleared,
            KoMode::DefenderThreats,
            FirstMove::Attacker,
            SEKI_READING_NODES,
        )
        .ok()?;
    log::debug!("seki reading: {:?}", judged.verdicts);
    let dead: Vec<Point> = judged
        .verdicts
        .iter()
        .filter(|&&(_, v)| v == Verdict::Dead)
        .map(|&(h, _)| h)
        .collect();
    // Only an eye space with the killer's stones inside: one chain dies,
    // and everything else of the area (the other chains and the empty
    // points) lies within it, touching nothing but it.
    let [killed] = dead[..] else { return None };
    let inside: Vec<Point> = problem
        .points
        .iter()
        .copied()
        .filter(|&p| cleared.color_at(p).is_none() || cleared.chain_head(p) != killed)
        .collect();
    let enclosed = inside.iter().all(|&p| {
        p.neighbours().iter().all(|&n| {
            !cleared.is_on_board(n)
                || inside.contains(&n)
                || cleared.color_at(n).is_some() && cleared.chain_head(n) == killed
        })
    });
    enclosed.then_some(killed)
}

/// Heads of the chains in eye-against-eye seki on `cleared` (see
/// [`mark_seki`]): a chain and an enemy chain whose liberties are, for
/// each, exactly one one-point eye that only it surrounds, and liberties
/// they share, at least one, that touch no other chain.
fn seki_eye_pairs(cleared: &Board) -> Vec<Point> {
    let only_chain = |h: Point, p: Point| {
        p.neighbours().iter().all(|&n| {
            !cleared.is_on_board(n) || cleared.color_at(n).is_some() && cleared.chain_head(n) == h
        })
    };
    // (head, other liberties) of every chain with one one-point eye.
    let mut candidates: Vec<(Point, Vec<Point>)> = Vec::new();
    for p in cleared.points() {
        if cleared.color_at(p).is_none() || cleared.chain_head(p) != p {
            continue;
        }
        let (eyes, mut others): (Vec<Point>, Vec<Point>) = cleared
            .liberties(p)
            .into_iter()
            .partition(|&l| only_chain(p, l));
        if eyes.len() == 1 && !others.is_empty() {
            others.sort_unstable();
            candidates.push((p, others));
        }
    }
    let mut heads = Vec::new();
    for (i, (a, a_libs)) in candidates.iter().enumerate() {
        for (b, b_libs) in &candidates[i + 1..] {
            let pair_only = a_libs.iter().all(|&l| {
                l.neighbours().iter().all(|&n| {
                    cleared.color_at(n).is_none_or(|_| {
                        let h = cleared.chain_head(n);
                        h == *a || h == *b
                    })
                })
            });
            if cleared.color_at(*a) != cleared.color_at(*b) && a_libs == b_libs && pair_only {
                log::debug!("eye against eye: {a} and {b} are seki");
                heads.push(*a);
                heads.push(*b);
            }
        }
    }
    heads
}

/// Marks live chains that touch a seki liberty as seki (see module docs),
/// unless reading the candidate shows one of its chains dies
/// ([`read_seki`]): then that chain is dead and the others stay alive.
/// Returns the stones of the chains reading killed.
fn mark_seki(
    board: &Board,
    ownership: &[f64],
    status: &mut [Option<(StoneStatus, Method)>],
) -> Vec<Point> {
    let mut live: Vec<(Point, Color)> = board
        .stones()
        .into_iter()
        .filter(|&(p, _)| matches!(status[p.index()], Some((StoneStatus::Alive, _))))
        .collect();
    // A dead chain in atari next to live enemy stones is taken by a stone
    // on its last liberty, not just lifted: an eye it stands in is then
    // the one point the capture leaves, not two.
    for (p, color) in board.stones() {
        if board.chain_head(p) != p
            || !matches!(status[p.index()], Some((StoneStatus::Dead, _)))
            || !board.in_atari(p)
        {
            continue;
        }
        let taker = color.other();
        let last = board.atari_liberty(p);
        let next_to_live = last.neighbours().iter().any(|&n| {
            board.color_at(n) == Some(taker)
                && matches!(status[n.index()], Some((StoneStatus::Alive, _)))
        });
        if next_to_live && board.is_legal(taker, last) && !live.iter().any(|&(q, _)| q == last) {
            live.push((last, taker));
        }
    }
    let Ok(cleared) = Board::from_stones(board.size(), &live, [0, 0]) else {
        return Vec::new();
    };
    let region_borders = empty_region_borders(&cleared, 2);
    let mut seki_heads: Vec<Point> = Vec::new();
    for p in cleared.points() {
        if cleared.color_at(p).is_some() {
            continue;
        }
        let touches = |c: Color| {
            p.neighbours()
                .iter()
                .any(|&n| cleared.color_at(n) == Some(c))
        };
        if !(touches(Color::Black) && touches(Color::White)) {
            continue;
        }
        let fillable = |c: Color| {
            is_safe_fill(&cleared, c, p)
                || is_safe_after_connecting(&cleared, &region_borders, c, p)
        };
        if fillable(Color::Black) || fillable(Color::White) {
            continue;
        }
        for n in p.neighbours() {
            if cleared.color_at(n).is_some() {
                let h = cleared.chain_head(n);
                if !seki_heads.contains(&h) {
                    seki_heads.push(h);
                }
            }
        }
    }
    // Eye against eye: two chains whose liberties are one one-point eye
    // each and liberties they share. Each shared liberty can be filled
    // but the last, and whoever fills that is taken through his eye.
    for h in seki_eye_pairs(&cleared) {
        if !seki_heads.contains(&h) {
            seki_heads.push(h);
        }
    }
    // Seki where the shared liberties cannot be filled, unless reading
    // kills one side.
    let solid = |h: Point| is_solid_wall(&cleared, ownership, status, h);
    let mut killed: Vec<Point> = Vec::new();
    for cluster in seki_clusters(&cleared, &seki_heads) {
        if let Some(dead) = read_seki(&cleared, &cluster, &solid) {
            seki_heads.retain(|h| !cluster.contains(h));
            killed.push(dead);
        }
    }
    // `cleared` holds the takers' stones too: statuses go to the stones
    // of `board` only, or a taker's point would leave the count.
    let on_board = |s: &Point| board.color_at(*s).is_some();
    // Every chain of `cleared` was alive until now.
    let mut killed_stones = Vec::new();
    for h in killed {
        for s in cleared.chain_stones(h).filter(on_board) {
            killed_stones.push(s);
            status[s.index()] = Some((StoneStatus::Dead, Method::Confirmation));
        }
    }
    // Art. 8 on the board itself: a small region of dead stones and empty
    // points bordered by live stones of both colours is dame that cannot
    // be filled (the dead stones are in nobody's territory, so they stay:
    // the ko stones of a double-ko seki, 死活例25); the live chains
    // around it are seki stones when one of them lives on such regions.
    let live = |p: Point| matches!(status[p.index()], Some((StoneStatus::Alive, _)));
    let small_dead_regions: Vec<_> = board
        .regions(|p| !live(p))
        .into_iter()
        .filter(|region| {
            region.points.len() <= SEKI_DEAD_REGION_MAX
                && region.points.iter().any(|&p| board.color_at(p).is_some())
                && region.touches(board, Color::Black)
                && region.touches(board, Color::White)
        })
        .collect();
    let mut in_small_dead_region = vec![false; ARRAY_LEN];
    for region in &small_dead_regions {
        for &p in &region.points {
            in_small_dead_region[p.index()] = true;
        }
    }
    // Only chains that live on such regions, on both sides: a chain with
    // two liberties elsewhere lets the dead stones be taken (a ko between
    // settled groups, say), and when no chain of one colour needs the
    // region, that colour takes the stones in it and fills the other's
    // liberties: it is not seki.
    let leans_on_them = |b: Point| {
        cleared
            .liberties(b)
            .iter()
            .filter(|l| !in_small_dead_region[l.index()])
            .count()
            <= 1
    };
    for region in &small_dead_regions {
        let leaning = |c: Color| {
            region
                .border
                .iter()
                .any(|&b| board.color_at(b) == Some(c) && leans_on_them(b))
        };
        if leaning(Color::Black) && leaning(Color::White) {
            for &b in &region.border {
                let h = cleared.chain_head(b);
                if !seki_heads.contains(&h) {
                    seki_heads.push(h);
                }
            }
        }
    }
    spread_seki_through_eyes(&cleared, &mut seki_heads);
    for h in seki_heads {
        for s in cleared.chain_stones(h).filter(on_board) {
            // Benson-alive chains cannot be in seki: they have two eyes and
            // a shared liberty next to them is fillable by their owner.
            match status[s.index()] {
                Some((StoneStatus::Alive, Method::Benson)) => {}
                // Alive by the local search, seki by art. 8.
                Some((_, Method::Confirmation)) => {
                    status[s.index()] = Some((StoneStatus::Seki, Method::Confirmation));
                }
                _ => status[s.index()] = Some((StoneStatus::Seki, Method::SekiTest)),
            }
        }
    }
    killed_stones
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::playout::tests::STRAIGHT_THREE_NAKADE;
    use crate::rules::confirm::tests::SEKI_WITHOUT_EYES;

    fn at(board: &Board, vertex: &str) -> Point {
        let col = "ABCDEFGHJ".find(&vertex[..1]).expect("column");
        let row: usize = vertex[1..].parse().expect("row");
        board.chain_head(Point::new(col, row - 1).expect("on the board"))
    }

    /// White's group (A8 to E8, E9) holds Black's straight three A9 B9 C9,
    /// with a one-point corridor to Black's living wall (A7 to E7): White
    /// takes the three stones at D9 and Black's answer at B9, the vital
    /// point, leaves one eye. The local reading decides it (the status
    /// playouts' answer to the capture is tested in `board::playout` on the
    /// same diagram).
    #[test]
    fn a_group_whose_eye_space_is_a_nakade_is_dead() {
        let board = Board::from_diagram(STRAIGHT_THREE_NAKADE).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        let white = at(&board, "E9");
        assert_eq!(judgement.status(white), Some(StoneStatus::Dead));
        assert_eq!(judgement.status(at(&board, "A9")), Some(StoneStatus::Alive));
    }

    /// The open row 5 between White's wall and Black's is neutral: 9
    /// points. White's D2 inside Black's area, dead, leaves that area
    /// Black's; judged alive, it makes the 26 empty points around it touch
    /// both colours.
    #[test]
    fn neutral_points_are_the_regions_between_both_colours() {
        let board = Board::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O O O O
            . . . . . . . . .
            X X X X X X X X X
            . . . . . . . . .
            . . . O . . . . .
            . . . . . . . . .
            ",
        )
        .expect("diagram");
        let d2 = at(&board, "D2");
        let judged = |d2_status| {
            let mut status = vec![None; ARRAY_LEN];
            for (p, _) in board.stones() {
                let verdict = if p == d2 {
                    d2_status
                } else {
                    StoneStatus::Alive
                };
                status[p.index()] = Some((verdict, Method::Playouts));
            }
            status
        };
        assert_eq!(neutral_points(&board, &judged(StoneStatus::Dead)), 9);
        assert_eq!(neutral_points(&board, &judged(StoneStatus::Alive)), 9 + 26);
    }

    /// The open row between the two walls makes the position unfinished:
    /// its judgement comes from pattern playouts. With the row closed by
    /// White's stones it is finished: uniformly random ones.
    #[test]
    fn an_unfinished_position_is_judged_from_pattern_playouts() {
        let walls = |row5: &str| {
            let rows = [
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                "O O O O O O O O O",
                row5,
                "X X X X X X X X X",
                ". . . . . . . . .",
                ". . . O . . . . .",
                ". . . . . . . . .",
            ];
            Board::from_diagram(&rows.join("\n")).expect("diagram")
        };
        let rules = Rules::japanese();
        let open = walls(". . . . . . . . .");
        let judged = judge(&open, &rules).ownership;
        assert_eq!(
            judged,
            ownership(&open, STATUS_PLAYOUTS, StatusMoves::Patterns, None)
        );
        assert_ne!(
            judged,
            ownership(&open, STATUS_PLAYOUTS, StatusMoves::Random, None)
        );
        let closed = walls("O O O O O O O O O");
        assert_eq!(
            judge(&closed, &rules).ownership,
            ownership(&closed, STATUS_PLAYOUTS, StatusMoves::Random, None)
        );
    }

    /// Black's B8 and White's C8-C9, neighbours sharing the liberty B9,
    /// both judged dead by the playouts: Black's survives in more of them
    /// (mean ownership 0.1 in its favour against White's 0.05), so it
    /// lives and White's stays dead. Black's F5 and White's G5 share no
    /// liberty, so each may die to its own killer (a ko stone and the
    /// stone a teire captures): both stay dead. So does H8, alone.
    #[test]
    fn the_stronger_of_two_dead_chains_in_a_race_lives() {
        let board = Board::from_diagram(
            "
            . . O . . . . . .
            . X O . . . . X .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . X O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        )
        .expect("diagram");
        let vertices = ["B8", "C8", "F5", "G5", "H8"];
        let heads: Vec<Point> = vertices.iter().map(|v| at(&board, v)).collect();
        let mut ownership = vec![0.0; ARRAY_LEN];
        let mut status = vec![None; ARRAY_LEN];
        for (&h, own) in heads.iter().zip([0.1, -0.05, 0.1, -0.05, 0.0]) {
            for s in board.chain_stones(h) {
                ownership[s.index()] = own;
                status[s.index()] = Some((StoneStatus::Dead, Method::Playouts));
            }
        }
        revive_the_stronger_of_dead_neighbours(&board, &ownership, &mut status);
        for (vertex, h) in vertices.iter().zip(heads) {
            let expected = if *vertex == "B8" {
                StoneStatus::Alive
            } else {
                StoneStatus::Dead
            };
            assert_eq!(
                status[h.index()].map(|(st, _)| st),
                Some(expected),
                "{vertex}"
            );
        }
    }

    /// Two false seki, one inside the other's liberties. Black's A4-F1
    /// shares A3 and A1 with White's A2 B2 B3: White fills A3, giving
    /// four stones, and Black's eye space after taking them at A1 is a
    /// square four, dead. Once Black's A4-F1 is off the board White's
    /// B5-D6 has seven liberties, and Black's A7-F4, whose only liberties
    /// D7 and E6 it shared with B5-D6 in seki, dies too. Judged on the board as it
    /// stands, without taking A4-F1 off first, A7-F4 and B5-D6 are seki.
    #[test]
    fn a_chain_killed_by_reading_a_seki_frees_the_chains_around_it() {
        let board = Board::from_diagram(
            "
            O O O O O O O . O
            O O X X X X O O O
            X X X . X X O . O
            X O O O . X X O O
            O O X O X X O O .
            X X X X O X O O O
            . O X X O O O . O
            O O X O O O O O O
            . X X X X X O . O
            ",
        )
        .expect("diagram");
        for rules in [Rules::japanese(), Rules::chinese()] {
            let judgement = judge(&board, &rules);
            for vertex in ["A4", "A7"] {
                assert_eq!(
                    judgement.status(at(&board, vertex)),
                    Some(StoneStatus::Dead),
                    "{vertex} under {}",
                    rules.name
                );
            }
            for vertex in ["B5", "B2", "A9"] {
                assert_eq!(
                    judgement.status(at(&board, vertex)),
                    Some(StoneStatus::Alive),
                    "{vertex} under {}",
                    rules.name
                );
            }
        }
    }

    /// A bent three holding one White stone (H1), the shared points H2
    /// and J1: no stone can fill them without self-atari, so the
    /// unfillable-liberty test sees seki, but White kills. White H2 (or
    /// J1) gives two stones; Black takes them at J1 and is left with a
    /// two-point eye, which a throw-in destroys. Black is dead, H1 lives.
    #[test]
    fn reading_breaks_a_false_seki_inside_an_eye() {
        let board = Board::from_diagram(
            "
            . O . O . O . O .
            O O O O O O O O O
            . O . O . O . O .
            O O O O O O O O O
            . O . O . O . O .
            O O O O O O O O O
            . O . O . O X X X
            O O O O O O X . X
            . O . O O X X O .
            ",
        )
        .expect("diagram");
        let cluster = [at(&board, "G3"), at(&board, "H1")];
        assert_eq!(
            read_seki(&board, &cluster, &|_| true),
            Some(at(&board, "G3"))
        );
        // Walls that may fall leave the seki standing.
        assert_eq!(read_seki(&board, &cluster, &|_| false), None);
    }

    /// A dead stone next to a chain that needs the point beside it is not
    /// a seki when only one side needs it. White's F2 is in atari inside
    /// Black's wall; E1 has one liberty besides E2 (D1, in White's own
    /// territory). Black, two-eyed, takes F2 at E2 and White connects at
    /// D1: F2 is dead, E1 alive, nothing is seki. Only in a double-ko seki
    /// (死活例25) do both sides live on such a region.
    #[test]
    fn a_dead_stone_only_one_side_leans_on_is_not_seki() {
        let board = Board::from_diagram(
            "
            . O . O X . X . .
            O O O O X X X X X
            . O . O X . X . .
            O O O O X X X X X
            . . . O X . . . .
            . . . O X . . . .
            O O O O X X X X X
            . . . O . O X . .
            . . . . O X X . .
            ",
        )
        .expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        assert_eq!(judgement.status(at(&board, "F2")), Some(StoneStatus::Dead));
        for stone in ["E1", "D2", "E3", "G2"] {
            assert_eq!(
                judgement.status(at(&board, stone)),
                Some(StoneStatus::Alive),
                "{stone}"
            );
        }
    }

    /// A true seki without eyes ([`SEKI_WITHOUT_EYES`]): reading kills
    /// neither side.
    #[test]
    fn reading_keeps_a_true_seki() {
        let board = Board::from_diagram(SEKI_WITHOUT_EYES).expect("diagram");
        let cluster = [at(&board, "C9"), at(&board, "E9")];
        assert_eq!(read_seki(&board, &cluster, &|_| true), None);
    }

    /// A capturing race left open (see [`mark_unsettled_semeai`]): White's
    /// J5-J7 and Black's ten stones around them share H7 and H5; Black's
    /// only other liberty is F6, which White fills safely, and then
    /// neither can approach. When the status playouts call White dead
    /// but White survives about half of them, both chains are seki; when
    /// White dies in nearly all, nothing changes. On a board this small
    /// the exact reading decides instead, so the playouts' statuses are
    /// set by hand.
    #[test]
    fn an_open_capturing_race_is_seki() {
        let board = Board::from_diagram(
            "
            . O . O O O O O O
            O O O O O O X X X
            O O O O O O X . O
            O . O O O . X X O
            O O O O O O X . O
            O O O O O O X X X
            O . O O O O O O O
            O O O O O O O O O
            . O . O . O . O .
            ",
        )
        .expect("diagram");
        let (white, black) = (at(&board, "J6"), at(&board, "H8"));
        let judged = |white_ownership: f64| {
            let mut status = vec![None; ARRAY_LEN];
            let mut ownership = vec![-1.0; ARRAY_LEN];
            for (p, _) in board.stones() {
                status[p.index()] = Some((StoneStatus::Alive, Method::Benson));
            }
            for s in board.chain_stones(white) {
                status[s.index()] = Some((StoneStatus::Dead, Method::Playouts));
                ownership[s.index()] = -white_ownership;
            }
            for s in board.chain_stones(black) {
                status[s.index()] = Some((StoneStatus::Alive, Method::Playouts));
                ownership[s.index()] = 1.0;
            }
            mark_unsettled_semeai(&board, &ownership, &mut status);
            (
                status[white.index()].map(|s| s.0),
                status[black.index()].map(|s| s.0),
            )
        };
        assert_eq!(
            judged(0.1),
            (Some(StoneStatus::Seki), Some(StoneStatus::Seki))
        );
        // Dead in nearly every playout: Black wins whoever starts.
        assert_eq!(
            judged(-0.9),
            (Some(StoneStatus::Dead), Some(StoneStatus::Alive))
        );
    }

    /// Black's H4 is dead in White's eye H4-J4, in atari; White's group
    /// lives in seki with Black's (see the test below). Also read by the
    /// counting tests in `score.rs`.
    pub(in crate::rules) const DEAD_STONE_IN_A_SEKI_EYE: &str = "
        . X . X . X . X .
        X X X X X X X X X
        . X . X . X . X .
        X X X X X X X X X
        O O O O O O O O O
        O O O O O O O X .
        O O X X X X O O O
        O O X . X X X X O
        O O X X X X X . O
        ";

    /// Eye against eye with a shared liberty (H1), where White's eye holds
    /// a dead Black stone (H4, in atari). White takes it at J4 and is left
    /// with a one-point eye: then neither side can fill H1, and both
    /// groups are seki. With the dead stone only removed, White's eye
    /// looked like two points, White seemed free to fill H1, and the
    /// playouts' "both alive" stood.
    #[test]
    fn a_dead_stone_taken_in_an_eye_leaves_a_one_point_eye() {
        let board = Board::from_diagram(DEAD_STONE_IN_A_SEKI_EYE).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        assert_eq!(judgement.status(at(&board, "H4")), Some(StoneStatus::Dead));
        assert_eq!(judgement.status(at(&board, "E2")), Some(StoneStatus::Seki));
        assert_eq!(judgement.status(at(&board, "A5")), Some(StoneStatus::Seki));
    }

    /// White's B7-C7-B6 has two liberties: the dame A6 and the one-point
    /// eye C6 it shares with the white group below. White filling A6 at
    /// once puts itself in atari; joining at C6 first, it fills A6 with
    /// two eyes left (E5, G5), so A6 is no seki liberty. With G5 filled
    /// too, the joined group would keep one eye only and the join does not
    /// count.
    #[test]
    fn a_chain_joins_through_its_shared_eye_before_filling_the_dame() {
        let diagram = |g5: &str| {
            format!(
                "
                . X X X X X X X .
                X X X X X X X X X
                X O O X X X X X X
                . O . O O O O O O
                X X O O . O {g5} O O
                X X O O O O O O O
                X X X X X X X X X
                X X X X X X X X X
                . X X X X . X X .
                "
            )
        };
        let board = Board::from_diagram(&diagram(".")).expect("diagram");
        let borders = empty_region_borders(&board, 2);
        let a6 = Point::new(0, 5).expect("A6");
        assert!(!is_safe_fill(&board, Color::White, a6));
        assert!(is_safe_after_connecting(&board, &borders, Color::White, a6));
        let one_eye = Board::from_diagram(&diagram("O")).expect("diagram");
        let borders = empty_region_borders(&one_eye, 2);
        assert!(!is_safe_after_connecting(
            &one_eye,
            &borders,
            Color::White,
            a6
        ));
    }

    /// Eye against eye with two shared liberties, H1 and H2. Each side
    /// can fill one of them safely (two liberties left), so no point is
    /// unfillable on its own; but whoever fills the second is then taken
    /// through his eye (D2 for Black, J4 for White). Both are seki.
    #[test]
    fn eye_against_eye_with_two_shared_liberties_is_seki() {
        let board = Board::from_diagram(
            "
            . X . X . X . X .
            X X X X X X X X X
            . X . X . X . X .
            X X X X X X X X X
            O O O O O O O O O
            O O O O O O O O .
            O O X X X X O O O
            O O X . X X X . O
            O O X X X X X . O
            ",
        )
        .expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        assert_eq!(judgement.status(at(&board, "E2")), Some(StoneStatus::Seki));
        assert_eq!(judgement.status(at(&board, "A5")), Some(StoneStatus::Seki));
        assert_eq!(judgement.status(at(&board, "B9")), Some(StoneStatus::Alive));
    }
}
