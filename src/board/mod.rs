//! The fast board: stones, chains, captures, simple ko and a Zobrist hash.
//!
//! This is the playout board (KataGo's `Board`, libego's `RawBoard`): it knows
//! nothing of komi, scoring systems, whose turn it is or superko. Those live in
//! [`crate::rules`].
//!
//! Representation:
//! - a padded 1-D array of [`Cell`]s with a fixed stride (see [`point`]);
//! - chains as circular linked lists (`next`) with a head label per stone
//!   (`head`); merging relabels the smaller chain;
//! - per chain, *pseudo-liberties* (libego): the number of (stone, empty
//!   neighbour) adjacencies, with the sum and sum of squares of those empty
//!   points. Zero pseudo-liberties means captured; the chain is in atari
//!   exactly when `count * sum2 == sum * sum` (all liberties are one point);
//! - a list of empty points with O(1) swap-remove, for random move choice.
//!
//! [`Board::play`] checks legality and returns a typed [`IllegalMove`];
//! [`Board::play_unchecked`] is the playout fast path. Its contract: the move
//! must be legal (on board, empty, not simple ko, not suicide unless suicide
//! is intended); an illegal move may leave the board inconsistent, but never
//! causes undefined behaviour.
//!
//! Files, one job each:
//! - `mod.rs`: [`Cell`], the [`Board`] struct, construction, accessors and
//!   the play path ([`Board::play`], [`Board::play_unchecked`], stone
//!   placement and the empty-point list);
//! - `chain.rs`: chain and liberty bookkeeping (chain data, merging,
//!   capture removal, liberty and atari queries);
//! - `legality.rs`: [`IllegalMove`], legality, suicide and capture tests,
//!   liberties after a move, self-atari;
//! - `neighbourhood.rs`: the 3×3 neighbourhood codes and what is read from
//!   them (eyes, neighbours holding a cell);
//! - `area.rs`: area owner and area count, [`Region`]s;
//! - `setup.rs`: [`Board::from_stones`] and [`SetupError`];
//! - `consistency.rs`: [`Board::check_consistency`];
//! - `zobrist.rs`: the hash keys; `diagram.rs`: text diagrams;
//!   `point.rs`: points and moves; `vertex.rs`: their `D4` notation
//!   (`Display`, `FromStr`); `ladder.rs`: ladder reading; `pattern.rs`:
//!   MoGo patterns; `tactics.rs`: the playouts' local tactical replies
//!   (captures, escapes, counter-captures, the nakade vital point);
//!   `playout.rs`: the playouts and their move pickers on this board.

mod area;
pub mod capture;
mod chain;
mod consistency;
mod diagram;
pub mod ladder;
mod legality;
mod neighbourhood;
pub mod pattern;
pub mod playout;
pub mod point;
pub mod semeai;
mod setup;
pub mod tactics;
pub mod vertex;
mod zobrist;

use std::fmt;

use crate::color::Color;
pub use area::Region;
use chain::ChainData;
pub use chain::ChainStones;
pub use consistency::Inconsistency;
pub use diagram::DiagramError;
pub use legality::IllegalMove;
pub use neighbourhood::CellsHolding;
use neighbourhood::{ORTHO_LOW, fields_holding};
pub use point::{ARRAY_LEN, MAX_POINTS, MAX_SIZE, MIN_SIZE, Move, Point, STRIDE};
pub use setup::SetupError;
pub use vertex::{COLUMN_LETTERS, VertexError};
use zobrist::STONE_KEYS;

/// The content of one cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    /// An empty intersection.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Off the board.
    Border = 3,
}

impl Cell {
    /// The cell holding a stone of `color`.
    #[must_use]
    #[inline]
    pub fn stone(color: Color) -> Cell {
        color.fold(Cell::Black, Cell::White)
    }

    /// The stone's colour, if the cell holds one.
    #[must_use]
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            Cell::Empty | Cell::Border => None,
        }
    }
}

/// A Go board of side 2…25 with chains, captures, simple ko and a hash.
#[derive(Clone)]
pub struct Board {
    /// Side length.
    size: usize,
    /// Cells of the padded array; everything off the board is `Border`.
    cells: [Cell; ARRAY_LEN],
    /// For each stone, the head point of its chain (the chain's label).
    head: [Point; ARRAY_LEN],
    /// For each stone, the next stone of its chain (a circular list).
    next: [Point; ARRAY_LEN],
    /// Chain bookkeeping, indexed by head point.
    chains: [ChainData; ARRAY_LEN],
    /// Empty points, in no particular order; the first `num_empty` are valid.
    empties: [Point; ARRAY_LEN],
    /// For each point, the cells around it as a 16-bit code (see
    /// [`Board::neighbourhood`]), kept up to date as stones come and go:
    /// one load answers "eyelike?", "has an empty neighbour?" and "is this
    /// a MoGo pattern?".
    pat3: [u16; ARRAY_LEN],
    /// For each empty point, its index in `empties`.
    empty_pos: [u16; ARRAY_LEN],
    /// Number of empty points.
    num_empty: usize,
    /// The simple-ko point and the colour barred from playing there.
    ko: Option<(Point, Color)>,
    /// Zobrist hash of the stones (not of ko or side to move).
    hash: u64,
    /// Stones captured *by* each colour (the prisoners it holds).
    captures: [u32; 2],
}

