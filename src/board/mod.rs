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

mod diagram;
pub mod ladder;
pub mod pattern;
pub mod playout;
pub mod point;
mod zobrist;

use std::fmt;

use crate::color::Color;
pub use diagram::DiagramError;
pub use point::{ARRAY_LEN, MAX_POINTS, MAX_SIZE, MIN_SIZE, Move, Point, STRIDE};
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

/// Low bit of each of the four orthogonal fields of a neighbourhood code
/// (see [`Board::neighbourhood`]): set for a Black stone or the border.
const ORTHO_LOW: u16 = 0x55;
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
fn fields_holding(code: u16, cell: Cell) -> u16 {
    // A field equals `cell` when no bit differs from it.
    let diff = code ^ (cell as u16 * 0x5555);
    !(diff | (diff >> 1)) & (ORTHO_LOW | DIAG_LOW)
}

/// The chain label of every empty and off-board cell: an off-board point
/// that is never a stone, so its chain data is scratch that
/// [`Board::play_unchecked`] may write without a branch.
const NO_CHAIN: Point = Point::from_index(0);

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

/// Bookkeeping of one chain, stored at the chain's head point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ChainData {
    /// Pseudo-liberties: (stone, empty neighbour) adjacencies.
    libs: u16,
    /// Number of stones.
    size: u16,
    /// Sum of the padded indices of the pseudo-liberties.
    lib_sum: u32,
    /// Sum of their squares (fits: 2500 adjacencies × 729² < 2³²).
    lib_sum2: u32,
}

impl ChainData {
    #[inline]
    fn add_lib(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs += 1;
        self.lib_sum += i;
        self.lib_sum2 += i * i;
    }

    /// [`ChainData::add_lib`] with wrapping arithmetic, so that it can be
    /// applied to the unused chain [`NO_CHAIN`] too.
    #[inline]
    fn give_lib(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs = self.libs.wrapping_add(1);
        self.lib_sum = self.lib_sum.wrapping_add(i);
        self.lib_sum2 = self.lib_sum2.wrapping_add(i * i);
    }

    /// [`ChainData::remove_lib`] with wrapping arithmetic, so that it can
    /// be applied to the unused chain [`NO_CHAIN`] too.
    #[inline]
    fn take_lib(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs = self.libs.wrapping_sub(1);
        self.lib_sum = self.lib_sum.wrapping_sub(i);
        self.lib_sum2 = self.lib_sum2.wrapping_sub(i * i);
    }

    #[inline]
    fn remove_lib(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs -= 1;
        self.lib_sum -= i;
        self.lib_sum2 -= i * i;
    }

    /// True when every pseudo-liberty is the same point.
    #[inline]
    fn in_atari(&self) -> bool {
        let sum = u64::from(self.lib_sum);
        u64::from(self.libs) * u64::from(self.lib_sum2) == sum * sum
    }

    #[inline]
    fn absorb(&mut self, other: &ChainData) {
        self.libs += other.libs;
        self.size += other.size;
        self.lib_sum += other.lib_sum;
        self.lib_sum2 += other.lib_sum2;
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

    /// The head (label) of the chain through the stone at `p`.
    #[must_use]
    #[inline]
    pub fn chain_head(&self, p: Point) -> Point {
        debug_assert!(self.color_at(p).is_some());
        self.head[p.index()]
    }

    /// The stones of the chain through the stone at `p`.
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        let start = self.chain_head(p);
        ChainStones {
            board: self,
            start,
            current: Some(start),
        }
    }

    /// Number of stones in the chain through `p`.
    #[must_use]
    pub fn chain_size(&self, p: Point) -> usize {
        usize::from(self.chains[self.chain_head(p).index()].size)
    }

