//! Light playouts: uniformly random legal moves that never fill a one-point
//! eye of the mover (see [`Board::is_eye`]), simple ko only, a pass when no
//! such move is left; the game ends after two passes in a row.
//!
//! These are the reference bot's playouts (Dailey's CGOS "jrefgo"), which fix
//! the expected statistics from the empty 9×9 board: 111.0 moves per playout
//! counting the two final passes, and Black winning 0.421 of them at komi
//! 7.5. The rules' dead-stone judgement and the search both build on this.

use rand::Rng;

use super::{Board, Cell, Point, ladder};
use crate::color::Color;

/// Playouts stop after this many moves per board point, to bound cycles
/// (triple ko) that simple ko cannot break.
pub const MAX_MOVES_PER_POINT: usize = 3;

/// Which playout policy to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Uniform light playouts ([`playout`]).
    Light,
    /// The search's tactical playouts: like [`status_playout`] (no big
    /// self-atari), answering the last move by [`search_reply`], else by a
    /// MoGo 3×3 pattern next to it ([`pattern_reply`]).
    #[default]
    Tactical,
}

/// How the status playouts choose the moves that answer nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusMoves {
    /// Uniformly random. Right for finished positions: patterns let
    /// invaders in a large area look alive.
    Random,
    /// A MoGo 3×3 pattern next to the last move when one matches
    /// ([`pattern_reply`]), else random. Right for positions whose borders
    /// are still open: there the fights are not over, and how they end
    /// turns on answering the opponent's moves.
    Patterns,
}

/// What a finished playout reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played, passes included (the two final passes too).
    pub moves: u32,
    /// Black's area minus White's at the end ([`Board::area_score`]).
    pub score: i32,
}

/// The generator a playout draws its moves from: a 64-bit linear
/// congruential step (Knuth's MMIX constants) whose high 32 bits are the
/// output, as in PCG's base generator. It is seeded once per playout from
/// the caller's generator, so the caller's stream still decides everything,
/// and its one-word state stays in a register across the moves, where a
/// general generator's four words go back to memory around every
/// `play_unchecked` call. Only high bits are used, and `below` maps them by
/// multiply-shift, so the LCG's weak low bits never matter.
#[derive(Clone, Copy, Debug)]
struct PlayoutRng(u64);

impl PlayoutRng {
    const MULTIPLIER: u64 = 6_364_136_223_846_793_005;
    const INCREMENT: u64 = 1_442_695_040_888_963_407;

    /// A generator seeded from `rng`.
    #[inline]
    fn from_rng<R: Rng + ?Sized>(rng: &mut R) -> PlayoutRng {
        PlayoutRng(rng.next_u64())
    }
}

