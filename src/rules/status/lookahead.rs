//! The status of one chain with a given side to move, one move deep
//! ([`status_after_best_move`]): the side to move tries each point near
//! the chain, and the position after the move that serves it best is
//! judged with the other side to move. The status playouts alone answer
//! "who wins if both play at random from here": a group that only one
//! move kills (a vital point, a placement) or saves (the one eye-making
//! move) looks the same to them either way.

use super::playouts::{chain_ownership, ownership};
use super::tsumego::read_enclosed;
use super::{DEAD_BELOW, StoneStatus, judge_to_move};
use crate::board::playout::StatusMoves;
use crate::board::tactics::capture_of;
use crate::board::{Board, Point};
use crate::color::Color;
use crate::rules::Rules;

/// Status playouts that rate each candidate move (the chosen one is then
/// judged in full).
pub const LOOKAHEAD_PLAYOUTS: u32 = 200;

/// How far past [`DEAD_BELOW`] the best candidate's rating must go before
/// it overturns the judgement without the move: the best of many noisy
/// ratings is biased towards the mover.
pub const LOOKAHEAD_MARGIN: f64 = 0.05;

/// How many of the best rated tries are judged in full, best first, until
/// one turns the chain: the playouts' rating of a try is noisy, and the
/// judgement after it (which counts races and reads) may not confirm it.
pub const LOOKAHEAD_JUDGED: usize = 3;

/// The farthest (in steps along the lines) a candidate lies from a stone
/// of the chain.
pub const LOOKAHEAD_REACH: usize = 2;

/// The status of the chain at `p` once both sides play their best, `first`
/// moving first: the judgement with `first` to move ([`judge_to_move`]),
/// unless one move of `first` near the chain turns it the way `first`
/// wants (kills an enemy chain judged alive, saves an own one judged
/// dead: the best rated of the [`LOOKAHEAD_JUDGED`] best tries that the
/// judgement after it confirms); then the status after that move with the
/// other side to move,
/// or, when the move put the chain in atari while in atari itself, after
/// the owner's capture of it ([`forced_counter_capture`]) with `first` to
/// move again.
/// `None` when `p` is empty.
#[must_use]
pub fn status_after_best_move(
    board: &Board,
    rules: &Rules,
    p: Point,
    first: Color,
) -> Option<StoneStatus> {
    let owner = board.color_at(p)?;
    let judgement = judge_to_move(board, rules, first);
    if let Some(read) = read_enclosed(board, &judgement, p, first) {
        return Some(read);
    }
    let without = judgement.status(p)?;
    if !without.is_live() && enemies_all_die(board, &judgement, p, first) {
        return Some(StoneStatus::Alive);
    }
    let wants_alive = owner == first;
    if without.is_live() == wants_alive {
        return Some(without);
    }
    match turning_move(board, rules, p, first, wants_alive) {
        Turn::Taken => Some(StoneStatus::Dead),
        Turn::Turned { status, .. } => Some(status),
        Turn::Judged(judged) => judged.or(Some(without)),
    }
}

/// What the best tries near a chain did, [`turning_move`]'s answer.
enum Turn {
    /// A try took the chain.
    Taken,
    /// The move `at` turned the chain the mover's way, confirmed by the
    /// judgement after it (`status`, with `to_move` to play on `after`).
    Turned {
        at: Point,
        after: Box<Board>,
        to_move: Color,
        status: StoneStatus,
    },
    /// No try turned it; the judgement after the best rated one, if any.
    Judged(Option<StoneStatus>),
}