impl Board {
    /// An empty board of side `size`.
    ///
    /// # Panics
    /// If `size` is outside [`MIN_SIZE`]`..=`[`MAX_SIZE`]; callers validate
    /// user input first (GTP answers `unacceptable size`).
    #[must_use]
    pub fn new(size: usize) -> Board {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&size),
            "board size {size} out of range"
        );
        let mut board = Board {
            size,
            cells: [Cell::Border; ARRAY_LEN],
            head: [Point::from_index(0); ARRAY_LEN],
            next: [Point::from_index(0); ARRAY_LEN],
            chains: [ChainData::default(); ARRAY_LEN],
            empties: [Point::from_index(0); ARRAY_LEN],
            pat3: [0; ARRAY_LEN],
            empty_pos: [0; ARRAY_LEN],
            num_empty: 0,
            ko: None,
            hash: 0,
            captures: [0; 2],
        };
        for row in 0..size {
            for col in 0..size {
                let p = Point::new(col, row).expect("size is at most MAX_SIZE");
                board.cells[p.index()] = Cell::Empty;
                board.add_empty(p);
            }
        }
        for p in board.points() {
            board.pat3[p.index()] = board.count_neighbourhood(p);
        }
        board
    }

    /// Makes `self` equal to `other`, copying only the part of the arrays that
    /// a board of `other`'s size uses. Much cheaper than `clone` on small
    /// boards; this is how playouts start from a tree position.
    pub fn copy_from(&mut self, other: &Board) {
        let used = (other.size + 2) * STRIDE;
        if self.size > other.size {
            // Cells beyond `used` must read as border for the smaller board.
            let old_used = (self.size + 2) * STRIDE;
            self.cells[used..old_used].fill(Cell::Border);
        }
        self.size = other.size;
        self.cells[..used].copy_from_slice(&other.cells[..used]);
        self.head[..used].copy_from_slice(&other.head[..used]);
        self.next[..used].copy_from_slice(&other.next[..used]);
        self.chains[..used].copy_from_slice(&other.chains[..used]);
        self.pat3[..used].copy_from_slice(&other.pat3[..used]);
        self.empty_pos[..used].copy_from_slice(&other.empty_pos[..used]);
        self.empties[..other.num_empty].copy_from_slice(&other.empties[..other.num_empty]);
        self.num_empty = other.num_empty;
        self.ko = other.ko;
        self.hash = other.hash;
        self.captures = other.captures;
    }

    /// Side length.
    #[must_use]
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// All points of this board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |row| {
            (0..size).map(move |col| Point::from_index((row + 1) * STRIDE + col + 1))
        })
    }

    /// The cell at `p`.
    #[must_use]
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// The colour of the stone at `p`, if any.
    #[must_use]
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.cell(p).color()
    }

    /// True when `p` is on this board.
    #[must_use]
    #[inline]
    pub fn is_on_board(&self, p: Point) -> bool {
        p.index() < MAX_POINTS && self.cell(p) != Cell::Border
    }

    /// The empty points, in an unspecified order.
    #[must_use]
    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        &self.empties[..self.num_empty]
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.size * self.size - self.num_empty
    }

    /// Zobrist hash of the stones on the board.
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The simple-ko point, if any, and the colour that may not play there.
    #[must_use]
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Stones captured by `color` so far (its prisoners).
    #[must_use]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The stones on the board, row by row from the bottom.
    #[must_use]
    pub fn stones(&self) -> Vec<(Point, Color)> {
        self.points()
            .filter_map(|p| self.color_at(p).map(|c| (p, c)))
            .collect()
    }

    /// Plays `mv` for `color` if legal (simple ko, no suicide).
    ///
    /// # Errors
    /// The reason the move is illegal; the board is then unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.check_move(color, mv)?;
        match mv {
            Move::Play(p) => self.play_unchecked(color, p),
            Move::Pass => self.pass(),
        }
        Ok(())
    }

    /// A pass: clears the ko point.
    #[inline]
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Places a stone of `color` at `p`, capturing enemy chains left without
    /// liberties. A suicide removes the player's own chain (scored as a
    /// capture by the opponent), so rules that allow suicide can use this.
    ///
    /// The move must be on the board, on an empty point and not a simple-ko
    /// recapture; see the module docs for the contract.
    #[inline]
    pub fn play_unchecked(&mut self, color: Color, p: Point) {
        debug_assert!(
            self.cell(p) == Cell::Empty,
            "play_unchecked on a non-empty point"
        );
        let own = Cell::stone(color);
        let enemy = Cell::stone(color.other());
        // Whether a stone is next to `p`: a field reading 01 or 10.
        let code = self.pat3[p.index()];
        let next_to_stone = (code ^ (code >> 1)) & ORTHO_LOW != 0;
        self.place_stone(color, p);
        // First pass, without branches on the neighbours' contents: the
        // new stone's liberties, and one pseudo-liberty off each chain next
        // to it (empty and border cells take it off the unused chain
        // `NO_CHAIN`).
        let mut new = ChainData {
            libs: 0,
            size: 1,
            lib_sum: 0,
            lib_sum2: 0,
        };
        for n in p.neighbours() {
            let empty = u32::from(self.cell(n) == Cell::Empty);
            let i = n.index() as u32;
            new.libs += empty as u16;
            new.lib_sum += empty * i;
            new.lib_sum2 += empty * i * i;
            let h = self.head[n.index()];
            self.chains[h.index()].take_lib(p);
        }
        self.chains[p.index()] = new;
        // Second pass: merges and captures. `hp` is the head of the new
        // stone's chain; merges may change it.
        // The neighbours holding own and enemy stones come from the
        // neighbourhood code as bit sets, so the loops visit only those
        // (a branch per neighbour on its colour mispredicts often).
        let mut hp = p;
        let mut captured = 0;
        let mut captured_at = p;
        if next_to_stone {
            let neighbours = p.neighbours();
            let mut own_bits = fields_holding(code, own) & ORTHO_LOW;
            while own_bits != 0 {
                let n = neighbours[own_bits.trailing_zeros() as usize / 2];
                own_bits &= own_bits - 1;
                let h = self.head[n.index()];
                if h != hp {
                    hp = self.merge(hp, h);
                }
            }
            let mut enemy_bits = fields_holding(code, enemy) & ORTHO_LOW;
            while enemy_bits != 0 {
                let n = neighbours[enemy_bits.trailing_zeros() as usize / 2];
                enemy_bits &= enemy_bits - 1;
                // A chain captured through an earlier neighbour is gone.
                let h = self.head[n.index()];
                if self.cell(n) == enemy && self.chains[h.index()].libs == 0 {
                    captured += self.remove_chain(h);
                    captured_at = n;
                }
            }
        }
        let chain = self.chains[hp.index()];
        self.ko = None;
        if captured == 1 && chain.size == 1 && chain.libs == 1 {
            self.ko = Some((captured_at, color.other()));
        } else if chain.libs == 0 {
            self.remove_chain(hp);
        }
    }

    /// Writes a stone at `p` as the head of its own chain; the caller
    /// writes the chain's data.
    #[inline]
    fn place_stone(&mut self, color: Color, p: Point) {
        self.remove_empty(p);
        self.cells[p.index()] = Cell::stone(color);
        self.hash ^= STONE_KEYS[color.index()][p.index()];
        self.update_neighbourhoods(p, Cell::stone(color) as u16, u16::wrapping_add);
        self.head[p.index()] = p;
        self.next[p.index()] = p;
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        self.empties[self.num_empty & (ARRAY_LEN - 1)] = p;
        self.empty_pos[p.index()] = self.num_empty as u16;
        self.num_empty += 1;
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let i = usize::from(self.empty_pos[p.index()]) & (ARRAY_LEN - 1);
        self.num_empty -= 1;
        let last = self.empties[self.num_empty & (ARRAY_LEN - 1)];
        self.empties[i] = last;
        self.empty_pos[last.index()] = i as u16;
    }

    /// Swaps two entries of the empty-point list (used by playouts to keep a
    /// window of untried candidates).
    #[inline]
    pub fn swap_empties(&mut self, i: usize, j: usize) {
        let (i, j) = (i & (ARRAY_LEN - 1), j & (ARRAY_LEN - 1));
        let (a, b) = (self.empties[i], self.empties[j]);
        self.empties[i] = b;
        self.empties[j] = a;
        self.empty_pos[a.index()] = j as u16;
        self.empty_pos[b.index()] = i as u16;
    }
}

impl PartialEq for Board {
    /// Boards are equal when size, stones, ko and prisoners are.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.hash == other.hash
            && self.ko == other.ko
            && self.captures == other.captures
            && self.points().all(|p| self.cell(p) == other.cell(p))
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board {{ ko: {:?}, captures: {:?}\n{self}}}",
            self.ko, self.captures
        )
    }
}

#[cfg(test)]
mod tests;
