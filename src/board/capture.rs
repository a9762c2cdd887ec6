//! Whether a chain is taken by force: a small AND-OR reading of the fight
//! around it ([`taken_by_force`]).
//!
//! The attacker plays on the target's liberties, saves his own chains next
//! to it when they are in atari (extending, or taking a chain in atari next
//! to them); the defender extends the target, fills the liberties of the
//! attacker's short chains next to it (a capturing race), takes one in
//! atari, or passes. The attacker wins when the target's stone is off the
//! board. Lines that run past [`MAX_DEPTH`] moves, or a target that reaches
//! [`ESCAPE_LIBERTIES`] liberties, count as the defender's: the answer
//! "taken" is proved, "not taken" only means the reading did not show it.
//! Simple ko, as the board has it; no ko threats.

use std::collections::HashMap;

use super::{Board, Point};
use crate::color::Color;

/// The most positions one question reads; beyond, the answer is "not
/// shown taken".
pub const NODE_BUDGET: usize = 20_000;

/// The longest line read, in moves and passes.
pub const MAX_DEPTH: usize = 14;

/// A target with this many liberties has escaped, as far as this reading
/// goes.
pub const ESCAPE_LIBERTIES: usize = 5;

/// An attacker chain next to the target with at most this many liberties
/// races it: the defender may fill its liberties.
pub const RACE_LIBERTIES: usize = 4;

/// Whether the chain at `target` is taken whatever its owner does, `first`
/// moving first (see the module documentation). `false` when `target` is
/// empty.
#[must_use]
pub fn taken_by_force(board: &Board, target: Point, first: Color) -> bool {
    taken_by_force_within(board, target, first, NODE_BUDGET)
}

/// [`taken_by_force`] reading at most `budget` positions.
#[must_use]
pub fn taken_by_force_within(board: &Board, target: Point, first: Color, budget: usize) -> bool {
    let Some(defender) = board.color_at(target) else {
        return false;
    };
    let mut reader = Reader {
        target,
        defender,
        nodes: 0,
        budget,
        table: HashMap::new(),
        spare: Vec::new(),
    };
    reader.taken(board, first, MAX_DEPTH, false)
}

struct Reader {
    target: Point,
    defender: Color,
    nodes: usize,
    budget: usize,
    /// Settled positions: (hash, attacker to move) → (taken, depth read
    /// to; `usize::MAX` when taken, which holds at any depth).
    table: HashMap<(u64, bool), (bool, usize)>,
    /// Boards to play children on, one per level being read, kept between
    /// nodes so that a node does not allocate a board of its own.
    spare: Vec<Box<Board>>,
}

impl Reader {
    /// Whether the target is taken from `board`, `to_move` to play, within
    /// `depth` more moves; `passed`: the last move was a pass.
    fn taken(&mut self, board: &Board, to_move: Color, depth: usize, passed: bool) -> bool {
        if board.color_at(self.target) != Some(self.defender) {
            return true;
        }
        if depth == 0
            || self.nodes >= self.budget
            || board.liberty_count(self.target, ESCAPE_LIBERTIES) >= ESCAPE_LIBERTIES
        {
            return false;
        }
        let attacking = to_move != self.defender;
        let key = (board.hash(), attacking);
        if let Some(&(taken, read)) = self.table.get(&key)
            && (taken || read >= depth)
        {
            return taken;
        }
        self.nodes += 1;
        let mut after = self.spare.pop().unwrap_or_else(|| Box::new(board.clone()));
        let moves = self.moves(board, attacking, &mut after);
        let taken = if attacking {
            moves.into_iter().any(|m| {
                after.copy_from(board);
                after.play_unchecked(to_move, m);
                self.taken(&after, to_move.other(), depth - 1, false)
            })
        } else {
            // The defender may pass, but two passes end the reading.
            let pass = !passed && {
                after.copy_from(board);
                after.pass();
                !self.taken(&after, to_move.other(), depth - 1, true)
            };
            !pass
                && moves.into_iter().all(|m| {
                    after.copy_from(board);
                    after.play_unchecked(to_move, m);
                    self.taken(&after, to_move.other(), depth - 1, false)
                })
        };
        self.spare.push(after);
        let read = if taken { usize::MAX } else { depth };
        self.table.insert(key, (taken, read));
        taken
    }

