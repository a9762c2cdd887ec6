//! What the move model sees of a candidate move: the spatial patterns
//! around it, hashed at every size, and a few tactical facts.
//!
//! The spatial patterns are Pachi's "gridcular" shapes: the points within a
//! distance `d = dx + dy + max(dx, dy)` of the move, for `d` from 3 (the
//! 3×3 square) to [`MAX_DISTANCE`] (104 points, reaching six lines
//! straight out). Each point reads as empty, the mover's stone, the
//! opponent's stone or off the board; the four neighbours also tell a
//! chain in atari. The hash of a size is the smallest over the eight
//! symmetries, so a pattern and its mirror images are one pattern, and the
//! colours are the mover's and the opponent's, so Black's and White's
//! shapes are one too.

use crate::board::{Board, Point, ladder};
use crate::color::Color;

/// The largest gridcular distance of a pattern.
pub const MAX_DISTANCE: usize = 12;
/// The smallest pattern reaches this distance (the 3×3 square).
pub const MIN_DISTANCE: usize = 3;
/// Pattern sizes: one per distance from [`MIN_DISTANCE`] to
/// [`MAX_DISTANCE`].
pub const NUM_SIZES: usize = MAX_DISTANCE - MIN_DISTANCE + 1;
/// How far the patterns reach along a line (`d = 2·dx` straight out).
const REACH: i32 = (MAX_DISTANCE / 2) as i32;

/// A point's state in a pattern.
const EMPTY: usize = 0;
const OWN: usize = 1;
const OPPONENT: usize = 2;
const OFF_BOARD: usize = 3;
/// Neighbours only: a chain in atari.
const OWN_IN_ATARI: usize = 4;
const OPPONENT_IN_ATARI: usize = 5;
const NUM_STATES: usize = 6;

/// The tactical feature groups; each move has one value in each, value 0
/// meaning "none" (its strength is fixed at 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// 1: captures one stone, 2: captures more, 3: captures a chain next
    /// to an own chain in atari.
    Capture = 0,
    /// Extends an own chain in atari: 1 out of it, 2 into a working ladder.
    Escape = 1,
    /// Puts the own chain in atari, capturing nothing: 1 a single stone,
    /// 2 more.
    SelfAtari = 2,
    /// Ataris an opponent chain: 1 caught in a ladder, 2 otherwise.
    Atari = 3,
    /// Gridcular distance to the last move: 1 + min(d, 17) − 2.
    LastMove = 4,
    /// The same for the move before it.
    SecondLastMove = 5,
    /// Line from the edge: 1–4 for the first to fourth, 0 beyond.
    Line = 6,
}

/// The number of tactical groups.
pub const NUM_GROUPS: usize = 7;
/// The number of values of each group, "none" included.
pub const GROUP_VALUES: [usize; NUM_GROUPS] = [4, 3, 3, 3, 17, 17, 5];
/// Distances to the previous moves are counted up to this.
const FAR_MOVE: usize = 17;

/// The position's context shared by every candidate: who moves and the
/// last two moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    pub color: Color,
    pub last: Option<Point>,
    pub second_last: Option<Point>,
}

/// The pattern points, nearest first, with Zobrist keys laid out so the
/// eight symmetric hashes are computed side by side.
///
/// The hash of symmetry `s` is the XOR over the pattern's offsets `k` of
/// `key(k, state at T_s(offset k))`. Read by board offset `b` instead, it
/// is the XOR of `key(T_s⁻¹(b), state at b)`: so each board offset and
/// state holds eight keys, one per symmetry, and one pass over the board
/// offsets XORs all eight hashes at once. Symmetries keep distances, so
/// each size's hashes are complete when its ring is.
struct Shape {
    /// The board offsets `(dx, dy)`, nearest first.
    offsets: Vec<(i32, i32)>,
    /// How many offsets the pattern of each size has.
    ends: [usize; NUM_SIZES],
    /// `lanes[b * NUM_STATES + state][s]`: the key XORed into symmetry
    /// `s`'s hash for `state` at board offset `b`.
    lanes: Vec<[u64; 8]>,
    /// A key per size, so the sizes never share a hash.
    size_keys: [u64; NUM_SIZES],
}

/// SplitMix64: fixed keys, the same in every build (the model's data file
/// depends on them).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The gridcular distance of an offset.
fn gridcular(dx: i32, dy: i32) -> usize {
    let (a, b) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
    a + b + a.max(b)
}

/// A map of offsets.
type Transform = fn(i32, i32) -> (i32, i32);

/// The eight symmetries of the square. They are their own inverses as a
/// set, so building the keys from `T_s` instead of `T_s⁻¹` only reorders
/// the eight hashes, and their minimum is the same.
const SYMMETRIES: [Transform; 8] = [
    |x, y| (x, y),
    |x, y| (-x, y),
    |x, y| (x, -y),
    |x, y| (-x, -y),
    |x, y| (y, x),
    |x, y| (-y, x),
    |x, y| (y, -x),
    |x, y| (-y, -x),
];

