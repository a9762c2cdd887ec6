//! The playouts' local tactics: the replies that answer the opponent's last
//! move before any pattern or random move. Capture a chain it left in atari,
//! else save an own chain it put in atari by a counter-capture or by an
//! extension that escapes ([`tactical_reply`], reading the ladder, for the
//! status playouts; [`search_reply`], without it, for the search's
//! playouts), never capturing into a snapback in the status playouts; and
//! the vital point of the eye space a capture of three to six stones left
//! ([`nakade_reply`]). The playout loops and move pickers that call them
//! live in [`super::playout`].

use super::{Board, Cell, Point, ladder};
use crate::color::Color;

/// The status playouts' answer to the opponent's move at `last`: capture
/// an enemy chain at or next to it that is in atari; else save an own
/// chain next to it that it put in atari, by capturing an enemy chain in
/// atari next to it ([`counter_capture`]) or by extending when the
/// extension escapes (three liberties or more, or two and the ladder fails;
/// [`ladder::extension_escapes`]). A chain caught in a ladder is not run
/// out, so the judgement does not see dead stones escape. A capture that
/// leaves the capturer's chain of two stones or more with one liberty is
/// not played ([`is_snapback_capture`]): a group whose last two liberties
/// the opponent fills with a throw-in would capture into the snapback and
/// die in every playout, where a counter-capture elsewhere saves it. The
/// search's playouts use the cheaper [`search_reply`].
#[must_use]
pub fn tactical_reply(board: &Board, color: Color, last: Point) -> Option<Point> {
    escape_reply(
        board,
        color,
        last,
        |capture| !is_snapback_capture(board, color, capture),
        |lib| ladder::extension_escapes(board, color, lib),
    )
}

/// True when `color`'s capture at `p` leaves its chain there with two
/// stones or more and a single liberty, so that the opponent takes the
/// whole chain back (a snapback).
#[must_use]
fn is_snapback_capture(board: &Board, color: Color, p: Point) -> bool {
    board
        .neighbours_holding(p, Cell::stone(color))
        .next()
        .is_some()
        && board.liberties_after(color, p) < 2
}

/// Capture the chain of the opponent's last move `last` when it is in
/// atari, else save an own chain next to `last` in atari by
/// a counter-capture or by extending at its liberty when `escapes` says
/// so. Only captures that `takes` accepts are played.
#[inline]
fn escape_reply(
    board: &Board,
    color: Color,
    last: Point,
    takes: impl Fn(Point) -> bool,
    escapes: impl Fn(Point) -> bool,
) -> Option<Point> {
    // The enemy stones next to `last` belong to its chain: it is the only
    // enemy chain to capture there.
    if let Some(capture) = capture_at(board, color, last).filter(|&c| takes(c)) {
        return Some(capture);
    }
    for n in board.neighbours_holding(last, Cell::stone(color)) {
        if board.in_atari(n) {
            if let Some(capture) = counter_capture(board, color, n, &takes) {
                return Some(capture);
            }
            let lib = board.atari_liberty(n);
            if board.is_legal(color, lib) && escapes(lib) {
                return Some(lib);
            }
        }
    }
    None
}

/// The move of `color` capturing the enemy chain through `q`, when there
/// is a stone of the enemy's there, its chain is in atari and taking its
/// last liberty is legal.
#[inline]
fn capture_at(board: &Board, color: Color, q: Point) -> Option<Point> {
    if board.color_at(q) == Some(color.other()) {
        capture_of(board, color, q)
    } else {
        None
    }
}

/// The move of `color` capturing the enemy chain through the enemy stone
/// at `q`, when that chain is in atari and taking its last liberty is
/// legal: a capture is never suicide, so only the ko point can bar it.
#[inline]
pub(crate) fn capture_of(board: &Board, color: Color, q: Point) -> Option<Point> {
    if board.in_atari(q) {
        let lib = board.atari_liberty(q);
        if board.ko() != Some((lib, color)) {
            return Some(lib);
        }
    }
    None
}

/// The smallest and largest eye spaces [`nakade_reply`] answers: three to
/// six points, the shapes with one vital point (straight and bent three,
/// pyramid four, bulky and cross five, rabbity six).
pub const NAKADE_MIN: usize = 3;
/// See [`NAKADE_MIN`].
pub const NAKADE_MAX: usize = 6;

/// The status playouts' answer to a capture of three stones or more by the
/// opponent's move at `last`: the vital point of the eye space the capture
/// left, so that a group that made its eye space by capturing a nakade
/// shape is killed as it would be in play, instead of making two eyes in
/// half the playouts. The eye space is an empty region next to `last` of
/// [`NAKADE_MIN`] to [`NAKADE_MAX`] points bordered by the capturer's
/// stones only; its vital point is the one point with the most neighbours
/// inside it, when one point has more than all others (a straight or bent
/// four, a square four or a rectangle of six has none: they are two eyes,
/// or dead whoever plays there).
#[must_use]
pub fn nakade_reply(board: &Board, color: Color, last: Point) -> Option<Point> {
    let capturer = Cell::stone(color.other());
    for start in board.neighbours_holding(last, Cell::Empty) {
        let mut region = [start; NAKADE_MAX];
        let mut len = 1;
        let mut enclosed = true;
        let mut i = 0;
        while i < len && enclosed {
            for q in region[i].neighbours() {
                match board.cell(q) {
                    Cell::Empty if region[..len].contains(&q) => {}
                    Cell::Empty if len < NAKADE_MAX => {
                        region[len] = q;
                        len += 1;
                    }
                    Cell::Border => {}
                    cell if cell == capturer => {}
                    // Too big, or a stone of the side to move on the border.
                    _ => enclosed = false,
                }
            }
            i += 1;
        }
        if !enclosed || len < NAKADE_MIN {
            continue;
        }
        let region = &region[..len];
        let inside = |p: Point| {
            p.neighbours()
                .into_iter()
                .filter(|q| region.contains(q))
                .count()
        };
        let most = region.iter().map(|&p| inside(p)).max().unwrap_or(0);
        let mut at_most = region.iter().filter(|&&p| inside(p) == most);
        if let (Some(&vital), None) = (at_most.next(), at_most.next())
            && board.is_legal(color, vital)
        {
            return Some(vital);
        }
    }
    None
}

