//! MoGo's 3×3 playout patterns (Gelly, Wang, Munos, Teytaud, "Modification
//! of UCT with Patterns in Monte-Carlo Go", INRIA RR-6062, 2006): hane,
//! cut and edge shapes around the last move that a playout should answer.
//!
//! A point's neighbourhood is coded in 16 bits (2 bits for each of the 8
//! surrounding cells: empty, black, white, off-board), kept by the board
//! as stones come and go ([`Board::neighbourhood`]); a 64K-bit table, built
//! once from the patterns below in all 8 symmetries and both colourings,
//! answers "is this a pattern point?" in one load.

use std::sync::OnceLock;

use super::{Board, Cell, Point};

/// The patterns, rows top to bottom, the centre being the candidate move
/// for the player to move. `X` the player to move, `O` the opponent, `.`
/// empty, `x` anything but `X`, `o` anything but `O`, `?` anything, `#`
/// off the board.
const PATTERNS: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane enclosing
    ["XO.", "...", "?.?"], // hane, non-cutting
    ["XO?", "X..", "x.?"], // hane, magari
    [".O.", "X..", "..."], // attachment from the side
    ["XO?", "O.o", "?o?"], // cut, unprotected
    ["XO?", "O.X", "???"], // cut, peeped
    ["?X?", "O.O", "ooo"], // cut-through (de)
    ["OX?", "o.O", "???"], // keima cut
    ["X.?", "O.?", "###"], // edge: chase
    ["OX?", "X.O", "###"], // edge: block the side cut
    ["?X?", "x.O", "###"], // edge: block the side connection
    ["?XO", "x.x", "###"], // edge: sagari
    ["?OX", "X.O", "###"], // edge: cut
];

/// The pattern grid cells (row from the top, column) in the bit order of
/// [`Board::neighbourhood`]: the neighbours below, left, right and above,
/// then the diagonals below left, below right, above left, above right.
const CODE_ORDER: [(usize, usize); 8] = [
    (2, 1),
    (1, 0),
    (1, 2),
    (0, 1),
    (2, 0),
    (2, 2),
    (0, 0),
    (0, 2),
];

/// True when `p` (empty) is the centre of a pattern, for either player.
#[must_use]
#[inline]
pub fn is_pattern_point(board: &Board, p: Point) -> bool {
    patterns().matches(board.neighbourhood(p))
}

/// Every neighbourhood code that is a pattern's, as a bit set (8 KB, so
/// it stays in the L1 cache).
pub struct PatternTable {
    bits: Box<[u64; (1 << 16) / 64]>,
}

impl PatternTable {
    /// True when a point with the neighbourhood code `code` (see
    /// [`Board::neighbourhood`]) is the centre of a pattern.
    #[must_use]
    #[inline]
    pub fn matches(&self, code: u16) -> bool {
        let code = usize::from(code);
        self.bits[code / 64] >> (code % 64) & 1 != 0
    }
}

/// The table, built on first use. Callers testing several points fetch it
/// once.
#[must_use]
pub fn patterns() -> &'static PatternTable {
    static TABLE: OnceLock<PatternTable> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// Allowed cells (bit set over codes 0..4) for a pattern character, with
/// `mine` the cell of the player to move.
fn allowed(ch: u8, mine: Cell, theirs: Cell) -> u8 {
    let bit = |c: Cell| 1u8 << (c as u8);
    match ch {
        b'X' => bit(mine),
        b'O' => bit(theirs),
        b'.' => bit(Cell::Empty),
        b'#' => bit(Cell::Border),
        b'x' => 0b1111 & !bit(mine),
        b'o' => 0b1111 & !bit(theirs),
        _ => 0b1111,
    }
}

fn build_table() -> PatternTable {
    let mut table = Box::new([0u64; (1 << 16) / 64]);
    for pattern in PATTERNS {
        let grid: Vec<Vec<u8>> = pattern.iter().map(|r| r.as_bytes().to_vec()).collect();
        for symmetry in 0..8 {
            let cells = transform(&grid, symmetry);
            for (mine, theirs) in [(Cell::Black, Cell::White), (Cell::White, Cell::Black)] {
                let sets: Vec<u8> = CODE_ORDER
                    .iter()
                    .map(|&(r, c)| allowed(cells[r][c], mine, theirs))
                    .collect();
                mark(&mut table[..], &sets, 0, 0);
            }
        }
    }
    PatternTable { bits: table }
}

/// Marks every code whose cells lie in `sets`.
fn mark(table: &mut [u64], sets: &[u8], i: usize, code: u16) {
    if i == sets.len() {
        let code = usize::from(code);
        table[code / 64] |= 1 << (code % 64);
        return;
    }
    for c in 0..4u16 {
        if sets[i] & (1 << c) != 0 {
            mark(table, sets, i + 1, code | (c << (2 * i)));
        }
    }
}

/// The pattern grid under one of the 8 symmetries of the square.
fn transform(grid: &[Vec<u8>], symmetry: u8) -> [[u8; 3]; 3] {
    let mut out = [[b'?'; 3]; 3];
    for (r, row) in out.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let (mut rr, mut cc) = (r, c);
            if symmetry & 1 != 0 {
                cc = 2 - cc;
            }
            if symmetry & 2 != 0 {
                rr = 2 - rr;
            }
            if symmetry & 4 != 0 {
                std::mem::swap(&mut rr, &mut cc);
            }
            *cell = grid[rr][cc];
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    /// A hane shape matches in every orientation and colouring; an empty
    /// neighbourhood does not.
    #[test]
    fn hane_matches_in_all_orientations() {
        let b = Board::from_diagram(
            "
            . . . . . . .
            . X O X . . .
            . . . . . . .
            . . . . . . .
            . . . . O X O
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        assert!(is_pattern_point(&b, v("C5"))); // under the X O X hane
        assert!(is_pattern_point(&b, v("F2"))); // above the O X O (colours swapped, flipped)
        assert!(!is_pattern_point(&b, v("B2")));
        assert!(!is_pattern_point(&Board::new(9), v("E5")));
    }

    /// Edge patterns need the board edge below.
    #[test]
    fn edge_patterns_need_the_edge() {
        let b = Board::from_diagram(
            "
            . . . . .
            . . . . .
            . . . . .
            . O X . .
            . X . O .",
        )
        .unwrap();
        // "OX?" / "X.O" / "###": the cut on the first line at C1.
        assert!(is_pattern_point(&b, v("C1")));
    }
}