impl Shape {
    fn new() -> Shape {
        let mut offsets: Vec<(i32, i32)> = Vec::new();
        for dy in -REACH..=REACH {
            for dx in -REACH..=REACH {
                let d = gridcular(dx, dy);
                if d > 0 && d <= MAX_DISTANCE {
                    offsets.push((dx, dy));
                }
            }
        }
        // Nearest first; ties in a fixed order.
        offsets.sort_by_key(|&(dx, dy)| (gridcular(dx, dy), dy, dx));
        let mut ends = [0; NUM_SIZES];
        for (i, end) in ends.iter_mut().enumerate() {
            *end = offsets
                .iter()
                .filter(|&&(x, y)| gridcular(x, y) <= MIN_DISTANCE + i)
                .count();
        }
        let mut seed = 0x7465_6E67_656E_u64; // "tengen"
        let keys: Vec<u64> = (0..offsets.len() * NUM_STATES)
            .map(|_| splitmix(&mut seed))
            .collect();
        let size_keys = std::array::from_fn(|_| splitmix(&mut seed));
        let index = |o: (i32, i32)| {
            offsets
                .iter()
                .position(|&q| q == o)
                .expect("symmetries keep the pattern")
        };
        let mut lanes = vec![[0u64; 8]; offsets.len() * NUM_STATES];
        for (b, &(x, y)) in offsets.iter().enumerate() {
            for (s, transform) in SYMMETRIES.iter().enumerate() {
                let k = index(transform(x, y));
                for state in 0..NUM_STATES {
                    lanes[b * NUM_STATES + state][s] = keys[k * NUM_STATES + state];
                }
            }
        }
        Shape {
            offsets,
            ends,
            lanes,
            size_keys,
        }
    }
}

fn shape() -> &'static Shape {
    static SHAPE: std::sync::OnceLock<Shape> = std::sync::OnceLock::new();
    SHAPE.get_or_init(Shape::new)
}

/// The pattern hashes of every size around the empty point `p`, for
/// `color` to move.
#[must_use]
pub fn pattern_hashes(board: &Board, color: Color, p: Point) -> [u64; NUM_SIZES] {
    let mut best = [0u64; NUM_SIZES];
    let mut size = 0;
    largest_known(board, color, p, |hash| {
        best[size] = hash;
        size += 1;
        Some(())
    });
    best
}

/// Walks the patterns around the empty point `p` from the smallest up,
/// asking `known` about each hash, and returns its answer for the largest
/// pattern it knows. The walk stops at the first unknown size: a model's
/// patterns were harvested with all their smaller ones, so no larger one
/// can be known.
pub fn largest_known<T>(
    board: &Board,
    color: Color,
    p: Point,
    mut known: impl FnMut(u64) -> Option<T>,
) -> Option<T> {
    let shape = shape();
    let size = board.size() as i32;
    let (px, py) = (p.col() as i32, p.row() as i32);
    let mut hashes = [0u64; 8];
    let mut found = None;
    let mut b = 0;
    for (s, &end) in shape.ends.iter().enumerate() {
        while b < end {
            let (dx, dy) = shape.offsets[b];
            let (x, y) = (px + dx, py + dy);
            let state = if x < 0 || y < 0 || x >= size || y >= size {
                OFF_BOARD
            } else {
                let q = Point::new(x as usize, y as usize).expect("on the board");
                match board.color_at(q) {
                    None => EMPTY,
                    // The four nearest offsets are the neighbours.
                    Some(c) if b < 4 && board.in_atari(q) => {
                        if c == color {
                            OWN_IN_ATARI
                        } else {
                            OPPONENT_IN_ATARI
                        }
                    }
                    Some(c) if c == color => OWN,
                    Some(_) => OPPONENT,
                }
            };
            let keys = &shape.lanes[b * NUM_STATES + state];
            for (h, k) in hashes.iter_mut().zip(keys) {
                *h ^= k;
            }
            b += 1;
        }
        let hash = hashes.iter().copied().min().unwrap_or(0) ^ shape.size_keys[s];
        match known(hash) {
            Some(t) => found = Some(t),
            None => break,
        }
    }
    found
}

/// The tactical values and, through `known`, the largest known pattern of
/// `p` for the mover in `context`.
pub fn features_with<T>(
    board: &Board,
    context: &Context,
    p: Point,
    known: impl FnMut(u64) -> Option<T>,
) -> (Option<T>, [u8; NUM_GROUPS]) {
    (
        largest_known(board, context.color, p, known),
        tactics(board, context, p),
    )
}