/// The move of `first` near the chain at `p` that turns it the way `first`
/// wants (alive when `wants_alive`), as [`status_after_best_move`] looks
/// for it.
fn turning_move(board: &Board, rules: &Rules, p: Point, first: Color, wants_alive: bool) -> Turn {
    let Some(owner) = board.color_at(p) else {
        return Turn::Judged(None);
    };
    // The chain's ownership in its owner's favour after a move, with
    // `to_move` to play, −1 when the move took it.
    let favour_after = |after: &Board, to_move: Color| {
        if after.color_at(p) != Some(owner) {
            return -1.0;
        }
        let own = ownership(
            after,
            LOOKAHEAD_PLAYOUTS,
            StatusMoves::Random,
            Some(to_move),
        );
        chain_ownership(after, &own, after.chain_head(p))
    };
    // How well a favour serves `first`, and whether it crosses the line.
    let sign = if wants_alive { 1.0 } else { -1.0 };
    let turns = |favour: f64| {
        if wants_alive {
            favour >= DEAD_BELOW + LOOKAHEAD_MARGIN
        } else {
            favour < DEAD_BELOW - LOOKAHEAD_MARGIN
        }
    };
    // The tries that turn the chain, with the side to move after each.
    let mut tries: Vec<(f64, Point, Board, Color)> = Vec::new();
    for q in candidates(board, board.chain_head(p)) {
        if !board.is_legal(first, q) {
            continue;
        }
        let mut after = board.clone();
        after.play_unchecked(first, q);
        let mut to_move = first.other();
        if let Some(take) = forced_counter_capture(&after, p, q) {
            after.play_unchecked(to_move, take);
            to_move = first;
        }
        let favour = favour_after(&after, to_move);
        if turns(favour) {
            tries.push((favour, q, after, to_move));
        }
    }
    // Best rated first; ties go to the first point (the sort is stable).
    tries.sort_by(|a, b| (sign * b.0).total_cmp(&(sign * a.0)));
    let mut first_judged = None;
    for (_, q, after, to_move) in tries.into_iter().take(LOOKAHEAD_JUDGED) {
        if after.color_at(p) != Some(owner) {
            return Turn::Taken;
        }
        log::debug!("lookahead: {first} {q} turns the chain at {p}");
        let judged = judge_to_move(&after, rules, to_move).status(p);
        log::debug!("lookahead: {to_move} to move, the chain at {p} becomes {judged:?}");
        if let Some(status) = judged.filter(|j| j.is_live() == wants_alive) {
            return Turn::Turned {
                at: q,
                after: Box::new(after),
                to_move,
                status,
            };
        }
        first_judged = first_judged.or(judged);
    }
    Turn::Judged(first_judged)
}

/// The move of `owner`, to play, that saves his chain at `p` judged dead
/// (one move near it after which the judgement with the opponent to move
/// calls it alive), with the board after it; `None` when there is none.
#[must_use]
pub fn saving_move(board: &Board, rules: &Rules, p: Point) -> Option<(Point, Board)> {
    let owner = board.color_at(p)?;
    match turning_move(board, rules, p, owner, true) {
        Turn::Turned {
            at, after, to_move, ..
        } if to_move != owner => Some((at, *after)),
        _ => None,
    }
}

/// Whether every enemy chain next to the chain at `p` is read dead with
/// `first` moving first ([`read_enclosed`]): then the chain is alive, as
/// the end-of-game judgement says of a chain whose enemy neighbours are all
/// dead (once they are removed it stands in its owner's area). A chain
/// the judgement calls dead may border an enemy group that only the
/// reading kills.
fn enemies_all_die(board: &Board, judgement: &super::Judgement, p: Point, first: Color) -> bool {
    let Some(owner) = board.color_at(p) else {
        return false;
    };
    let enemies = board.chain_heads(
        board
            .chain_stones(p)
            .flat_map(|s| s.neighbours())
            .filter(|&n| board.color_at(n) == Some(owner.other())),
    );
    !enemies.is_empty()
        && enemies
            .iter()
            .all(|&e| read_enclosed(board, judgement, e, first) == Some(StoneStatus::Dead))
}

/// The owner's capture that answers a try at `q` which put the chain at
/// `p` in atari but is in atari itself next to it: the owner takes the
/// stones at once, whatever else the position offers (the status
/// playouts, starting with no last move, would answer it only by chance).
fn forced_counter_capture(after: &Board, p: Point, q: Point) -> Option<Point> {
    let owner = after.color_at(p)?;
    if after.color_at(q) != Some(owner.other()) || !after.in_atari(p) {
        return None;
    }
    let take = capture_of(after, owner, q)?;
    let target = after.chain_head(p);
    let touches = after.chain_stones(q).any(|s| {
        s.neighbours()
            .into_iter()
            .any(|n| after.color_at(n) == Some(owner) && after.chain_head(n) == target)
    });
    touches.then_some(take)
}

