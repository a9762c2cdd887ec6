//! Points on the padded board and moves.
//!
//! Every board uses the same geometry: a 27×27 grid whose outer ring (and
//! everything beyond the board's own size) is off-board. Fixing the stride at
//! `MAX_SIZE + 2` makes a [`Point`] independent of the board size and turns the
//! four neighbours into constant offsets (±1, ±`STRIDE`).

/// The largest board side (GTP's limit: 25 column letters without `I`).
pub const MAX_SIZE: usize = 25;
/// The smallest board side we accept.
pub const MIN_SIZE: usize = 2;
/// Distance between vertically adjacent points.
pub const STRIDE: usize = MAX_SIZE + 2;
/// Number of cells in the padded grid, border included.
pub const MAX_POINTS: usize = STRIDE * STRIDE;
/// Length of per-point arrays: the next power of two above [`MAX_POINTS`].
/// [`Point::index`] masks with `ARRAY_LEN - 1`, a no-op for real points
/// that lets the compiler drop bounds checks on the playout hot path.
pub const ARRAY_LEN: usize = MAX_POINTS.next_power_of_two();

/// An intersection, as an index into the padded board array.
///
/// Column and row are 0-based from the lower-left corner (GTP's `A1`). It
/// prints and parses as a vertex (`D4`, see [`super::vertex`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at `col`, `row` (0-based from the lower left), or `None`
    /// beyond [`MAX_SIZE`].
    #[must_use]
    pub fn new(col: usize, row: usize) -> Option<Point> {
        (col < MAX_SIZE && row < MAX_SIZE).then(|| Point::from_index((row + 1) * STRIDE + col + 1))
    }

    /// The point with this padded index. The index must be below
    /// [`MAX_POINTS`]; border indices are allowed (they are off every board).
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Point {
        debug_assert!(index < MAX_POINTS);
        Point(index as u16)
    }

    /// The padded index (always below [`ARRAY_LEN`]).
    #[must_use]
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize & (ARRAY_LEN - 1)
    }

    /// 0-based column, counted from the left.
    #[must_use]
    pub fn col(self) -> usize {
        (self.index() % STRIDE).wrapping_sub(1)
    }

    /// 0-based row, counted from the bottom.
    #[must_use]
    pub fn row(self) -> usize {
        (self.index() / STRIDE).wrapping_sub(1)
    }

    /// True when the point lies on a `size`×`size` board.
    #[must_use]
    pub fn is_on_board(self, size: usize) -> bool {
        self.col() < size && self.row() < size
    }

    /// How many lines the point lies from the nearest edge of a `size`
    /// board it is on: 0 on the first line, 2 on the third.
    #[must_use]
    pub fn edge_distance(self, size: usize) -> usize {
        let last = size - 1;
        self.col()
            .min(self.row())
            .min(last - self.col())
            .min(last - self.row())
    }

    /// The four orthogonal neighbours (some may be off-board).
    #[must_use]
    #[inline]
    pub fn neighbours(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [Point(i - s), Point(i - 1), Point(i + 1), Point(i + s)]
    }

    /// The four diagonal neighbours (some may be off-board).
    #[must_use]
    #[inline]
    pub fn diagonals(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [
            Point(i - s - 1),
            Point(i - s + 1),
            Point(i + s - 1),
            Point(i + s + 1),
        ]
    }
}

/// A move on the board: a stone at a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a stone.
    Play(Point),
    /// Pass.
    Pass,
}

impl Move {
    /// The point played, if any.
    #[must_use]
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Columns and rows survive the round trip through the padded index.
    #[test]
    fn coordinates_round_trip() {
        for col in 0..MAX_SIZE {
            for row in 0..MAX_SIZE {
                let p = Point::new(col, row).unwrap();
                assert_eq!((p.col(), p.row()), (col, row));
                assert!(p.is_on_board(MAX_SIZE));
            }
        }
        assert_eq!(Point::new(MAX_SIZE, 0), None);
        assert!(!Point::new(9, 0).unwrap().is_on_board(9));
        // The border ring is off every board.
        assert!(!Point::from_index(0).is_on_board(MAX_SIZE));
    }

    /// Neighbours differ by one column or one row.
    #[test]
    fn neighbours_are_adjacent() {
        let p = Point::new(3, 4).unwrap();
        let n: Vec<_> = p.neighbours().iter().map(|q| (q.col(), q.row())).collect();
        assert_eq!(n, vec![(3, 3), (2, 4), (4, 4), (3, 5)]);
        let d: Vec<_> = p.diagonals().iter().map(|q| (q.col(), q.row())).collect();
        assert_eq!(d, vec![(2, 3), (4, 3), (2, 5), (4, 5)]);
    }
}