impl rand::TryRng for PlayoutRng {
    type Error = std::convert::Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        self.0 = self
            .0
            .wrapping_mul(Self::MULTIPLIER)
            .wrapping_add(Self::INCREMENT);
        Ok((self.0 >> 32) as u32)
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let high = u64::from(self.try_next_u32()?);
        let low = u64::from(self.try_next_u32()?);
        Ok(high << 32 | low)
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dest.chunks_mut(4) {
            let bytes = self.try_next_u32()?.to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// A uniform draw from `0..n` by multiply-shift (no modulo bias worth
/// speaking of, and no division).
#[inline]
fn below<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// A uniformly random empty point where `color` may legally play without
/// filling its own eye, or `None` when there is none.
///
/// Tried candidates are moved to the end of the empty list, so each draw is
/// uniform over the untried points.
#[inline]
pub fn random_move<R: Rng + ?Sized>(board: &mut Board, color: Color, rng: &mut R) -> Option<Point> {
    random_move_with::<R, false>(board, color, rng)
}

/// [`random_move`], refusing also, when `NO_BIG_SELF_ATARI`, moves that put
/// a chain of two or more stones into atari ([`Board::is_big_self_atari`]).
#[inline]
fn random_move_with<R: Rng + ?Sized, const NO_BIG_SELF_ATARI: bool>(
    board: &mut Board,
    color: Color,
    rng: &mut R,
) -> Option<Point> {
    let mut untried = board.empty_points().len();
    while untried > 0 {
        let i = below(rng, untried);
        let p = board.empty_points()[i];
        if !board.is_eye(color, p)
            && board.is_legal(color, p)
            && !(NO_BIG_SELF_ATARI && board.is_big_self_atari(color, p))
        {
            return Some(p);
        }
        untried -= 1;
        board.swap_empties(i, untried);
    }
    None
}

/// Plays a light playout on `board`, `to_move` first, until two passes in a
/// row (or the move cap), and scores the result by area.
pub fn playout<R: Rng + ?Sized>(board: &mut Board, to_move: Color, rng: &mut R) -> PlayoutResult {
    playout_with::<R, false, false, false>(board, to_move, None, rng, None)
}

/// A playout for judging life and death: like [`playout`], but no player
/// puts a chain of two or more stones into atari, and each move first
/// answers the last one: a capture of three stones or more at the vital
/// point of the eye space it left ([`nakade_reply`]), else tactically
/// ([`tactical_reply`]: capture a chain it left in atari, else save an own
/// chain it put in atari), and otherwise as `moves` says. Seki then
/// survives (its shared liberties are never filled), live groups are not
/// thrown away, and dead stones get captured. Returns like [`playout`]; the
/// final board is left in `board` for ownership counts.
pub fn status_playout<R: Rng + ?Sized>(
    board: &mut Board,
    to_move: Color,
    moves: StatusMoves,
    rng: &mut R,
) -> PlayoutResult {
    match moves {
        StatusMoves::Random => {
            playout_with::<R, true, true, false>(board, to_move, None, rng, None)
        }
        StatusMoves::Patterns => {
            playout_with::<R, true, true, true>(board, to_move, None, rng, None)
        }
    }
}

/// A playout of `policy` continuing a game whose last move was `last`,
/// appending every stone played to `record` (for AMAF statistics).
pub fn recorded_playout<R: Rng + ?Sized>(
    policy: Policy,
    board: &mut Board,
    to_move: Color,
    last: Option<Point>,
    rng: &mut R,
    record: &mut Vec<(Color, Point)>,
) -> PlayoutResult {
    match policy {
        Policy::Light => {
            playout_with::<R, false, false, false>(board, to_move, last, rng, Some(record))
        }
        Policy::Tactical => {
            playout_with::<R, true, false, true>(board, to_move, last, rng, Some(record))
        }
    }
}

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
fn capture_of(board: &Board, color: Color, q: Point) -> Option<Point> {
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

/// A random one of the points around the last move `last` (its 8
/// neighbours) that match a MoGo 3×3 pattern ([`super::pattern`]) and are
/// legal, not an own eye and not a multi-stone self-atari, drawn
/// uniformly. The matches are drawn first and tested one at a time, a
/// failed one set aside: the same choice as testing them all and drawing
/// among those that pass, with fewer tests.
#[must_use]
pub fn pattern_reply<R: Rng + ?Sized>(
    board: &Board,
    color: Color,
    last: Point,
    rng: &mut R,
) -> Option<Point> {
    let mut found = [last; 8];
    let mut count = 0;
    let patterns = super::pattern::patterns();
    for q in board.around_holding(last, Cell::Empty) {
        if patterns.matches(board.neighbourhood(q)) {
            found[count] = q;
            count += 1;
        }
    }
    while count > 0 {
        let i = below(rng, count);
        let q = found[i];
        if !board.is_eye(color, q) && board.is_legal(color, q) && !board.is_big_self_atari(color, q)
        {
            return Some(q);
        }
        count -= 1;
        found[i] = found[count];
    }
    None
}

/// The playout loop. `NO_BIG_SELF_ATARI`: no move puts a chain of two
/// stones or more into atari, and each move first answers the last one
/// tactically, by [`tactical_reply`] (and [`nakade_reply`]) when
/// `STATUS_REPLIES`, else by [`search_reply`]. `PATTERNS`: then a MoGo
/// pattern next to the last move. Then a random move.
#[inline]
fn playout_with<
    R: Rng + ?Sized,
    const NO_BIG_SELF_ATARI: bool,
    const STATUS_REPLIES: bool,
    const PATTERNS: bool,
>(
    board: &mut Board,
    to_move: Color,
    mut last: Option<Point>,
    rng: &mut R,
    mut record: Option<&mut Vec<(Color, Point)>>,
) -> PlayoutResult {
    let rng = &mut PlayoutRng::from_rng(rng);
    let max_moves = MAX_MOVES_PER_POINT * board.size() * board.size();
    let mut color = to_move;
    let mut moves = 0u32;
    let mut passes = 0;
    // Stones the last move captured (read by the status playouts only).
    let mut last_captured = 0;
    while passes < 2 && (moves as usize) < max_moves {
        let tactical = if NO_BIG_SELF_ATARI {
            last.and_then(|l| {
                if !STATUS_REPLIES {
                    search_reply(board, color, l)
                } else if last_captured as usize >= NAKADE_MIN {
                    nakade_reply(board, color, l).or_else(|| tactical_reply(board, color, l))
                } else {
                    tactical_reply(board, color, l)
                }
            })
        } else {
            None
        };
        let heuristic = if PATTERNS {
            tactical.or_else(|| last.and_then(|l| pattern_reply(board, color, l, rng)))
        } else {
            tactical
        };
        match heuristic
            .or_else(|| random_move_with::<PlayoutRng, NO_BIG_SELF_ATARI>(board, color, rng))
        {
            Some(p) => {
                let before = board.captures(color);
                board.play_unchecked(color, p);
                if STATUS_REPLIES {
                    last_captured = board.captures(color) - before;
                }
                passes = 0;
                last = Some(p);
                if let Some(record) = record.as_deref_mut() {
                    record.push((color, p));
                }
            }
            None => {
                board.pass();
                passes += 1;
                last = None;
                last_captured = 0;
            }
        }
        moves += 1;
        color = color.other();
    }
    PlayoutResult {
        moves,
        score: board.area_score(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::test_support::v;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// Playouts end with no legal non-eye move for either side (unless they
    /// hit the move cap, as cycles on tiny boards do), on a consistent board.
    #[test]
    fn playouts_end_in_a_consistent_terminal_position() {
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [2, 3, 5, 9, 13, 19, 25] {
            for _ in 0..20 {
                let mut board = Board::new(size);
                let result = playout(&mut board, Color::Black, &mut rng);
                board.check_consistency().unwrap();
                assert!(result.moves >= 2);
                assert!(result.score.unsigned_abs() as usize <= size * size);
                let capped = result.moves as usize >= MAX_MOVES_PER_POINT * size * size;
                for color in Color::ALL.into_iter().filter(|_| !capped) {
                    let mut b = board.clone();
                    // Passing clears any ko, as the final passes did.
                    b.pass();
                    assert_eq!(random_move(&mut b, color, &mut rng), None, "{board}");
                }
            }
        }
    }

    /// The pattern reply draws uniformly among the points around the last
    /// move that match a pattern and pass its tests, and answers `None`
    /// exactly when there is none; checked over positions from random
    /// games, 400 draws each.
    #[test]
    fn pattern_reply_is_uniform_over_the_points_that_qualify() {
        const DRAWS: u32 = 400;
        let mut rng = SmallRng::seed_from_u64(3);
        let patterns = super::super::pattern::patterns();
        let mut choices_checked = 0;
        for _ in 0..300 {
            let mut board = Board::new(9);
            let mut color = Color::Black;
            let mut last = None;
            for _ in 0..below(&mut rng, 70) {
                last = random_move(&mut board, color, &mut rng);
                match last {
                    Some(p) => board.play_unchecked(color, p),
                    None => board.pass(),
                }
                color = color.other();
            }
            let Some(last) = last else { continue };
            let qualify: Vec<Point> = board
                .around_holding(last, Cell::Empty)
                .filter(|&q| {
                    patterns.matches(board.neighbourhood(q))
                        && !board.is_eye(color, q)
                        && board.is_legal(color, q)
                        && !board.is_big_self_atari(color, q)
                })
                .collect();
            let mut counts = vec![0u32; qualify.len()];
            for _ in 0..DRAWS {
                match pattern_reply(&board, color, last, &mut rng) {
                    None => assert!(qualify.is_empty(), "{board}"),
                    Some(q) => {
                        let i = qualify.iter().position(|&v| v == q);
                        counts[i.expect("a point that qualifies")] += 1;
                    }
                }
            }
            if qualify.len() >= 2 {
                choices_checked += 1;
                let expected = f64::from(DRAWS) / qualify.len() as f64;
                for &count in &counts {
                    let deviation = (f64::from(count) - expected).abs();
                    assert!(deviation < 5.0 * expected.sqrt(), "{counts:?}\n{board}");
                }
            }
        }
        assert!(choices_checked >= 20, "only {choices_checked} choices");
    }

    /// The correctness gate of the playout board: the reference bot's
    /// published figures for 1M uniform playouts from the empty 9×9 board,
    /// 111.0 ± 0.1 moves (two final passes included) and a Black win rate of
    /// 0.421 ± 0.002 at komi 7.5 (perf.md §2a). A liberty, capture, ko or eye
    /// bug, or a non-uniform move choice, moves these numbers.
    #[test]
    fn reference_playout_statistics_9x9() {
        const PLAYOUTS: u32 = 1_000_000;
        const KOMI: f64 = 7.5;
        let mut rng = SmallRng::seed_from_u64(2008);
        let empty = Board::new(9);
        let mut board = Board::new(9);
        let (mut moves, mut black_wins) = (0u64, 0u32);
        for _ in 0..PLAYOUTS {
            board.copy_from(&empty);
            let result = playout(&mut board, Color::Black, &mut rng);
            moves += u64::from(result.moves);
            black_wins += u32::from(f64::from(result.score) > KOMI);
        }
        let mean_moves = moves as f64 / f64::from(PLAYOUTS);
        let win_rate = f64::from(black_wins) / f64::from(PLAYOUTS);
        assert!(
            (mean_moves - 111.0).abs() <= 0.1,
            "moves per playout {mean_moves}"
        );
        assert!(
            (win_rate - 0.421).abs() <= 0.002,
            "black win rate {win_rate}"
        );
    }

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

    /// White's group (A8 to E8, E9) holds Black's straight three A9 B9 C9
    /// in its corner and has no room for an eye elsewhere: a one-point
    /// corridor (A7 to E7) runs between it and Black's wall, which lives
    /// with many one-point eyes. White captures at D9, and Black's answer
    /// at the vital point B9 leaves White one eye.
    pub(crate) const STRAIGHT_THREE_NAKADE: &str = "
        X X X . O X . X .
        O O O O O X X X X
        . . . . . X . X X
        X X X X X X X X X
        X . X X . X X . X
        X X X X X X X X X
        X . X X . X X . X
        X X X X X X X X X
        X . X X . X X . X";

    /// In every status playout where White takes the three stones at D9,
    /// Black's next move is the vital point B9. White takes them in all 200
    /// playouts here; answering at random, Black played B9 next in 43.
    #[test]
    fn status_playouts_answer_a_capture_at_the_vital_point() {
        let start = Board::from_diagram(STRAIGHT_THREE_NAKADE).unwrap();
        let mut rng = SmallRng::seed_from_u64(5);
        let mut board = start.clone();
        let mut record = Vec::new();
        let mut captures = 0;
        for i in 0..200 {
            board.copy_from(&start);
            record.clear();
            let first = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            playout_with::<SmallRng, true, true, false>(
                &mut board,
                first,
                None,
                &mut rng,
                Some(&mut record),
            );
            let Some(k) = record.iter().position(|&m| m == (Color::White, v("D9"))) else {
                continue;
            };
            captures += 1;
            assert_eq!(
                record.get(k + 1),
                Some(&(Color::Black, v("B9"))),
                "playout {i}"
            );
        }
        assert_eq!(captures, 200);
    }

    /// White's corner group (G1 G2 G3 H2 J2) has two liberties, H1 and J1;
    /// Black's H3 J3 inside it have one, J4, where Black cannot play.
    const SNAPBACK_CORNER: &str = "
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

    /// White's corner group lives in every status playout, whoever starts:
    /// Black's throw-ins are answered by the counter-capture.
    #[test]
    fn status_playouts_keep_a_group_that_a_counter_capture_saves() {
        let start = Board::from_diagram(SNAPBACK_CORNER).unwrap();
        let g1 = v("G1");
        let mut rng = SmallRng::seed_from_u64(11);
        let mut board = start.clone();
        let mut white_kept = 0;
        for i in 0..200 {
            board.copy_from(&start);
            let first = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            status_playout(&mut board, first, StatusMoves::Random, &mut rng);
            white_kept += usize::from(board.color_at(g1) == Some(Color::White));
        }
        assert_eq!(white_kept, 200);
    }
}