/// The search playouts' answer to the opponent's move at `last`: like
/// [`tactical_reply`], but extending whenever that gives two liberties or
/// more, without reading the ladder (the search's priors read ladders).
/// Side by side against GNU Go, reading them in these playouts too cost
/// 16% of the playout rate and won no more games. The status playouts do
/// read them: without, their judgement of GNU Go's scoring suite let a
/// dead group live (score14).
#[must_use]
pub fn search_reply(board: &Board, color: Color, last: Point) -> Option<Point> {
    escape_reply(
        board,
        color,
        last,
        |_| true,
        |lib| board.has_two_liberties_after(color, lib),
    )
}

/// A move of `color` capturing an enemy chain in atari next to `color`'s
/// chain through `chain` (a way out of atari other than extending), among
/// the captures that `takes` accepts.
#[inline]
fn counter_capture(
    board: &Board,
    color: Color,
    chain: Point,
    takes: impl Fn(Point) -> bool,
) -> Option<Point> {
    let enemy = Cell::stone(color.other());
    for s in board.chain_stones(chain) {
        for q in board.neighbours_holding(s, enemy) {
            if let Some(capture) = capture_of(board, color, q).filter(|&c| takes(c)) {
                return Some(capture);
            }
        }
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::test_support::v;

    /// White's eye spaces: a straight three in the corner (A9 B9 C9) and a
    /// straight four below it (A7 to D7).
    const WHITE_EYE_SPACES: &str = "
        . . . O X . . . .
        O O O O X . . . .
        . . . . O X . . .
        O O O O O X . . .
        X X X X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    /// Black's bulky five in the corner (A9 B9 C9 A8 B8).
    const BULKY_FIVE: &str = "
        . . . X . . . . .
        . . X X . . . . .
        X X X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    /// The reply to a capture plays the one point of the eye space next to
    /// the capturing stone with the most neighbours inside the space; none
    /// where no point has more than all others, or where the space touches
    /// a stone of the side to move.
    #[test]
    fn the_nakade_reply_takes_the_vital_point() {
        let white = Board::from_diagram(WHITE_EYE_SPACES).unwrap();
        // Straight three: its middle (B8 touches it and the straight four).
        assert_eq!(nakade_reply(&white, Color::Black, v("B8")), Some(v("B9")));
        // Straight four: two points with two neighbours inside each.
        assert_eq!(nakade_reply(&white, Color::Black, v("B6")), None);
        let black = Board::from_diagram(BULKY_FIVE).unwrap();
        // Bulky five: B9, with three neighbours inside.
        assert_eq!(nakade_reply(&black, Color::White, v("C8")), Some(v("B9")));
        // With C9 White's, A9 B9 A8 B8 touch the side to move: nothing.
        let mut touching = black.clone();
        touching.play_unchecked(Color::White, v("C9"));
        assert_eq!(nakade_reply(&touching, Color::White, v("C8")), None);
        // With C9 Black's, a square four: every point has two neighbours.
        let mut square = black.clone();
        square.play_unchecked(Color::Black, v("C9"));
        assert_eq!(nakade_reply(&square, Color::White, v("C8")), None);
    }

    /// White's corner group (G1 G2 G3 H2 J2) has two liberties, H1 and J1;
    /// Black's H3 J3 inside it have one, J4, where Black cannot play.
    pub(crate) const SNAPBACK_CORNER: &str = "
        X X X X O . . . .
        X . X X O . . . .
        X X X X O . . . .
        X . X X O . . . .
        X X X X O O O O O
        X X X X X X X O .
        X . X . X X O X X
        X X X X X X O O O
        . X . X . X O . .";

    /// After Black's throw-in at J1, taking it at H1 leaves White's six
    /// stones with one liberty (a snapback); the status playouts' answer is
    /// the counter-capture of H3 J3 at J4, which the search's cheaper
    /// reply does not look past.
    #[test]
    fn the_status_reply_to_a_throw_in_is_not_a_snapback() {
        let mut board = Board::from_diagram(SNAPBACK_CORNER).unwrap();
        board.play_unchecked(Color::Black, v("J1"));
        assert!(is_snapback_capture(&board, Color::White, v("H1")));
        assert!(!is_snapback_capture(&board, Color::White, v("J4")));
        assert_eq!(tactical_reply(&board, Color::White, v("J1")), Some(v("J4")));
        assert_eq!(search_reply(&board, Color::White, v("J1")), Some(v("H1")));
    }
}
