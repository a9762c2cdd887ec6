//! Setup positions: a board built from a list of stones (no captures),
//! and why such a position can be invalid.

use std::fmt;

use super::chain::ChainData;
use super::{Board, Cell, Point};
use crate::color::Color;

impl Board {
    /// A board of side `size` with the given stones, placed as setup (no
    /// captures). Prisoner counts are taken from `captures`.
    ///
    /// # Errors
    /// [`SetupError`] when a point is off the board or a chain ends up with
    /// no liberties.
    pub fn from_stones(
        size: usize,
        stones: &[(Point, Color)],
        captures: [u32; 2],
    ) -> Result<Board, SetupError> {
        let mut board = Board::new(size);
        for &(p, color) in stones {
            if !board.is_on_board(p) {
                return Err(SetupError::OffBoard(p));
            }
            if board.cell(p) != Cell::Empty {
                board.remove_for_setup(p);
            }
            board.add_stone_setup(color, p);
        }
        board.captures = captures;
        match board
            .points()
            .find(|&p| board.color_at(p).is_some() && board.liberties(p).is_empty())
        {
            Some(p) => Err(SetupError::NoLiberties(p)),
            None => Ok(board),
        }
    }

    /// Adds a stone without capturing anything (setup).
    pub(super) fn add_stone_setup(&mut self, color: Color, p: Point) {
        let own = Cell::stone(color);
        self.place_stone(color, p);
        self.chains[p.index()] = ChainData {
            libs: 0,
            size: 1,
            lib_sum: 0,
            lib_sum2: 0,
        };
        for n in p.neighbours() {
            let cell = self.cell(n);
            if cell == Cell::Empty {
                let h = self.head[p.index()];
                self.chains[h.index()].add_lib(n);
            } else if cell == own {
                let h = self.head[n.index()];
                self.chains[h.index()].remove_lib(p);
                let hp = self.head[p.index()];
                if h != hp {
                    self.merge(hp, h);
                }
            } else if cell != Cell::Border {
                let h = self.head[n.index()];
                self.chains[h.index()].remove_lib(p);
            }
        }
        self.ko = None;
    }

    /// Rebuilds the board without the stone at `p` (setup; rare and slow).
    pub(super) fn remove_for_setup(&mut self, p: Point) {
        let stones: Vec<_> = self.stones().into_iter().filter(|&(q, _)| q != p).collect();
        let mut rebuilt = Board::new(self.size);
        for (q, c) in stones {
            rebuilt.add_stone_setup(c, q);
        }
        rebuilt.captures = self.captures;
        *self = rebuilt;
    }
}

/// Why a setup position is invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A stone lies off the board.
    OffBoard(Point),
    /// A chain has no liberties.
    NoLiberties(Point),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OffBoard(p) => write!(f, "stone off the board at {p}"),
            SetupError::NoLiberties(p) => write!(f, "chain without liberties at {p}"),
        }
    }
}

impl std::error::Error for SetupError {}
