//! Enemy chains enclosed by a group that takes them by force.
//!
//! A group the status playouts call dead may live by taking the enemy
//! chain inside it: the capture opens an eye space. The playouts miss it
//! when the chain inside looks alive to them (it has liberties the group
//! shares, or dead stones of the group beside it). [`enclosed_captures`]
//! finds an enemy chain judged alive by the playouts that stands in a
//! small region ([`MAX_REGION`] points) bordered only by the other
//! colour's stones, among them a chain the playouts call dead, and reads
//! the capture ([`crate::board::capture`]) with its owner moving first (or
//! the side to move, when the judgement has one). The judgement
//! (`take_enclosed` in `mod.rs`) then reads the group itself
//! ([`super::tsumego`], [`TAKER_READ_BUDGET`]) and, where it lives, judges
//! again on the board without the chain; where the group cannot be read,
//! the capture must leave it the shape of a live group ([`taker_shape`]:
//! alive once it has filled the chain's liberties and taken it, whatever
//! the owner then plays inside, or beside an eye space too big to reduce
//! to one eye, [`BIG_EYE_SPACE`]), and clearly alive by the playouts
//! ([`CLEAR_TAKER_OWNERSHIP`]). A group that cannot live by taking and
//! that the chain's owner cannot approach either is in seki with it.

use super::{Method, StoneStatus, board_without};
use crate::board::capture::taken_by_force;
use crate::board::{Board, Move, Point, Region};
use crate::color::Color;
use crate::rules::benson::{chain_is_pass_alive, chain_is_pass_alive_after_one};

/// The most points (empty, or the enemy chain's) in the region holding an
/// enclosed chain: a larger one is an area the chain may live in, where
/// the playouts judge better than a capture reading.
pub const MAX_REGION: usize = 12;

/// The most positions read to check that the largest chain taking an
/// enclosed chain lives, on the board as it stands with the enclosed
/// chain's owner to move ([`super::tsumego::read_enclosed_within`]).
pub const TAKER_READ_BUDGET: usize = 20_000;

/// The least mean ownership in its favour that the largest chain taking an
/// enclosed chain must have in the judgement of the board without the
/// chain, when its life could not be read (its region is open, with a long
/// border and no wall around it, or the reading ran out): the playouts there
/// see the eye space the capture opens but not the moves the chain's owner
/// makes while it is taken, so a group they merely favour is not taken as
/// living. Set on the records: takers that lived stood at 0.87 to 1.0 there;
/// those that died (a bulky five, one eye beside the capture, amateur
/// groups cut in pieces) from 0.3 to below 0.8.
pub const CLEAR_TAKER_OWNERSHIP: f64 = 0.8;

/// The fewest points of an eye space, shut in by the taker's stones alone
/// and holding no enemy stone once the chain is taken, that makes the
/// taker live when its life could not be read. The eye shapes an enemy
/// stone on the vital point reduces to one eye have six points at most
/// (the rabbity six); one point more is kept as a margin for walls short
/// of liberties.
pub const BIG_EYE_SPACE: usize = 8;

/// Whether taking `stones` leaves the chain at `taker`, on `without` (the
/// board without them), beside an eye space of [`BIG_EYE_SPACE`] points or
/// more holding them: a region of points without the taker's stones that
/// holds no enemy stone.
pub(super) fn opens_big_eye(without: &Board, taker: Point, stones: &[Point]) -> bool {
    let Some(color) = without.color_at(taker) else {
        return false;
    };
    without
        .regions(|p| without.color_at(p) != Some(color))
        .iter()
        .any(|r| {
            r.points.len() >= BIG_EYE_SPACE
                && r.points.contains(&stones[0])
                && r.points.iter().all(|&p| without.color_at(p).is_none())
        })
}

/// A chain of at most this many liberties is taken with at most one move
/// of its owner while they are filled: the taker's life is judged on the
/// board once it has taken ([`lives_once_taken`]). With more, the owner
/// has more moves meanwhile, and the taker must also be one move from
/// pass-alive on the board without the chain.
pub const QUICK_TAKE_LIBERTIES: usize = 2;

