//! Groups with two sure eyes live, whatever the status playouts say.
//!
//! A group of many chains spread over the board, joined where the
//! opponent cannot cut, can have two small eyes and still lose most status
//! playouts: random moves fill its outside liberties and cut it in
//! places that a player would answer, and a large group is most of the
//! board's points in the mean ownership. [`revive_two_eyed`] counts the
//! group's sure eyes instead, as a player does at a glance:
//!
//! - the group is a race group ([`race_groups`]): chains of one colour that
//!   share two liberties, or one where an opponent stone would be illegal
//!   or taken at once;
//! - an eye is a region of at most [`MAX_SURE_EYE`] empty points that only
//!   the group's stones border;
//! - a one-point eye is false when the opponent holds or can take its
//!   diagonals: a diagonal with an opponent stone counts two, an empty one
//!   where an opponent stone would keep two liberties counts one (the
//!   owner answers there once, not twice), and the eye is false at two or
//!   more on the edge and four or more in the middle;
//! - an eye is sure only when no chain around it can be taken from
//!   outside: each borders another eye, or keeps two liberties outside
//!   this one, or its liberties outside are points where the opponent
//!   cannot play.
//!
//! A group with two sure eyes whose chains no capture reading takes with
//! the opponent first ([`crate::board::capture::taken_by_force`]) is
//! alive. Only verdicts of the status playouts change.

use super::{Method, StoneStatus};
use crate::board::capture::taken_by_force_within;
use crate::board::semeai::race_groups;
use crate::board::{Board, Point, Region};
use crate::color::Color;

/// The most empty points of a region that counts as one sure eye: larger,
/// the opponent may live or make shapes inside it.
pub const MAX_SURE_EYE: usize = 3;

/// The most positions read for each chain of a two-eyed group, to check
/// that it cannot be taken from outside.
pub const EYED_CHAIN_READ_BUDGET: usize = 5_000;

/// What a diagonal of a one-point eye is worth to the opponent: two when he
/// has a stone there, one when he could put one there keeping two
/// liberties. The eye is false at [`FALSE_EYE_EDGE`] on the edge and
/// [`FALSE_EYE_MIDDLE`] away from it.
const DIAGONAL_HELD: usize = 2;
const DIAGONAL_OPEN: usize = 1;
pub const FALSE_EYE_EDGE: usize = 2;
pub const FALSE_EYE_MIDDLE: usize = 4;

/// Revives the groups with a stone the status playouts call dead that have
/// two sure eyes and no chain taken by force (see the module
/// documentation).
pub(super) fn revive_two_eyed(board: &Board, status: &mut [Option<(StoneStatus, Method)>]) {
    let ids = race_groups(board);
    // Per colour (`Color::index`): the regions of points without its
    // stones, where each group's eyes are.
    let regions = Color::ALL.map(|c| board.regions(|q| board.color_at(q) != Some(c)));
    let mut seen: Vec<Point> = Vec::new();
    for (p, color) in board.stones() {
        if status[p.index()] != Some((StoneStatus::Dead, Method::Playouts)) {
            continue;
        }
        let Some(id) = ids[p.index()] else {
            continue;
        };
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let in_group = |q: Point| ids[q.index()] == Some(id);
        if sure_eyes(board, color, &regions[color.index()], &in_group) < 2 {
            continue;
        }
        let stones: Vec<Point> = board.points().filter(|&q| in_group(q)).collect();
        if board
            .chain_heads(stones.iter().copied())
            .into_iter()
            .any(|h| taken_by_force_within(board, h, color.other(), EYED_CHAIN_READ_BUDGET))
        {
            continue;
        }
        log::debug!(
            "eyes: the {color:?} group at {p} ({} stones) has two sure eyes",
            stones.len()
        );
        for q in stones {
            if status[q.index()].is_some_and(|(_, m)| m == Method::Playouts) {
                status[q.index()] = Some((StoneStatus::Alive, Method::Playouts));
            }
        }
    }
}

/// The number of sure eyes of the group of `color` whose stones are those
/// `in_group` holds for; `regions`: the regions of points without stones of
/// `color`.
fn sure_eyes(
    board: &Board,
    color: Color,
    regions: &[Region],
    in_group: &impl Fn(Point) -> bool,
) -> usize {
    let eyes: Vec<&Region> = regions
        .iter()
        .filter(|r| {
            r.points.len() <= MAX_SURE_EYE
                && r.border.iter().all(|&b| in_group(b))
                && r.points.iter().all(|&q| board.color_at(q).is_none())
                && (r.points.len() > 1 || !is_false_eye(board, color, r.points[0]))
        })
        .collect();
    eyes.iter()
        .enumerate()
        .filter(|&(i, eye)| {
            board
                .chain_heads(eye.border.iter().copied())
                .into_iter()
                .all(|h| {
                    let liberties = board.liberties(h);
                    let borders_another = eyes.iter().enumerate().any(|(j, other)| {
                        j != i && liberties.iter().any(|l| other.points.contains(l))
                    });
                    let outside: Vec<Point> = liberties
                        .into_iter()
                        .filter(|l| !eye.points.contains(l))
                        .collect();
                    borders_another
                        || outside.len() >= 2
                        || (!outside.is_empty()
                            && outside.iter().all(|&l| !board.is_legal(color.other(), l)))
                })
        })
        .count()
}