/// The empty points within [`LOOKAHEAD_REACH`] steps of a stone of the
/// chain at `head`, and the liberties of the enemy chains next to it
/// that have three liberties or fewer (a capturing race is won outside).
fn candidates(board: &Board, head: Point) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    let size = board.size() as isize;
    let reach = LOOKAHEAD_REACH as isize;
    let color = board.color_at(head);
    for s in board.chain_stones(head) {
        let (c, r) = (s.col() as isize, s.row() as isize);
        for dc in -reach..=reach {
            for dr in -reach..=reach {
                let (x, y) = (c + dc, r + dr);
                if dc.abs() + dr.abs() > reach || x < 0 || y < 0 || x >= size || y >= size {
                    continue;
                }
                out.extend(
                    Point::new(x as usize, y as usize).filter(|&q| board.color_at(q).is_none()),
                );
            }
        }
        for n in s.neighbours() {
            if board.is_on_board(n)
                && board.color_at(n).is_some_and(|c| Some(c) != color)
                && board.liberty_count(n, 4) <= 3
            {
                out.extend(board.liberties(n));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    /// Black's corner group has a straight three, A1 B1 C1, as its only
    /// eye space: the vital point B1 decides it. Black to move takes it
    /// and lives with two eyes; White to move places there and Black is
    /// dead. White's wall lives whoever starts.
    const STRAIGHT_THREE: &str = "
        . O . O . O . O .
        O O O O O O O O O
        . O . O . O . O .
        O O O O O O O O O
        . O . O . O . O .
        O O O O O O O O O
        O O O O O O O O O
        X X X X O . O . O
        . . . X O . O . O
        ";

    #[test]
    fn the_side_to_move_takes_the_vital_point() {
        let board = Board::from_diagram(STRAIGHT_THREE).expect("diagram");
        let rules = Rules::japanese();
        assert_eq!(
            status_after_best_move(&board, &rules, v("D1"), Color::Black),
            Some(StoneStatus::Alive)
        );
        assert_eq!(
            status_after_best_move(&board, &rules, v("D1"), Color::White),
            Some(StoneStatus::Dead)
        );
        assert_eq!(
            status_after_best_move(&board, &rules, v("E1"), Color::Black),
            Some(StoneStatus::Alive)
        );
        assert_eq!(
            status_after_best_move(&board, &rules, v("A1"), Color::Black),
            None
        );
    }

    /// GNU Go's semeai17 at move 64: Black's big group and White's
    /// corner group G1–J2 share their last two liberties, H3 and J3, and
    /// neither can fill one (seki). White's fill at J3 puts both in atari,
    /// and Black takes the six stones at H3 at once.
    const SEKI_OF_TWO_SHARED: &str = "
        . O . X O . O O .
        X X X X O O X O O
        . O . X O X X X O
        . . O O O O O X X
        . O X . O X O O X
        . X X O O X X X X
        . . X O X X X . .
        . . X O O X X O O
        . . . . O X O O O
        ";

    #[test]
    fn a_fill_that_puts_the_filler_in_atari_is_answered_by_the_capture() {
        let board = Board::from_diagram(SEKI_OF_TWO_SHARED).expect("diagram");
        let mut after = board.clone();
        after.play_unchecked(Color::White, v("J3"));
        assert_eq!(
            forced_counter_capture(&after, v("G8"), v("J3")),
            Some(v("H3"))
        );
        let rules = Rules::japanese();
        for first in [Color::White, Color::Black] {
            assert_eq!(
                status_after_best_move(&board, &rules, v("G8"), first),
                Some(StoneStatus::Seki),
                "{first} first"
            );
        }
    }

    /// The candidates of a lone stone in the middle of an empty board are
    /// the points within two steps: 12 around it.
    #[test]
    fn candidates_lie_within_reach() {
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
        let found = candidates(&board, v("E5"));
        assert_eq!(found.len(), 12);
        assert!(found.contains(&v("E7")) && found.contains(&v("F6")));
        assert!(!found.contains(&v("E8")) && !found.contains(&v("G6")));
    }

    /// GNU Go's semeai13 (its semeai.tst case 63): Black's D13 group in
    /// the upper left loses its race with Black to move, and White's B13
    /// stone, which the status playouts call dead, then stands inside
    /// White's area: both neighbours are not dead.
    const RACE_LOST_NEXT_TO_A_STONE: &str = "
        . O . X . O . . O X . O .
        O X X X . O . . O X X X O
        . X . O O O . . O O O X .
        X X . O . . . . . . O X X
        . . O O . . . . . . O O O
        O O O . . . . . . . . . .
        . . . . . . . . . . . . .
        O O O . . . . . . . . . .
        . . O . . . . . . . O O O
        X X O O O . . . . O O X X
        . X . . O . . . O O . X O
        O X X X O . . . O X X X O
        O O . X O . . . O X . O .
        ";

    #[test]
    fn a_stone_next_to_a_group_that_dies_lives() {
        let board = Board::from_diagram(RACE_LOST_NEXT_TO_A_STONE).expect("diagram");
        let rules = Rules::japanese();
        assert_eq!(
            status_after_best_move(&board, &rules, v("D13"), Color::Black),
            Some(StoneStatus::Dead)
        );
        assert_eq!(
            status_after_best_move(&board, &rules, v("B13"), Color::Black),
            Some(StoneStatus::Alive)
        );
    }
}