/// The tactical values of `p` for the mover in `context`.
#[must_use]
pub fn tactics(board: &Board, context: &Context, p: Point) -> [u8; NUM_GROUPS] {
    let color = context.color;
    let mut t = [0u8; NUM_GROUPS];
    let mut captures = false;
    for n in p.neighbours() {
        match board.color_at(n) {
            Some(c) if c != color && board.in_atari(n) => {
                captures = true;
                let saving = board.can_capture_next_to(color.other(), n);
                let value = if saving {
                    3
                } else if board.chain_size(n) > 1 {
                    2
                } else {
                    1
                };
                t[Group::Capture as usize] = t[Group::Capture as usize].max(value);
            }
            Some(c) if c == color && board.in_atari(n) => {
                t[Group::Escape as usize] = if ladder::extension_escapes(board, color, p) {
                    1
                } else {
                    2
                };
            }
            Some(c) if c != color && board.liberty_count(n, 3) == 2 => {
                let value = if ladder::atari_captures(board, color, p, n) {
                    1
                } else {
                    2
                };
                if t[Group::Atari as usize] != 1 {
                    t[Group::Atari as usize] = value;
                }
            }
            _ => {}
        }
    }
    if !captures && board.liberties_after(color, p) == 1 {
        t[Group::SelfAtari as usize] = if board.is_big_self_atari(color, p) {
            2
        } else {
            1
        };
    }
    t[Group::LastMove as usize] = distance_value(context.last, p);
    t[Group::SecondLastMove as usize] = distance_value(context.second_last, p);
    let line = p.edge_distance(board.size());
    t[Group::Line as usize] = if line < 4 { line as u8 + 1 } else { 0 };
    t
}

/// The distance value of `p` from an earlier move (0 when there is none).
fn distance_value(from: Option<Point>, p: Point) -> u8 {
    from.map_or(0, |q| {
        let d = gridcular(
            p.col() as i32 - q.col() as i32,
            p.row() as i32 - q.row() as i32,
        );
        (d.clamp(2, FAR_MOVE) - 1) as u8
    })
}

/// The moves the model ranks: legal, and not filling an own eye (the
/// search's candidates).
#[must_use]
pub fn candidates(board: &Board, color: Color) -> Vec<Point> {
    board
        .empty_points()
        .iter()
        .copied()
        .filter(|&p| !board.is_eye(color, p) && board.is_legal(color, p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    #[test]
    fn sizes_nest_and_end_at_104_points() {
        let shape = shape();
        assert_eq!(shape.ends[0], 8, "the 3x3 square");
        assert!(
            shape.offsets[..4]
                .iter()
                .all(|&(x, y)| x.abs() + y.abs() == 1)
        );
        assert_eq!(shape.ends[NUM_SIZES - 1], 104);
        assert!(shape.ends.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn mirror_images_and_colours_share_a_pattern() {
        let a = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . X O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        )
        .unwrap();
        let b = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X O . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
        ",
        )
        .unwrap();
        // `b` is `a` mirrored left to right with the colours swapped.
        let ha = pattern_hashes(&a, Color::Black, v("C3"));
        let hb = pattern_hashes(&b, Color::Black, v("E3"));
        assert_ne!(ha, hb, "the mover's stone is on the other side");
        let hb_white = pattern_hashes(&b, Color::White, v("E3"));
        assert_eq!(ha, hb_white);
        let ha_middle = pattern_hashes(&a, Color::Black, v("D3"));
        let hb_middle = pattern_hashes(&b, Color::White, v("D3"));
        assert_eq!(ha_middle, hb_middle);
        assert_ne!(ha[0], ha[NUM_SIZES - 1]);
    }

    #[test]
    fn tactics_see_captures_ataris_and_lines() {
        let board = Board::from_diagram(
            "
            . . . . .
            . . . . .
            . O . . .
            O X O . .
            . . . . .
        ",
        )
        .unwrap();
        let context = Context {
            color: Color::White,
            last: Some(v("B2")),
            second_last: None,
        };
        let t = tactics(&board, &context, v("B1"));
        assert_eq!(t[Group::Capture as usize], 1);
        assert_eq!(t[Group::LastMove as usize], 1, "next to the last move");
        assert_eq!(t[Group::SecondLastMove as usize], 0);
        assert_eq!(t[Group::Line as usize], 1);
        let black = Context {
            color: Color::Black,
            ..context
        };
        let t = tactics(&board, &black, v("B1"));
        assert_eq!(t[Group::Escape as usize], 2, "B1 runs into the edge");
        let t = tactics(&board, &black, v("C3"));
        assert_eq!(t[Group::Atari as usize], 0, "C2 keeps two liberties");
        assert_eq!(t[Group::Line as usize], 3);
        // With a black stone at D2, C3 ataris C2, which escapes to C1
        // with two liberties: no ladder on its own.
        let board = Board::from_diagram(
            "
            . . . . .
            . . . . .
            . O . . .
            O X O X .
            . . . . .
        ",
        )
        .unwrap();
        let t = tactics(&board, &black, v("C3"));
        assert_eq!(t[Group::Atari as usize], 2);
        assert_eq!(t[Group::SelfAtari as usize], 0);
    }
}