/// Whether the one-point eye at `p` of `color` is false: the opponent holds
/// or can take too many of its diagonals (see the module documentation).
fn is_false_eye(board: &Board, color: Color, p: Point) -> bool {
    let opponent = color.other();
    let diagonals: Vec<Point> = p
        .diagonals()
        .into_iter()
        .filter(|&d| board.is_on_board(d))
        .collect();
    let worth: usize = diagonals
        .iter()
        .map(|&d| match board.color_at(d) {
            Some(c) if c == opponent => DIAGONAL_HELD,
            Some(_) => 0,
            None if board.is_legal(opponent, d) && board.liberties_after(opponent, d) >= 2 => {
                DIAGONAL_OPEN
            }
            None => 0,
        })
        .sum();
    let bound = if diagonals.len() < 4 {
        FALSE_EYE_EDGE
    } else {
        FALSE_EYE_MIDDLE
    };
    worth >= bound
}

#[cfg(test)]
mod tests {
    use super::super::tests::at;
    use super::super::{StoneStatus, judge};
    use super::*;
    use crate::rules::Rules;

    /// The sure eyes of the race group of the stone at `vertex`.
    fn sure_eyes_at(diagram: &str, vertex: &str) -> usize {
        let board = Board::from_diagram(diagram).unwrap();
        let ids = race_groups(&board);
        let p = at(&board, vertex);
        let color = board.color_at(p).unwrap();
        let regions = board.regions(|q| board.color_at(q) != Some(color));
        sure_eyes(&board, color, &regions, &|q: Point| {
            ids[q.index()] == ids[p.index()]
        })
    }

    #[test]
    fn two_one_point_eyes_on_the_edge_are_sure() {
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O . . .
            X X X X X O . . .
            X . X . X O . . .";
        assert_eq!(sure_eyes_at(diagram, "A2"), 2);
    }

    /// B1 and D1 each have White's C2 on a diagonal: on the edge, one
    /// opponent stone there makes them false.
    #[test]
    fn an_edge_eye_with_an_opponent_diagonal_is_false() {
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O . . .
            X X O X X O . . .
            X . X . X O . . .";
        assert_eq!(sure_eyes_at(diagram, "A2"), 0);
    }

    /// The eye A1 B1 is bordered by Black's C1, whose only other liberty,
    /// D1, White can fill: then a White stone in the eye takes C1. With
    /// Black stones around D1 that it does not take, White cannot play
    /// there, and the eye is sure (D1 itself is a false eye: White's C2).
    #[test]
    fn an_eye_whose_chain_can_be_taken_from_outside_is_not_sure() {
        let open = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O . . .
            . . O . . O . . .
            X X O . . O . . .
            . . X . . O . . .";
        assert_eq!(sure_eyes_at(open, "A2"), 0);
        let closed = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O . . .
            . . O . . O . . .
            X X O X X O . . .
            . . X . X O . . .";
        assert_eq!(sure_eyes_at(closed, "A2"), 1);
    }

    /// The end of a professional game (1989, recorded W+3.5). Black's
    /// lower-left group (A2 to C6) has the eyes B4 and A3; White can take
    /// one of B4's empty diagonals, C5 or C3, but Black answers at the
    /// other. The status playouts call the group dead (its ownership 0.23,
    /// and its walls too weak for the local reading); its two sure eyes
    /// make it alive.
    const TWO_EYED_GAME: &str = "
        . . X O O . . O X . . . . . . . . . .
        . . X X O O . O X O O X . . . . . . O
        X . X O O . O O O X O X O O O O O O .
        . X X O . O X O X X X O O X O X O . O
        X . X O O X X X O . . X X X O X X O O
        O X X X X . . . . . X . O X X X O X O
        O O X O O X . . . O X X O O . X . X X
        . O O O X . . . X X X X . O O . X . .
        . . . O X . X X O X O X X X O O X O .
        . . O X X X O X O O O O O O . O O X X
        . X O O X O O X . O X X O O O X O O X
        . . O . O X O . X O X . X X X X X X X
        . O O O O X O X . O X X X . X . O O O
        O X X O X X O X . O O . . O O O . . .
        . X . O X X X X X . . X X O . O . O .
        X . X X O O O O O O O X O O O X O O O
        . X . X O O . O . X X X O X X X X O X
        X X O O X X O . O X . . X . X X X X X
        . O . O . O . . O X . . . . . . . . .";

    #[test]
    fn a_group_with_two_sure_eyes_lives() {
        let board = Board::from_diagram(TWO_EYED_GAME).unwrap();
        let judgement = judge(&board, &Rules::japanese());
        for vertex in ["B5", "A4", "C4", "A2"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Alive),
                "{vertex}"
            );
        }
    }
}
