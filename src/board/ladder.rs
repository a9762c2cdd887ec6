//! Ladder reading (征, shicho): does a chain in atari escape by extending?
//!
//! Random playouts happily run out a chain caught in a ladder, and an MCTS
//! with such playouts believes ladder escapes work; a tactical opponent
//! then captures a big chain. This module reads the ladder out: after the
//! defender extends, a chain with three or more liberties is safe, one with
//! a single liberty is lost, and one with two is read on with the attacker
//! trying an atari on either liberty (the defender replying by capturing
//! an attacking chain in atari, which is taken as an escape, or by
//! extending again).
//!
//! The reading plays on scratch boards kept per thread, one per ply, so
//! the caller's board is never touched.

use std::cell::RefCell;

use super::{Board, Cell, Point};
use crate::color::Color;

/// Most attacker moves read in one ladder; a longer ladder counts as an
/// escape (a 19×19 ladder across the board takes about 36).
pub const MAX_LADDER_DEPTH: usize = 48;

/// Scratch boards needed: one per attacker move and one per extension.
const SCRATCH_BOARDS: usize = 2 * MAX_LADDER_DEPTH + 1;

thread_local! {
    /// Scratch boards, one per ply of the reading.
    static SCRATCH: RefCell<Vec<Board>> = const { RefCell::new(Vec::new()) };
}

/// Runs `read` with this thread's scratch boards.
fn with_scratch<T>(like: &Board, read: impl FnOnce(&mut [Board]) -> T) -> T {
    SCRATCH.with_borrow_mut(|pool| {
        if pool.len() < SCRATCH_BOARDS {
            pool.resize(SCRATCH_BOARDS, like.clone());
        }
        read(pool)
    })
}

/// True when `color`, whose chain next to `lib` is in atari there, saves it
/// by extending at `lib` (`lib` must be a legal move for `color`): the
/// extended chain gets three or more liberties, or gets two and the
/// attacker's ladder fails.
#[must_use]
pub fn extension_escapes(board: &Board, color: Color, lib: Point) -> bool {
    match board.some_liberties_after(color, lib) {
        (_, 0 | 1) => false,
        ([a, b, _], 2) => {
            // Neither atari can work when each leaves a liberty with three
            // empty neighbours or more (`lib` will be a stone by then).
            (opens_wide(board, b, a, Some(lib)) && opens_wide(board, a, b, Some(lib)))
                || with_scratch(board, |pool| extend(board, color, lib, pool))
        }
        _ => true,
    }
}

/// True when `attacker` playing `atari` (a liberty of the enemy chain
/// through `chain`, which has two) catches that chain in a ladder: it can
/// neither capture an attacking chain nor escape by extending. `atari` must
/// be a legal move for `attacker`.
#[must_use]
pub fn atari_captures(board: &Board, attacker: Color, atari: Point, chain: Point) -> bool {
    with_scratch(board, |pool| {
        let (scratch, rest) = pool.split_first_mut().expect("the pool is not empty");
        scratch.copy_from(board);
        scratch.play_unchecked(attacker, atari);
        defender_lost(scratch, attacker.other(), chain, rest)
    })
}

/// Reads `defender` extending at `lib` on a copy of `board`: true when
/// the chain escapes (also when the reading runs out of depth).
fn extend(board: &Board, defender: Color, lib: Point, pool: &mut [Board]) -> bool {
    let Some((scratch, rest)) = pool.split_first_mut() else {
        return true;
    };
    scratch.copy_from(board);
    scratch.play_unchecked(defender, lib);
    match scratch.liberty_count(lib, 3) {
        0 | 1 => false,
        2 => !attacker_wins(scratch, defender, lib, rest),
        _ => true,
    }
}

/// True when extending at `other` after the attacker's atari at `atari`
/// is sure to give three liberties or more: `other` keeps three empty
/// neighbours once `atari` (and `also`, a stone about to be played) are
/// filled. Nothing the atari captures can take one away, so such an atari
/// need not be played out.
fn opens_wide(board: &Board, other: Point, atari: Point, also: Option<Point>) -> bool {
    // The empty neighbours other than the two points being filled (a
    // plain difference of counts would underflow when `also` is not one
    // of them, or not empty).
    other
        .neighbours()
        .iter()
        .filter(|&&n| n != atari && Some(n) != also && board.cell(n) == Cell::Empty)
        .count()
        >= 3
}

