//! The 3×3 neighbourhood code of every point (the 8 cells around it, 2
//! bits a cell), kept up to date as stones come and go, and what is read
//! from it: eyes, empty neighbours, the neighbours holding a given cell.

use super::{Board, Cell, Point};
use crate::color::Color;

/// Low bit of each of the four orthogonal fields of a neighbourhood code
/// (see [`Board::neighbourhood`]): set for a Black stone or the border.
pub(super) const ORTHO_LOW: u16 = 0x55;
/// Low bit of each of the four diagonal fields.
const DIAG_LOW: u16 = 0x5500;

/// The number of fields whose low bit is set in `bits` (a subset of
/// [`ORTHO_LOW`]); no `popcnt` needed.
#[inline]
fn count_fields(bits: u16) -> u16 {
    let pairs = (bits & 0x11) + ((bits >> 2) & 0x11);
    (pairs & 0xF) + (pairs >> 4)
}

/// The fields of `code` (orthogonal or diagonal) that hold `cell`, as
/// their low bits.
#[inline]
pub(super) fn fields_holding(code: u16, cell: Cell) -> u16 {
    // A field equals `cell` when no bit differs from it.
    let diff = code ^ (cell as u16 * 0x5555);
    !(diff | (diff >> 1)) & (ORTHO_LOW | DIAG_LOW)
}

/// The iterator of [`Board::neighbours_holding`] (`N` = 4) and
/// [`Board::around_holding`] (`N` = 8).
pub struct CellsHolding<const N: usize> {
    points: [Point; N],
    /// The low bit of each field still to visit (field `i` is
    /// `points[i]`).
    fields: u16,
}

impl<const N: usize> Iterator for CellsHolding<N> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.fields == 0 {
            return None;
        }
        let i = self.fields.trailing_zeros() as usize / 2;
        self.fields &= self.fields - 1;
        Some(self.points[i % N])
    }
}

impl Board {
    /// True when `p` is an eye of `color` by the standard playout rule: every
    /// neighbour is `color` or off-board, and at most one diagonal is an
    /// enemy stone (none when `p` is on the edge).
    #[must_use]
    #[inline]
    pub fn is_eye(&self, color: Color, p: Point) -> bool {
        let code = self.pat3[p.index()];
        // Own stones and the border share the colour's bit (Black 01,
        // White 10, border 11).
        let own_bit = Cell::stone(color) as u16 * ORTHO_LOW;
        if code & own_bit != own_bit {
            return false;
        }
        let on_edge = u16::from(fields_holding(code, Cell::Border) & ORTHO_LOW != 0);
        let enemy_diagonals = count_fields(fields_holding(code, Cell::stone(color.other())) >> 8);
        enemy_diagonals + on_edge <= 1
    }

    /// The number of empty points next to `p`.
    #[must_use]
    #[inline]
    pub fn empty_neighbours(&self, p: Point) -> usize {
        usize::from(count_fields(
            fields_holding(self.pat3[p.index()], Cell::Empty) & ORTHO_LOW,
        ))
    }

    /// The 8 cells around `p` as a 16-bit code, 2 bits a cell ([`Cell`]
    /// codes: empty 0, Black 1, White 2, border 3): bits `2i..2i+2` hold
    /// the cell at `p.neighbours()[i]`, bits `8+2i..8+2i+2` the cell at
    /// `p.diagonals()[i]`. Kept incrementally, so reading it is one load
    /// (the MoGo patterns are looked up with it).
    #[must_use]
    #[inline]
    pub fn neighbourhood(&self, p: Point) -> u16 {
        self.pat3[p.index()]
    }

    /// The orthogonal neighbours of `p` holding `cell`, read from the
    /// neighbourhood code (no branch per neighbour on its content).
    #[must_use]
    #[inline]
    pub fn neighbours_holding(&self, p: Point, cell: Cell) -> CellsHolding<4> {
        CellsHolding {
            points: p.neighbours(),
            fields: fields_holding(self.pat3[p.index()], cell) & ORTHO_LOW,
        }
    }

    /// The 8 points around `p` holding `cell`, the orthogonal neighbours
    /// first, then the diagonals (in [`Point::neighbours`] and
    /// [`Point::diagonals`] order), read from the neighbourhood code.
    #[must_use]
    #[inline]
    pub fn around_holding(&self, p: Point, cell: Cell) -> CellsHolding<8> {
        let [n0, n1, n2, n3] = p.neighbours();
        let [d0, d1, d2, d3] = p.diagonals();
        CellsHolding {
            points: [n0, n1, n2, n3, d0, d1, d2, d3],
            fields: fields_holding(self.pat3[p.index()], cell),
        }
    }

    /// Adds (or takes) the cell code `cell` of `p` to (from) the
    /// neighbourhood codes of the 8 points around it, where `p` is the
    /// opposite neighbour or diagonal (index `3 - i` of `i`).
    #[inline]
    pub(super) fn update_neighbourhoods(&mut self, p: Point, cell: u16, op: fn(u16, u16) -> u16) {
        for (i, n) in p.neighbours().into_iter().enumerate() {
            let code = &mut self.pat3[n.index()];
            *code = op(*code, cell << (2 * (3 - i)));
        }
        for (i, d) in p.diagonals().into_iter().enumerate() {
            let code = &mut self.pat3[d.index()];
            *code = op(*code, cell << (8 + 2 * (3 - i)));
        }
    }

    /// The neighbourhood code of `p`, read from the cells.
    pub(super) fn count_neighbourhood(&self, p: Point) -> u16 {
        let mut code = 0;
        for (i, n) in p.neighbours().into_iter().enumerate() {
            code |= (self.cell(n) as u16) << (2 * i);
        }
        for (i, d) in p.diagonals().into_iter().enumerate() {
            code |= (self.cell(d) as u16) << (8 + 2 * i);
        }
        code
    }
}
