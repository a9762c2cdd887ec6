//! Helpers shared by the unit tests.

use crate::board::Point;

/// The point at a vertex such as `D4` (any case, `I` skipped).
///
/// # Panics
/// When `vertex` is not a vertex.
#[must_use]
pub fn v(vertex: &str) -> Point {
    vertex
        .parse()
        .unwrap_or_else(|e| panic!("{vertex:?} is not a vertex: {e}"))
}

/// The point at `col`, `row` (0-based from the lower left), for points
/// computed in loops.
///
/// # Panics
/// Beyond the largest board.
#[must_use]
pub fn pt(col: usize, row: usize) -> Point {
    Point::new(col, row).expect("on the largest board")
}