/// What the shape of a taker whose life could not be read says of taking
/// an enclosed chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TakerShape {
    /// It lives by taking.
    Lives,
    /// It cannot live by taking, and the chain's owner cannot approach it
    /// ([`cannot_approach`]): both are seki.
    Seki,
    /// Neither: the playouts' verdict stands.
    Unproved,
}

/// The shape of the chain at `taker` taking `stones` (on `board`;
/// `without`: the board without them). It lives beside an eye space too
/// big to reduce to one eye ([`opens_big_eye`]), or when it lives once it
/// has taken ([`lives_once_taken`]) and either the chain has at most
/// [`QUICK_TAKE_LIBERTIES`] liberties or the taker is one move of its own
/// from pass-alive without it. One move from pass-alive without the chain
/// but not alive once it has taken, with the owner unable to approach:
/// seki (a bent three left by the capture, where the owner throws in).
pub(super) fn taker_shape(
    board: &Board,
    without: &Board,
    stones: &[Point],
    taker: Point,
) -> TakerShape {
    let one_move = chain_is_pass_alive_after_one(without, taker);
    let once_taken =
        after_taking(board, without, stones).is_some_and(|t| lives_once_taken(&t, taker));
    let quick = board.liberties(stones[0]).len() <= QUICK_TAKE_LIBERTIES;
    if once_taken && (one_move || quick) || opens_big_eye(without, taker, stones) {
        TakerShape::Lives
    } else if one_move && cannot_approach(board, stones, taker) {
        TakerShape::Seki
    } else {
        TakerShape::Unproved
    }
}

/// The board once the taker of `stones` has taken them: `without` (the
/// board without them) with the taker's stones on every liberty they had
/// on `board` (taking a chain fills all its liberties); `None` if that is
/// not a position.
fn after_taking(board: &Board, without: &Board, stones: &[Point]) -> Option<Board> {
    let taker = board.color_at(stones[0])?.other();
    let mut placed = without.stones();
    for &s in stones {
        for n in s.neighbours() {
            if board.is_on_board(n)
                && board.color_at(n).is_none()
                && !placed.iter().any(|&(p, _)| p == n)
            {
                placed.push((n, taker));
            }
        }
    }
    Board::from_stones(board.size(), &placed, [0, 0]).ok()
}

/// Whether the chain at `taker` lives on `taken` (the board just after it
/// took, from [`after_taking`]) with the other side to move: it is
/// pass-alive, or beside an eye space of [`BIG_EYE_SPACE`] points or more
/// that only its colour borders, or every move of the other side inside
/// the regions the chain alone borders (one at least) leaves it one move
/// of its own from pass-alive. A bent three left by the capture is one eye
/// once the other side plays its middle.
fn lives_once_taken(taken: &Board, taker: Point) -> bool {
    let Some(color) = taken.color_at(taker) else {
        return false;
    };
    if chain_is_pass_alive(taken, taker) {
        return true;
    }
    let head = taken.chain_head(taker);
    let regions: Vec<Region> = taken
        .regions(|p| taken.color_at(p).is_none())
        .into_iter()
        .filter(|r| {
            r.border.iter().all(|&b| taken.color_at(b) == Some(color))
                && r.border.iter().any(|&b| taken.chain_head(b) == head)
        })
        .collect();
    // An eye space too big to reduce to one eye.
    if regions.iter().any(|r| r.points.len() >= BIG_EYE_SPACE) {
        return true;
    }
    let inside: Vec<Point> = regions.into_iter().flat_map(|r| r.points).collect();
    if inside.is_empty() {
        return false;
    }
    // Not pass-alive although the other side has no move inside: its
    // eyes are false.
    let mut after = taken.clone();
    let mut answered = 0;
    for &m in &inside {
        after.copy_from(taken);
        if after.play(color.other(), Move::Play(m)).is_err() {
            continue;
        }
        if after.color_at(taker).is_none() || !chain_is_pass_alive_after_one(&after, taker) {
            return false;
        }
        answered += 1;
    }
    answered > 0
}