    /// The distinct liberties of the chain through `p`, sorted. O(chain size).
    #[must_use]
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = self
            .chain_stones(p)
            .flat_map(|s| s.neighbours())
            .filter(|&n| self.cell(n) == Cell::Empty)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// True when the chain through `p` has exactly one liberty. O(1).
    #[must_use]
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.chains[self.chain_head(p).index()].in_atari()
    }

    /// The liberty of a chain in atari (see [`Board::in_atari`]).
    #[must_use]
    pub fn atari_liberty(&self, p: Point) -> Point {
        let chain = &self.chains[self.chain_head(p).index()];
        debug_assert!(chain.in_atari());
        Point::from_index((chain.lib_sum / u32::from(chain.libs)) as usize)
    }

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

    /// Up to `N` distinct liberties of the chain through the stone at `p`,
    /// and how many were found (fewer than `N` means all of them).
    fn some_liberties<const N: usize>(&self, p: Point) -> ([Point; N], usize) {
        let mut libs = [p; N];
        let mut count = 0;
        for s in self.chain_stones(p) {
            for l in s.neighbours() {
                if self.cell(l) == Cell::Empty && !libs[..count].contains(&l) {
                    libs[count] = l;
                    count += 1;
                    if count == N {
                        return (libs, count);
                    }
                }
            }
        }
        (libs, count)
    }

    /// The number of distinct liberties of the chain through the stone at
    /// `p`, counted up to `limit` (at most 4).
    #[must_use]
    pub fn liberty_count(&self, p: Point, limit: usize) -> usize {
        self.some_liberties::<4>(p).1.min(limit)
    }

    /// The two liberties of a chain that has exactly two (the stone at `p`
    /// belongs to it).
    #[must_use]
    pub fn two_liberties(&self, p: Point) -> [Point; 2] {
        let (libs, count) = self.some_liberties::<2>(p);
        debug_assert_eq!(count, 2, "two_liberties of a chain with {count}");
        libs
    }

    /// True when an enemy chain next to the chain through `p` (a chain of
    /// `color`) is in atari, so `color` can capture it.
    #[must_use]
    pub fn can_capture_next_to(&self, color: Color, p: Point) -> bool {
        let enemy = Cell::stone(color.other());
        self.chain_stones(p).any(|s| {
            s.neighbours()
                .into_iter()
                .any(|n| self.cell(n) == enemy && self.in_atari(n))
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

    /// Who owns `p` by the area rule: the colour of its stone, or of every
    /// stone next to it when it is empty; `None` for a point touching both
    /// colours (or none).
    #[must_use]
    #[inline]
    pub fn area_owner(&self, p: Point) -> Option<Color> {
        match self.cell(p) {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => {
                let code = self.pat3[p.index()];
                let black = fields_holding(code, Cell::Black) & ORTHO_LOW != 0;
                let white = fields_holding(code, Cell::White) & ORTHO_LOW != 0;
                match (black, white) {
                    (true, false) => Some(Color::Black),
                    (false, true) => Some(Color::White),
                    _ => None,
                }
            }
        }
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

    /// Adds (or takes) the cell code `cell` of `p` to (from) the
    /// neighbourhood codes of the 8 points around it, where `p` is the
    /// opposite neighbour or diagonal (index `3 - i` of `i`).
    #[inline]
    fn update_neighbourhoods(&mut self, p: Point, cell: u16, op: fn(u16, u16) -> u16) {
        for (i, n) in p.neighbours().into_iter().enumerate() {
            let code = &mut self.pat3[n.index()];
            *code = op(*code, cell << (2 * (3 - i)));
        }
        for (i, d) in p.diagonals().into_iter().enumerate() {
            let code = &mut self.pat3[d.index()];
            *code = op(*code, cell << (8 + 2 * (3 - i)));
        }
    }

    /// Merges two distinct chains, relabelling the smaller one; returns the
    /// head of the merged chain.
    #[inline]
    fn merge(&mut self, a: Point, b: Point) -> Point {
        let (big, small) = if self.chains[a.index()].size >= self.chains[b.index()].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s.index()] = big;
            s = self.next[s.index()];
            if s == small {
                break;
            }
        }
        self.next.swap(big.index(), small.index());
        let small_data = self.chains[small.index()];
        self.chains[big.index()].absorb(&small_data);
        big
    }

    /// Removes the chain with head `h`, crediting its stones to the other
    /// colour's captures; returns the number of stones removed.
    fn remove_chain(&mut self, h: Point) -> u32 {
        let color = self.cell(h).color().expect("remove_chain on a stone");
        let mut s = h;
        loop {
            self.cells[s.index()] = Cell::Empty;
            self.hash ^= STONE_KEYS[color.index()][s.index()];
            self.add_empty(s);
            let next = self.next[s.index()];
            self.head[s.index()] = NO_CHAIN;
            self.update_neighbourhoods(s, Cell::stone(color) as u16, u16::wrapping_sub);
            // Every neighbour's chain gains `s` as a liberty, without a
            // branch on what the neighbour is: a capturer's chain for real,
            // an empty or off-board point the scratch chain `NO_CHAIN`, a
            // stone of this chain the chain being removed (whose data
            // only `size` is read below).
            for n in s.neighbours() {
                let hn = self.head[n.index()];
                self.chains[hn.index()].give_lib(s);
            }
            s = next;
            if s == h {
                break;
            }
        }
        let removed = u32::from(self.chains[h.index()].size);
        self.captures[color.other().index()] += removed;
        removed
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

    /// Black's area minus White's: stones plus empty points that touch only
    /// one colour. The count used at the end of playouts, where every empty
    /// point is an eye or a neutral point.
    #[must_use]
    pub fn area_score(&self) -> i32 {
        // [`Board::area_owner`] in arithmetic, without a branch per point.
        self.points()
            .map(|p| {
                let cell = self.cell(p);
                let code = self.pat3[p.index()];
                let touches = |c: Cell| i32::from(fields_holding(code, c) & ORTHO_LOW != 0);
                i32::from(cell == Cell::Black) - i32::from(cell == Cell::White)
                    + i32::from(cell == Cell::Empty) * (touches(Cell::Black) - touches(Cell::White))
            })
            .sum()
    }

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

    /// The maximal connected sets of on-board points for which `inside`
    /// holds, each with the distinct points next to it for which it does
    /// not (its border). Used for eyes, territories and Benson regions.
    pub fn regions(&self, inside: impl Fn(Point) -> bool) -> Vec<Region> {
        let mut seen = vec![false; ARRAY_LEN];
        let mut out = Vec::new();
        for start in self.points() {
            if seen[start.index()] || !inside(start) {
                continue;
            }
            seen[start.index()] = true;
            let mut region = Region {
                points: vec![start],
                border: Vec::new(),
            };
            let mut i = 0;
            while i < region.points.len() {
                for n in region.points[i].neighbours() {
                    if !self.is_on_board(n) {
                        continue;
                    }
                    if !inside(n) {
                        if !region.border.contains(&n) {
                            region.border.push(n);
                        }
                    } else if !seen[n.index()] {
                        seen[n.index()] = true;
                        region.points.push(n);
                    }
                }
                i += 1;
            }
            out.push(region);
        }
        out
    }

    /// The stones on the board, row by row from the bottom.
    #[must_use]
    pub fn stones(&self) -> Vec<(Point, Color)> {
        self.points()
            .filter_map(|p| self.color_at(p).map(|c| (p, c)))
            .collect()
    }

    /// Adds a stone without capturing anything (setup).
    fn add_stone_setup(&mut self, color: Color, p: Point) {
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
    fn remove_for_setup(&mut self, p: Point) {
        let stones: Vec<_> = self.stones().into_iter().filter(|&(q, _)| q != p).collect();
        let mut rebuilt = Board::new(self.size);
        for (q, c) in stones {
            rebuilt.add_stone_setup(c, q);
        }
        rebuilt.captures = self.captures;
        *self = rebuilt;
    }

    /// Recomputes every derived field from the cells and compares.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0u64;
        let mut empties = 0;
        for p in self.points() {
            if self.pat3[p.index()] != self.count_neighbourhood(p) {
                return Err(format!("neighbourhood code at {p} is stale"));
            }
            match self.cell(p) {
                Cell::Empty => {
                    empties += 1;
                    if self.head[p.index()] != NO_CHAIN {
                        return Err(format!("empty point {p} has a chain label"));
                    }
                    let i = usize::from(self.empty_pos[p.index()]);
                    if i >= self.num_empty || self.empties[i] != p {
                        return Err(format!("empty list misses {p}"));
                    }
                }
                Cell::Border => return Err(format!("border cell on the board at {p}")),
                cell => {
                    let color = cell.color().expect("stone");
                    hash ^= STONE_KEYS[color.index()][p.index()];
                    self.check_chain_at(p)?;
                }
            }
        }
        if empties != self.num_empty {
            return Err(format!(
                "{} empty points, list holds {}",
                empties, self.num_empty
            ));
        }
        if hash != self.hash {
            return Err("incremental hash differs from recomputation".into());
        }
        for i in 0..MAX_POINTS {
            let p = Point::from_index(i);
            if !p.is_on_board(self.size) && self.cell(p) != Cell::Border {
                return Err(format!("off-board cell {i} is not border"));
            }
        }
        Ok(())
    }

    /// The neighbourhood code of `p`, read from the cells.
    fn count_neighbourhood(&self, p: Point) -> u16 {
        let mut code = 0;
        for (i, n) in p.neighbours().into_iter().enumerate() {
            code |= (self.cell(n) as u16) << (2 * i);
        }
        for (i, d) in p.diagonals().into_iter().enumerate() {
            code |= (self.cell(d) as u16) << (8 + 2 * i);
        }
        code
    }

    /// Checks the chain through the stone `p` against a flood fill.
    fn check_chain_at(&self, p: Point) -> Result<(), String> {
        let cell = self.cell(p);
        let mut flood = vec![p];
        let mut seen = vec![false; MAX_POINTS];
        seen[p.index()] = true;
        let mut i = 0;
        while i < flood.len() {
            for n in flood[i].neighbours() {
                if self.cell(n) == cell && !seen[n.index()] {
                    seen[n.index()] = true;
                    flood.push(n);
                }
            }
            i += 1;
        }
        let h = self.head[p.index()];
        if flood.iter().any(|s| self.head[s.index()] != h) {
            return Err(format!("chain through {p} has several heads"));
        }
        let ring: Vec<Point> = self.chain_stones(p).take(MAX_POINTS + 1).collect();
        if ring.len() != flood.len() || ring.iter().any(|s| !seen[s.index()]) {
            return Err(format!(
                "chain ring through {p} differs from the flood fill"
            ));
        }
        let mut want = ChainData {
            size: flood.len() as u16,
            ..ChainData::default()
        };
        for s in &flood {
            for n in s.neighbours() {
                if self.cell(n) == Cell::Empty {
                    want.add_lib(n);
                }
            }
        }
        if want != self.chains[h.index()] {
            return Err(format!(
                "chain through {p}: stored {:?}, recomputed {:?}",
                self.chains[h.index()],
                want
            ));
        }
        Ok(())
    }
}

/// A connected region of points (see [`Board::regions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The points of the region.
    pub points: Vec<Point>,
    /// The distinct points outside the region next to it.
    pub border: Vec<Point>,
}

impl Region {
    /// Whether a stone of `color` on `board` borders the region.
    #[must_use]
    pub fn touches(&self, board: &Board, color: Color) -> bool {
        self.border
            .iter()
            .any(|&b| board.color_at(b) == Some(color))
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

/// Iterator over the stones of one chain.
pub struct ChainStones<'a> {
    board: &'a Board,
    start: Point,
    current: Option<Point>,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.current?;
        let next = self.board.next[p.index()];
        self.current = (next != self.start).then_some(next);
        Some(p)
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
