//! Legality and the liberties a move would leave: why a move is illegal
//! ([`IllegalMove`]), the fast legality test of playouts, suicide and
//! capture tests, and the self-atari tests that read liberties after a
//! move without playing it.

use std::fmt;

use super::chain::{ChainData, NO_CHAIN};
use super::neighbourhood::{ORTHO_LOW, fields_holding};
use super::{Board, Cell, Move, Point};
use crate::color::Color;

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point already holds a stone.
    Occupied,
    /// The move would leave its own chain without liberties.
    Suicide,
    /// Immediate recapture of a simple ko.
    Ko,
    /// The move repeats an earlier whole-board position (superko rules).
    Superko,
    /// The point is not on this board.
    OffBoard,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::Occupied => "point is occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko recapture",
            IllegalMove::Superko => "repeats an earlier position",
            IllegalMove::OffBoard => "point is off the board",
        })
    }
}

impl std::error::Error for IllegalMove {}

impl Board {
    /// Why `color` may not play `mv` here (simple ko only; suicide illegal),
    /// or `Ok` when it may.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(p) = mv else { return Ok(()) };
        if !self.is_on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if self.cell(p) != Cell::Empty {
            return Err(IllegalMove::Occupied);
        }
        if self.ko == Some((p, color)) {
            return Err(IllegalMove::Ko);
        }
        if self.is_suicide(color, p) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// Fast legality test for a stone at the empty on-board point `p`:
    /// not simple ko, not suicide.
    #[must_use]
    #[inline]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        debug_assert!(self.is_on_board(p));
        self.cell(p) == Cell::Empty && self.ko != Some((p, color)) && !self.is_suicide(color, p)
    }

    /// True when a stone of `color` at the empty point `p` would have no
    /// liberties and capture nothing.
    #[must_use]
    #[inline]
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        if fields_holding(self.pat3[p.index()], Cell::Empty) & ORTHO_LOW != 0 {
            return false;
        }
        let own = Cell::stone(color);
        // Own chain: safe to join unless `p` is its last liberty. Enemy
        // chain: capturing it unless `p` is not its last liberty. Folded
        // without branches (an off-board neighbour reads the scratch
        // chain `NO_CHAIN`, and is masked out).
        let mut safe = false;
        for n in p.neighbours() {
            let cell = self.cell(n);
            let atari = self.chains[self.head[n.index()].index()].in_atari();
            safe |= (cell != Cell::Border) & ((cell == own) != atari);
        }
        !safe
    }

    /// True when a stone of `color` at the empty point `p` would capture:
    /// an enemy chain next to `p` has it as its last liberty.
    #[must_use]
    pub fn is_capture(&self, color: Color, p: Point) -> bool {
        p.neighbours().iter().any(|&n| {
            self.color_at(n) == Some(color.other())
                && self.in_atari(n)
                && self.atari_liberty(n) == p
        })
    }

    /// The number of distinct liberties, counted up to 3, that the chain of
    /// a stone of `color` at the empty point `p` would have, captures
    /// included.
    #[must_use]
    pub fn liberties_after(&self, color: Color, p: Point) -> usize {
        self.some_liberties_after(color, p).1
    }

    /// Up to 3 distinct liberties that the chain of a stone of `color` at
    /// the empty point `p` would have, captures included, and how many
    /// were found (fewer than 3 means all of them).
    #[must_use]
    pub fn some_liberties_after(&self, color: Color, p: Point) -> ([Point; 3], usize) {
        const LIMIT: usize = 3;
        let own = Cell::stone(color);
        let enemy = Cell::stone(color.other());
        // Heads of the enemy chains the move captures, and of the own
        // chains it joins.
        let mut captured = [p; 4];
        let mut joined = [p; 4];
        let (mut num_captured, mut num_joined) = (0, 0);
        for n in p.neighbours() {
            let cell = self.cell(n);
            if cell == enemy || cell == own {
                let h = self.head[n.index()];
                if cell == enemy && self.in_atari(n) && !captured[..num_captured].contains(&h) {
                    captured[num_captured] = h;
                    num_captured += 1;
                } else if cell == own && !joined[..num_joined].contains(&h) {
                    joined[num_joined] = h;
                    num_joined += 1;
                }
            }
        }
        let mut libs = [p; LIMIT];
        let mut count = 0;
        // A neighbour of the new chain is a liberty when empty (other than
        // `p`) or a stone of a captured chain.
        let mut count_around = |s: Point, count: &mut usize| -> bool {
            for l in s.neighbours() {
                let cell = self.cell(l);
                let free = (cell == Cell::Empty && l != p)
                    || (cell == enemy && captured[..num_captured].contains(&self.head[l.index()]));
                if free && !libs[..*count].contains(&l) {
                    libs[*count] = l;
                    *count += 1;
                    if *count == LIMIT {
                        return true;
                    }
                }
            }
            false
        };
        if count_around(p, &mut count) {
            return (libs, LIMIT);
        }
        for &h in &joined[..num_joined] {
            for s in self.chain_stones(h) {
                if count_around(s, &mut count) {
                    return (libs, LIMIT);
                }
            }
        }
        (libs, count)
    }

    /// True when a stone of `color` at the empty point `p` would form a
    /// chain of two or more stones with a single liberty, capturing nothing:
    /// the self-atari that status playouts refuse (it is how random play
    /// destroys seki and its own big groups). Single-stone throw-ins stay
    /// allowed: they are how eyes are killed.
    #[must_use]
    #[inline]
    pub fn is_big_self_atari(&self, color: Color, p: Point) -> bool {
        let empty = fields_holding(self.pat3[p.index()], Cell::Empty) & ORTHO_LOW;
        if empty & empty.wrapping_sub(1) != 0 {
            // Two empty neighbours or more.
            return false;
        }
        self.joined_liberties(color, p)
            .is_some_and(|chain| chain.size >= 2 && chain.in_atari())
    }

    /// True when the chain of a stone of `color` at the empty point `p`
    /// would have two liberties or more, captures included: the same as
    /// `liberties_after(color, p) >= 2`, without walking the chains unless
    /// the move captures.
    #[must_use]
    #[inline]
    pub fn has_two_liberties_after(&self, color: Color, p: Point) -> bool {
        match self.joined_liberties(color, p) {
            Some(chain) => !chain.in_atari(),
            None => self.liberties_after(color, p) >= 2,
        }
    }

    /// The chain a stone of `color` at the empty point `p` would form,
    /// when it captures nothing (`None` when it captures): its size and
    /// its pseudo-liberties, which are those of `p` and of the own chains
    /// it joins, less the adjacencies to `p` itself. Each own stone next to
    /// `p` counts `p` once among its chain's pseudo-liberties, so taking
    /// `p` off once per such stone leaves exactly the other liberties: the
    /// chain then has at most one liberty when they are all the same point
    /// ([`ChainData::in_atari`]), with no chain walked.
    #[inline]
    fn joined_liberties(&self, color: Color, p: Point) -> Option<ChainData> {
        let enemy = Cell::stone(color.other());
        if self.neighbours_holding(p, enemy).any(|n| self.in_atari(n)) {
            return None;
        }
        let mut chain = ChainData {
            libs: 0,
            size: 1,
            lib_sum: 0,
            lib_sum2: 0,
        };
        for n in self.neighbours_holding(p, Cell::Empty) {
            chain.add_lib(n);
        }
        let mut joined = [NO_CHAIN; 4];
        for (i, n) in self.neighbours_holding(p, Cell::stone(color)).enumerate() {
            let h = self.head[n.index()];
            if !joined.contains(&h) {
                joined[i] = h;
                chain.absorb(&self.chains[h.index()]);
            }
            // This stone's chain, absorbed by now, counted `p` once for it.
            chain.remove_lib(p);
        }
        Some(chain)
    }
}