    /// The legal moves of the attacker (`attacking`) or of the defender
    /// (`scratch`: a board to try them on).
    fn moves(&self, board: &Board, attacking: bool, scratch: &mut Board) -> Vec<Point> {
        let (defender, attacker) = (self.defender, self.defender.other());
        let mover = if attacking { attacker } else { defender };
        let liberties = board.liberties(self.target);
        let mut moves = liberties.clone();
        // The attacker chains next to the target.
        let mut partners: Vec<Point> = Vec::new();
        for s in board.chain_stones(self.target) {
            for n in s.neighbours() {
                if board.color_at(n) == Some(attacker) {
                    let head = board.chain_head(n);
                    if !partners.contains(&head) {
                        partners.push(head);
                    }
                }
            }
        }
        for &h in &partners {
            if attacking {
                if board.in_atari(h) {
                    moves.push(board.atari_liberty(h));
                    for s in board.chain_stones(h) {
                        for n in s.neighbours() {
                            if board.color_at(n) == Some(defender) && board.in_atari(n) {
                                moves.push(board.atari_liberty(n));
                            }
                        }
                    }
                }
            } else if board.liberty_count(h, RACE_LIBERTIES + 1) <= RACE_LIBERTIES {
                moves.extend(board.liberties(h));
            }
        }
        let mut seen: Vec<Point> = Vec::with_capacity(moves.len());
        moves.retain(|&m| {
            let fresh = !seen.contains(&m);
            seen.push(m);
            fresh && board.is_legal(mover, m)
        });
        // Moves that shorten the target first, for the attacker; those
        // that lengthen it first, for the defender.
        let mut target_libs =
            |m: &Point| target_liberties_after(board, self.target, &liberties, mover, *m, scratch);
        if attacking {
            moves.sort_by_cached_key(&mut target_libs);
        } else {
            moves.sort_by_cached_key(|m| std::cmp::Reverse(target_libs(m)));
        }
        moves
    }
}

/// The most liberties [`target_liberties_after`] counts.
const COUNTED_MAX: usize = if ESCAPE_LIBERTIES < 4 {
    ESCAPE_LIBERTIES
} else {
    4
};

/// The liberties of `target` (0 once taken) after `mover`'s legal move at
/// `m`, counted as [`Board::liberty_count`] counts them up to
/// [`ESCAPE_LIBERTIES`] (at most 4): `liberties` are the target's now.
/// Worked out from the position where no capture of the attacker's stones
/// is involved (the attacker's move only takes a liberty; a defender's
/// stone joins the target or leaves it alone), else on `scratch`.
fn target_liberties_after(
    board: &Board,
    target: Point,
    liberties: &[Point],
    mover: Color,
    m: Point,
    scratch: &mut Board,
) -> usize {
    let counted = |n: usize| n.min(COUNTED_MAX);
    let defender = board.color_at(target);
    let adjacent = liberties.contains(&m);
    if defender != Some(mover) {
        // Stones of the defender that the attacker takes are not next to
        // the target (they would be part of it), so only `m` changes.
        return match (adjacent, liberties.len()) {
            (true, 1) => 0,
            (true, n) => counted(n - 1),
            (false, n) => counted(n),
        };
    }
    let captures = m
        .neighbours()
        .into_iter()
        .any(|n| board.color_at(n) == Some(mover.other()) && board.in_atari(n));
    if captures {
        scratch.copy_from(board);
        scratch.play_unchecked(mover, m);
        return scratch
            .color_at(target)
            .map_or(0, |_| scratch.liberty_count(target, ESCAPE_LIBERTIES));
    }
    if !adjacent {
        return counted(liberties.len());
    }
    let mut joined: Vec<Point> = liberties.iter().copied().filter(|&l| l != m).collect();
    for n in m.neighbours() {
        match board.color_at(n) {
            None if board.is_on_board(n) && !joined.contains(&n) => joined.push(n),
            Some(c) if c == mover => {
                // A chain with more liberties than are counted keeps that
                // many without `m`: the count is reached.
                let (libs, count) = board.some_liberties::<{ COUNTED_MAX + 1 }>(n);
                if count > COUNTED_MAX {
                    return COUNTED_MAX;
                }
                for &l in &libs[..count] {
                    if l != m && !joined.contains(&l) {
                        joined.push(l);
                    }
                }
            }
            _ => {}
        }
        if joined.len() >= COUNTED_MAX {
            return COUNTED_MAX;
        }
    }
    counted(joined.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    /// Black's A3-C1 chain (five stones) sits inside White's corner group,
    /// which has four liberties (A4, shared, then C5, E1 and F3 beyond
    /// Black's outside stones) and no eye. Black's chain has two, A4 and
    /// B2, where a Black stone would be suicide. White takes it whoever
    /// starts. With C5 and E1 filled and Black to move, Black fills F3 and
    /// White cannot fill B2: not taken.
    const INNER_CHAIN: &str = "
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X . . .
        O X . . . X . . .
        O O . X X X . . .
        . O O O O X . . .
        X X X O O . X . .
        O . X O O O X . .
        . O X O . X . . .";

    #[test]
    fn an_enclosed_chain_short_of_liberties_is_taken_whoever_starts() {
        let board = Board::from_diagram(INNER_CHAIN).unwrap();
        for first in Color::ALL {
            assert!(taken_by_force(&board, v("C3"), first), "{first:?} first");
        }
        let mut short = board.clone();
        short.play_unchecked(Color::Black, v("C5"));
        short.play_unchecked(Color::Black, v("E1"));
        assert!(!taken_by_force(&short, v("C3"), Color::Black));
    }

    /// A lone stone in the open with four liberties is not taken.
    #[test]
    fn a_free_stone_is_not_taken() {
        let mut board = Board::new(9);
        board.play_unchecked(Color::Black, v("E5"));
        assert!(!taken_by_force(&board, v("E5"), Color::White));
        assert!(!taken_by_force(&board, v("A1"), Color::White));
    }
}
