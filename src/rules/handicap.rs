//! Handicap stone placement: GTP's fixed layout (spec §4.1.1) and the
//! engine's choice for `place_free_handicap`.

use crate::board::Point;

/// The largest fixed handicap on a `size` board: 9 on odd boards from 9×9,
/// 4 on even boards from 8×8 and on 7×7, none below 7×7.
#[must_use]
pub fn max_fixed_handicap(size: usize) -> usize {
    match size {
        0..=6 => 0,
        7 | 8 => 4,
        s if s % 2 == 1 => 9,
        _ => 4,
    }
}

/// The fixed handicap points for `count` stones on a `size` board, in the
/// spec's order, or `None` when that count is not allowed there.
///
/// Stones go on the 3rd line for sizes 7–12 and the 4th from 13; the
/// pattern is corners, then centre for odd counts, then sides.
#[must_use]
pub fn fixed_handicap(size: usize, count: usize) -> Option<Vec<Point>> {
    if count < 2 || count > max_fixed_handicap(size) {
        return None;
    }
    let line = if size >= 13 { 3 } else { 2 };
    let (low, high, mid) = (line, size - 1 - line, size / 2);
    let p = |col, row| Point::new(col, row).expect("on board");
    let mut points = vec![p(low, low), p(high, high), p(low, high), p(high, low)];
    points.truncate(count);
    if count >= 6 {
        points.extend([p(low, mid), p(high, mid)]);
    }
    if count >= 8 {
        points.extend([p(mid, high), p(mid, low)]);
    }
    if count % 2 == 1 && count >= 5 {
        points.push(p(mid, mid));
    }
    Some(points)
}

/// Points for `count` free handicap stones: the fixed layout as far as it
/// goes, then each further stone on the empty point farthest (by the
/// Chebyshev distance) from the stones already chosen, preferring points
/// away from the edge. Deterministic. `count` must be below `size²`.
#[must_use]
pub fn free_handicap(size: usize, count: usize) -> Vec<Point> {
    let fixed = count.min(max_fixed_handicap(size));
    let mut points = if fixed >= 2 {
        fixed_handicap(size, fixed).expect("allowed")
    } else {
        Vec::new()
    };
    let all: Vec<Point> = (0..size)
        .flat_map(|row| (0..size).map(move |col| Point::new(col, row).expect("on board")))
        .collect();
    while points.len() < count {
        let score = |p: Point| {
            let gap = points
                .iter()
                .map(|q| p.col().abs_diff(q.col()).max(p.row().abs_diff(q.row())))
                .min()
                .unwrap_or(size);
            (gap, p.edge_distance(size).min(3))
        };
        let best = all
            .iter()
            .copied()
            .filter(|p| !points.contains(p))
            .max_by_key(|&p| score(p))
            .expect("count below size²");
        points.push(best);
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Point]) -> String {
        points
            .iter()
            .map(Point::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The spec's 9×9, 13×13 and 19×19 tables (gtp-clients.md §1.6).
    #[test]
    fn spec_tables() {
        let want9 = [
            "C3 G7",
            "C3 G7 C7",
            "C3 G7 C7 G3",
            "C3 G7 C7 G3 E5",
            "C3 G7 C7 G3 C5 G5",
            "C3 G7 C7 G3 C5 G5 E5",
            "C3 G7 C7 G3 C5 G5 E7 E3",
            "C3 G7 C7 G3 C5 G5 E7 E3 E5",
        ];
        for (i, want) in want9.iter().enumerate() {
            assert_eq!(names(&fixed_handicap(9, i + 2).unwrap()), *want);
        }
        assert_eq!(
            names(&fixed_handicap(13, 9).unwrap()),
            "D4 K10 D10 K4 D7 K7 G10 G4 G7"
        );
        assert_eq!(
            names(&fixed_handicap(19, 9).unwrap()),
            "D4 Q16 D16 Q4 D10 Q10 K16 K4 K10"
        );
        assert_eq!(names(&fixed_handicap(19, 5).unwrap()), "D4 Q16 D16 Q4 K10");
    }

    /// Allowed counts per size.
    #[test]
    fn allowed_counts() {
        assert_eq!(fixed_handicap(9, 1), None);
        assert_eq!(fixed_handicap(9, 10), None);
        assert_eq!(fixed_handicap(6, 2), None);
        assert_eq!(fixed_handicap(7, 5), None);
        assert!(fixed_handicap(7, 4).is_some());
        assert_eq!(fixed_handicap(10, 5), None);
        assert!(fixed_handicap(8, 4).is_some());
        assert!(fixed_handicap(25, 9).is_some());
        assert_eq!(names(&fixed_handicap(7, 2).unwrap()), "C3 E5");
    }

    /// Free handicap gives distinct points, starting with the fixed layout.
    #[test]
    fn free_placement() {
        for (size, count) in [(19, 9), (19, 20), (9, 12), (5, 24), (2, 3), (3, 8)] {
            let points = free_handicap(size, count);
            assert_eq!(points.len(), count);
            let mut sorted = points.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), count);
            assert!(points.iter().all(|p| p.is_on_board(size)));
        }
        assert_eq!(free_handicap(19, 4), fixed_handicap(19, 4).unwrap());
    }
}
