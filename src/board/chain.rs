//! Chain and liberty bookkeeping: the per-chain data (size and
//! pseudo-liberties, stored at the chain's head), merging chains,
//! removing captured chains, and the queries on chains (stones, size,
//! liberties, atari).

use super::zobrist::STONE_KEYS;
use super::{Board, Cell, Point};
use crate::color::Color;

/// The chain label of every empty and off-board cell: an off-board point
/// that is never a stone, so its chain data is scratch that
/// [`Board::play_unchecked`] may write without a branch.
pub(super) const NO_CHAIN: Point = Point::from_index(0);

/// Bookkeeping of one chain, stored at the chain's head point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ChainData {
    /// Pseudo-liberties: (stone, empty neighbour) adjacencies.
    pub(super) libs: u16,
    /// Number of stones.
    pub(super) size: u16,
    /// Sum of the padded indices of the pseudo-liberties.
    pub(super) lib_sum: u32,
    /// Sum of their squares (fits: 2500 adjacencies × 729² < 2³²).
    pub(super) lib_sum2: u32,
}

impl ChainData {
    #[inline]
    pub(super) fn add_lib(&mut self, p: Point) {
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
    pub(super) fn take_lib(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs = self.libs.wrapping_sub(1);
        self.lib_sum = self.lib_sum.wrapping_sub(i);
        self.lib_sum2 = self.lib_sum2.wrapping_sub(i * i);
    }

    #[inline]
    pub(super) fn remove_lib(&mut self, p: Point) {
        let i = p.index() as u32;
        self.libs -= 1;
        self.lib_sum -= i;
        self.lib_sum2 -= i * i;
    }

    /// True when every pseudo-liberty is the same point.
    #[inline]
    pub(super) fn in_atari(&self) -> bool {
        let sum = u64::from(self.lib_sum);
        u64::from(self.libs) * u64::from(self.lib_sum2) == sum * sum
    }

    #[inline]
    pub(super) fn absorb(&mut self, other: &ChainData) {
        self.libs += other.libs;
        self.size += other.size;
        self.lib_sum += other.lib_sum;
        self.lib_sum2 += other.lib_sum2;
    }
}

impl Board {
    /// The head (label) of the chain through the stone at `p`.
    #[must_use]
    #[inline]
    pub fn chain_head(&self, p: Point) -> Point {
        debug_assert!(self.color_at(p).is_some());
        self.head[p.index()]
    }

    /// The heads of the chains through the stones `stones`, each once, in
    /// order.
    #[must_use]
    pub fn chain_heads(&self, stones: impl IntoIterator<Item = Point>) -> Vec<Point> {
        let mut heads: Vec<Point> = stones.into_iter().map(|p| self.chain_head(p)).collect();
        heads.sort_unstable();
        heads.dedup();
        heads
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

    /// Up to `N` distinct liberties of the chain through the stone at `p`,
    /// and how many were found (fewer than `N` means all of them).
    pub(super) fn some_liberties<const N: usize>(&self, p: Point) -> ([Point; N], usize) {
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

    /// Merges two distinct chains, relabelling the smaller one; returns the
    /// head of the merged chain.
    #[inline]
    pub(super) fn merge(&mut self, a: Point, b: Point) -> Point {
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
    pub(super) fn remove_chain(&mut self, h: Point) -> u32 {
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
}

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