/// Whether the owner of `stones` (a chain) cannot fill any of its
/// liberties without the chain at `taker` taking it and living
/// ([`lives_once_taken`]): each fill is illegal, or leaves the chain in
/// atari and its taking gives the taker life.
fn cannot_approach(board: &Board, stones: &[Point], taker: Point) -> bool {
    let Some(owner) = board.color_at(stones[0]) else {
        return false;
    };
    let liberties = board.liberties(stones[0]);
    // A chain in atari is taken at once: no seki without two liberties.
    if liberties.len() < 2 {
        return false;
    }
    let mut after = board.clone();
    liberties.iter().all(|&l| {
        after.copy_from(board);
        if after.play(owner, Move::Play(l)).is_err() {
            return true;
        }
        if after.color_at(taker).is_none() || !after.in_atari(stones[0]) {
            return false;
        }
        let grown: Vec<Point> = after.chain_stones(stones[0]).collect();
        board_without(&after, &grown)
            .and_then(|without| after_taking(&after, &without, &grown))
            .is_some_and(|t| lives_once_taken(&t, taker))
    })
}

/// An enemy chain taken by force inside a group: its stones, and the
/// chains (by their heads) on its region's border that the status
/// playouts call dead (the group that lives if the capture gives it
/// eyes).
pub(super) struct Taken {
    pub stones: Vec<Point>,
    pub takers: Vec<Point>,
}