/// The attacker's turn against the two-liberty chain through `chain`:
/// true when an atari on one of its liberties wins the ladder.
fn attacker_wins(board: &Board, defender: Color, chain: Point, pool: &mut [Board]) -> bool {
    let attacker = defender.other();
    let libs = board.two_liberties(chain);
    for (atari, other) in [(libs[0], libs[1]), (libs[1], libs[0])] {
        if opens_wide(board, other, atari, None) || !board.is_legal(attacker, atari) {
            continue;
        }
        let Some((scratch, rest)) = pool.split_first_mut() else {
            return false;
        };
        scratch.copy_from(board);
        scratch.play_unchecked(attacker, atari);
        if defender_lost(scratch, defender, chain, rest) {
            return true;
        }
    }
    false
}

/// The defender's turn with the chain through `chain` in atari: true when
/// it is lost (no attacking chain next to it is in atari, and extending
/// fails).
fn defender_lost(board: &Board, defender: Color, chain: Point, pool: &mut [Board]) -> bool {
    if board.color_at(chain) != Some(defender) || !board.in_atari(chain) {
        return false; // the "atari" was none (it was suicide)
    }
    if board.can_capture_next_to(defender, chain) {
        return false;
    }
    let lib = board.atari_liberty(chain);
    if !board.is_legal(defender, lib) {
        return true;
    }
    !extend(board, defender, lib, pool)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    /// White's stone at D4 is in atari at E4; extending runs a ladder to
    /// the lower right, where the edge catches it.
    const LADDER: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X X . . . .
        . . X O . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn a_ladder_to_the_edge_captures() {
        let board = Board::from_diagram(LADDER).unwrap();
        assert!(board.in_atari(v("D4")));
        assert_eq!(board.liberties_after(Color::White, v("E4")), 2);
        assert!(!extension_escapes(&board, Color::White, v("E4")));
        // The atari that started it is a ladder capture.
        let mut before = board.clone();
        before.remove_for_setup(v("D5"));
        assert!(atari_captures(&before, Color::Black, v("D5"), v("D4")));
        // The caller's board is untouched.
        assert_eq!(board, Board::from_diagram(LADDER).unwrap());
    }

    /// A white stone on the ladder's path (F2) breaks it.
    #[test]
    fn a_ladder_breaker_lets_the_chain_escape() {
        let mut board = Board::from_diagram(LADDER).unwrap();
        board.add_stone_setup(Color::White, v("F2"));
        assert!(extension_escapes(&board, Color::White, v("E4")));
        board.remove_for_setup(v("D5"));
        assert!(!atari_captures(&board, Color::Black, v("D5"), v("D4")));
    }

    /// A white stone next to the path but off it (H2) does not: the
    /// attacker chooses the atari that keeps the ladder away from it.
    #[test]
    fn a_stone_beside_the_path_does_not_break_it() {
        let mut board = Board::from_diagram(LADDER).unwrap();
        board.add_stone_setup(Color::White, v("H2"));
        assert!(!extension_escapes(&board, Color::White, v("E4")));
    }

    /// Capturing an attacking stone in atari is an escape: with White
    /// stones at F5 and G4, Black's atari at F4 would stand in atari
    /// itself, and the other atari lets White out.
    #[test]
    fn capturing_an_attacker_escapes() {
        let mut board = Board::from_diagram(LADDER).unwrap();
        board.add_stone_setup(Color::White, v("F5"));
        board.add_stone_setup(Color::White, v("G4"));
        assert_eq!(board.liberties_after(Color::White, v("E4")), 2);
        assert!(extension_escapes(&board, Color::White, v("E4")));
    }

    /// Liberty counts after a move, joins and captures included.
    #[test]
    fn liberties_after_counts_joins_and_captures() {
        let board = Board::from_diagram(
            "
            X O . . .
            . X . . .
            . . . . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        // White A4 captures A5: liberties A5 and A3.
        assert_eq!(board.liberties_after(Color::White, v("A4")), 2);
        // Black C5 captures B5: liberties B5, D5, C4.
        assert_eq!(board.liberties_after(Color::Black, v("C5")), 3);
        // Black A4 joins A5 and B4 and captures nothing: A3, B3, C4.
        assert_eq!(board.liberties_after(Color::Black, v("A4")), 3);
        // White C5 extends B5: D5 and C4.
        assert_eq!(board.liberties_after(Color::White, v("C5")), 2);
    }
}