/// The enemy chains judged alive by the status playouts that are taken by
/// force inside a group they call dead (see the module documentation).
/// `to_move`: the side moving first, or `None` at the end of the game (the
/// chain's owner starts).
pub(super) fn enclosed_captures(
    board: &Board,
    status: &[Option<(StoneStatus, Method)>],
    to_move: Option<Color>,
) -> Vec<Taken> {
    let by_playouts = |p: Point, live: bool| {
        status[p.index()].is_some_and(|(s, m)| m == Method::Playouts && s.is_live() == live)
    };
    let mut taken = Vec::new();
    for attacker in Color::ALL {
        let owner = attacker.other();
        for region in board.regions(|p| board.color_at(p) != Some(attacker)) {
            if region.points.len() > MAX_REGION {
                continue;
            }
            let takers = board.chain_heads(
                region
                    .border
                    .iter()
                    .copied()
                    .filter(|&b| by_playouts(b, false)),
            );
            if takers.is_empty() {
                continue;
            }
            let heads = board.chain_heads(
                region
                    .points
                    .iter()
                    .copied()
                    .filter(|&p| board.color_at(p) == Some(owner) && by_playouts(p, true)),
            );
            for h in heads {
                if taken_by_force(board, h, to_move.unwrap_or(owner)) {
                    log::debug!(
                        "enclosed: the {owner:?} chain at {h} ({} stones, region of {}) is taken",
                        board.chain_size(h),
                        region.points.len()
                    );
                    taken.push(Taken {
                        stones: board.chain_stones(h).collect(),
                        takers: takers.clone(),
                    });
                }
            }
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::super::tests::at;
    use super::super::{StoneStatus, board_without, judge};
    use super::{TakerShape, after_taking, taker_shape};
    use crate::board::{Board, Point};
    use crate::rules::Rules;
    use crate::test_support::v;

    /// White's B1-G3 group shares both liberties of Black's bent D1-E2
    /// (C1 and F2) and has no other: as Kisei 28-A13's lower side, where
    /// the players counted it seki (B+8.5). Without Black's chain White
    /// is one move from pass-alive (D2 makes two eyes), but taking it
    /// fills C1 and F2 and leaves the bent three D1-D2-E2, which Black's
    /// D2 makes one eye; and Black filling C1 or F2 himself is taken,
    /// leaving White a four-point space that lives. Seki.
    const BENT_THREE_INSIDE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X X X .
        X X X X X X X X .
        X O O O O O O X .
        X O O X X . O X .
        X O . X O O O X .
        ";

    #[test]
    fn a_taker_left_a_bent_three_by_the_capture_is_seki_with_it() {
        let board = Board::from_diagram(BENT_THREE_INSIDE).expect("diagram");
        let stones: Vec<Point> = board.chain_stones(at(&board, "D1")).collect();
        let without = board_without(&board, &stones).expect("a position");
        let taken = after_taking(&board, &without, &stones).expect("a position");
        for (point, white) in [("C1", true), ("F2", true), ("D1", false), ("D2", false)] {
            assert_eq!(taken.color_at(v(point)).is_some(), white, "{point}");
        }
        assert_eq!(
            taker_shape(&board, &without, &stones, at(&board, "B1")),
            TakerShape::Seki
        );
    }

    /// The end of a professional game (Cho Chikun, 2015, recorded W+1.5).
    /// White's A6-F2 group in the lower left has four liberties and no
    /// eye; Black's A3-C1 chain inside it has two (A4, shared, and B2,
    /// where a Black stone is suicide). The status playouts call White's
    /// group dead (it lived in a third of them). White takes the chain
    /// whoever starts, and the space it opens gives the group life: Black's
    /// chain is dead and White's group, with its A2 and B1, alive.
    const INNER_CHAIN_GAME: &str = "
        . . . . X O O O O . . . . . O O X . .
        . . . . X X O . . O O . . O O X . . .
        X X . X . X O O . O . O . O X X X . .
        O X . . X X O O O . . . O O O O X . .
        O X X O X X X X X O O O . . O X X . .
        O O X X . . X X X X X O . . O O X . .
        O O O O X X X O X X O O O O X X . . .
        O O X O O X O O O O X . X . X X . . .
        O X X O O O O O . O X . X . X O X X .
        X X X X X O O X X X X O O O X O X . X
        . O . X . X O X X X X O X X O O O X X
        . X . X X X O O X O O . . . O . O O X
        X . . . . X O O X O . . . O . O . . O
        O X X . . O X O O O . . . . O X O O O
        O O . X X X X . O X . . . O X X X X O
        . O O O O X . X X O O . . O O O X X X
        X X X O O . X X . X O O O X O O O X .
        O . X O O O X . . X O . O X X O X X X
        . O X O . X . X X X X O O X X X X . .";

    #[test]
    fn a_group_that_takes_the_chain_inside_it_lives() {
        let board = Board::from_diagram(INNER_CHAIN_GAME).unwrap();
        let judgement = judge(&board, &Rules::japanese());
        assert_eq!(judgement.status(at(&board, "C3")), Some(StoneStatus::Dead));
        for vertex in ["D1", "A6", "A2", "B1"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Alive),
                "{vertex}"
            );
        }
    }

    /// The end of a professional game (2019, recorded B+1.5). Black's P19
    /// Q19 stand inside White's top-right group (M18 to T19), which Black's
    /// wall shuts in along a long open border: reading cannot cut the
    /// group out, and the status playouts call it dead. White takes the two
    /// stones whoever starts, and without them the group is one move from
    /// pass-alive and clearly alive by the playouts: it lives, and the two
    /// stones are dead.
    const OPEN_TAKER_GAME: &str = "
        X . X O O X X . X . X X O . X X O O .
        O X . X O O X X . X X O O O O O . O X
        O O X O O O X . X . X X X X O O O X .
        . O O O O X X X O X X O X O X X X . X
        X X O X O O X X O O X O O O O X X X X
        . . X X X O . X . O X O . O . X O O O
        . X X O X O O X X O O . . O X X X O O
        . . X O O O X X O O . O O X X . X X O
        . X X X O X . X O O O X . O X X O O O
        . . X O O . X O X O X X . O O X X O O
        . . X X O O O O X X . X O X X O O O X
        . . X . X X O X X . X O O . O . O O .
        . O X X X X X O O X X X O X . O X O O
        X X X X O X . O X X O X O O O X X X O
        O O X O O O O O O X O O O O X X . X X
        O . O O O X X X X X X X O O X X X . .
        . O X X O O X . O X O O O X . . X O O
        . X O . O X X . O X O X X X X . . X O
        . . . O O O X X X O O O O . X X X O O";

    #[test]
    fn a_group_left_one_move_from_pass_alive_by_its_capture_lives() {
        let board = Board::from_diagram(OPEN_TAKER_GAME).unwrap();
        let judgement = judge(&board, &Rules::japanese());
        for vertex in ["P19", "Q19"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Dead),
                "{vertex}"
            );
        }
        for vertex in ["Q17", "S19", "N19", "R19"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Alive),
                "{vertex}"
            );
        }
    }

    /// The end of a professional game (recorded W+7.5). White's group
    /// around C11 (B10 to F11) takes Black's C11 D11 D10 whoever starts, and
    /// the status playouts favour it once they are gone, but the five
    /// points the capture opens are a bulky five whose vital point (D10)
    /// Black takes first: without the three stones the group is not one
    /// move from pass-alive, nor clearly alive by the playouts, and it stays
    /// dead.
    const BULKY_CAPTURE_GAME: &str = "
        . . . X O O . . . . . . . . O O X . .
        . . X X O X O X . O O O . O O X X . .
        . . X O O X . X . X X X . O X X . . .
        . . X O . . X . O . . O . . O X . . .
        . X O O O O X . O . O . . . O X . . .
        . X X . X O O X . X . . . O . O X . .
        X . X X X X O X . X . X . O O O X . .
        . X O O O X O O O X . . . O X X X . .
        X O X X O O X X O O O O O O O O X . .
        . O . X . O . X O O X X O X X X . X .
        X X O O O O . X X O O X X X X . X . .
        X . X X X . X X X O . O . X O X X X .
        O X X O X X X O X X O . O O O O O X X
        O O O O O O O O X . O O . . . . O O O
        . . O X O X . O X X X X X O O X X X O
        . O X X X X O O O O O O X X X X X O .
        . O O X . X X X X O . O O X X O O O .
        . O X X . . X . X O . O X X O O O . .
        . O O X . . . X O O O X X X X O . . .";

    /// The end of a professional game (1999, recorded B+0.5). White's R18
    /// chain (ten stones) stands inside Black's top-right group (M18 to
    /// T15, and S17), which White's wall shuts in along a long open border, so its
    /// life is not read, and the status playouts call the group dead.
    /// Black takes the chain whoever starts; the capture leaves the group
    /// a corner of fourteen points holding no White stone, too large to be
    /// reduced to one eye though not one move from pass-alive: the group
    /// lives and the chain is dead.
    const BIG_EYE_CAPTURE_GAME: &str = "
        . . . X X O . . . . . O O O X X O O O
        . . X X O O . . . . O X X . X O O . O
        . . X O O X . . . . O O X X X X O X .
        . . X O . . . X . O . . O O O X O O O
        . X X X O . O O O O . O O . O X X X X
        . X O X . O X X X X O O . O . O O X .
        X O O . O O X . . X X X O . O X O O O
        . O O O . . O O O O X O . . O X O X X
        O O X O . X X X O X X O . O O X O X .
        O X X O O O O O X . X X O X X X X X .
        O O X X O O X X X . X O O O X X X . .
        X X X . X O X . X X O . O X X . . . .
        . . . . . X . X O O . . . O X X . . .
        X X X X X . X X X O O O O O O X O . .
        X O X O X O X X O . O . . O O O X . .
        O O X O O O X X O O X O O O X O X . .
        . O O . O . O X . O X X O X X X O X .
        . . . . . O O X . O . X X X . . O X .
        . . . . . . O X . . O X . . . . . . .";

    #[test]
    fn a_capture_that_opens_a_big_eye_space_gives_life() {
        let board = Board::from_diagram(BIG_EYE_CAPTURE_GAME).unwrap();
        let judgement = judge(&board, &Rules::japanese());
        for vertex in ["R18", "T19", "R16"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Dead),
                "{vertex}"
            );
        }
        for vertex in ["S15", "M18", "P19", "S17"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Alive),
                "{vertex}"
            );
        }
    }

    #[test]
    fn a_capture_that_opens_a_dead_shape_gives_no_life() {
        let board = Board::from_diagram(BULKY_CAPTURE_GAME).unwrap();
        let judgement = judge(&board, &Rules::japanese());
        for vertex in ["F9", "B10", "C12"] {
            assert_eq!(
                judgement.status(at(&board, vertex)),
                Some(StoneStatus::Dead),
                "{vertex}"
            );
        }
        assert_eq!(
            judgement.status(at(&board, "C11")),
            Some(StoneStatus::Alive)
        );
    }
}
