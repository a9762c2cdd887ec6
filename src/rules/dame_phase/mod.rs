//! The dame phase of a game stopped by agreement, played out before a
//! territory count.
//!
//! Professional games under the Japanese rules stop when both players
//! agree, before the neutral points (dame) are filled. The 1989 rules
//! count territory once the dame are filled and the protective moves the
//! filling forces are played (art. 9 and its commentary on dame and
//! teire): a stone its owner must add inside his own territory costs him a
//! point. [`play_out`] plays that phase on a copy of the position, dead
//! stones still on the board as they are in play:
//!
//! - the players move in turn from the side to move, each choosing, in this
//!   order: saving a chain of his in atari (capturing the stones next to it
//!   that are in atari, or extending at its liberty); taking stones placed
//!   in this phase that are in atari, or a dead chain whose last liberty is
//!   a dame; a move that removes a threat against him, when the opponent's
//!   next move would leave a chain of his in atari with no way out, or two
//!   of his chains in atari that no one move saves (he fills the dame
//!   himself, or starts capturing the dead stones that shorten his
//!   liberties); a move that removes a shortage of liberties
//!   (below); a dame fill, the one that puts an opponent
//!   chain in atari first (it is in sente), then one the opponent could use
//!   against him; otherwise he passes;
//! - under territory counting, of two defences or two gote fills, the one
//!   after which the opponent has fewer fills in sente goes first: a fill
//!   that takes one of his forcing fills away but gives him two new ones
//!   gains nothing (each forcing fill costs a teire);
//! - a chain of two or three liberties that the opponent, moving first,
//!   would take by force once the dame are filled (dead stones that
//!   outlast it, a placement it cannot answer: read, not guessed) gets its
//!   stone first, after the sente fills and the threats
//!   ([`SHORTAGE_BUDGET`]);
//! - a small chain that only dead stones could take is neither saved nor
//!   defended: that capture would cost its owner nothing
//!   ([`MAX_TAKEN_BY_DEAD`]);
//! - under territory counting, a dame that would close the point behind it
//!   as the filler's own is left to the opponent, who fills it first: the
//!   players left that point open, so it is counted neutral;
//! - a dame fill is safe: legal, keeping two liberties or capturing, and
//!   never joining a dead stone of one's own;
//! - points next to a seki are left alone, as the players leave them;
//! - a chain judged alive is never captured: were it lost, the judgement
//!   (not this phase) would be wrong, and the count keeps the judgement.
//!
//! The count then reads the finished board: territory is closed where a
//! dame was open, and each stone an owner added inside his territory is
//! one point less for him (the teire).

use super::Scoring;
use super::status::{Judgement, StoneStatus, neutral_points_where};
use crate::board::{ARRAY_LEN, Board, Point};
use crate::color::Color;
use std::collections::HashMap;

mod fills;
mod shortage;
mod threats;

/// The most moves played in the dame phase, per point of the board: a
/// bound on the loop (captures and kos can prolong it).
pub const MAX_MOVES_PER_POINT: usize = 2;

/// A position is unfinished, and its dame phase not played, when at least
/// this share of its points are neutral once judged: in regions of empty
/// points and dead stones that touch live stones of both colours (an open
/// frontier that the players had not closed). `tengen score` reports such
/// a record as unfinished, its count an estimate.
pub const UNFINISHED_SHARE: f64 = 0.10;

/// A position with [`UNFINISHED_SHARE`] of its points neutral is finished
/// all the same when its dame phase ends within this share of the points
/// in moves: its frontier was short, a few open dame leaving whole
/// regions neutral ([`finish`]).
pub const UNFINISHED_FRONTIER_SHARE: f64 = 0.06;

/// The most stones of a chain that its owner leaves to be taken by dead
/// stones, neither saving it in atari nor answering a threat to it
/// (`Phase::only_dead_take`): the taker's two-point space gives it no
/// eyes.
pub const MAX_TAKEN_BY_DEAD: usize = 2;

/// The most positions read to learn whether a short chain is taken by
/// force ([`Phase::remove_shortage`]); beyond, it is not. A placement
/// inside an edge territory with dead stones beside it can need several
/// thousand positions to prove.
pub const SHORTAGE_BUDGET: usize = 12_000;

/// A reading of a short chain is reused while no stone within this many
/// points of it (by steps along the lines) has changed.
pub const SHORTAGE_REACH: usize = 4;

/// The most liberties of a chain read for a shortage (with one, it is in
/// atari, which the rescue and threat rules handle).
const MAX_SHORT_LIBERTIES: usize = 3;

/// The fewest stones of a chain read for a shortage: a lone stone taken
/// inside its owner's territory costs him nothing, as its takers stay
/// there and die (one prisoner each way).
const MIN_SHORT_CHAIN: usize = 2;

/// Whether `board`, judged by `judgement`, is finished enough for its dame
/// phase to be played out: fewer than [`UNFINISHED_SHARE`] of its points
/// neutral.
#[must_use]
pub fn is_finished(board: &Board, judgement: &Judgement) -> bool {
    (judgement.neutral_points(board) as f64)
        < UNFINISHED_SHARE * (board.size() * board.size()) as f64
}

/// The position after the dame phase.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The board after the phase: dead stones still on it, unless taken
    /// during the phase (then they are among its captures).
    pub board: Board,
    /// Per point (`Point::index`): whether a stone there counts as alive
    /// (judged alive, or played in the phase).
    pub live: Vec<bool>,
    /// The stones each side added inside its own territory, in order.
    pub teire: Vec<(Point, Color)>,
    /// Every move of the phase, in order.
    pub moves: Vec<(Color, Point)>,
}

impl Finished {
    /// The points in regions of empty points and dead stones that touch
    /// live stones of both colours once the phase is over.
    #[must_use]
    pub fn neutral_points(&self) -> usize {
        neutral_points_where(&self.board, |p| self.live[p.index()])
    }
}

/// What each empty point of the board without its dead stones is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Area {
    /// A stone (live), or off the board.
    None,
    /// A region touching this colour's live stones only.
    Own(Color),
    /// A region touching both colours, no seki among its border: a dame.
    Dame,
    /// A region next to a seki, or touching no live stone: left alone.
    Untouched,
}

/// Plays the dame phase of `board` under the statuses of `judgement`,
/// `to_move` first, for a count by `scoring` (see the module
/// documentation).
#[must_use]
pub fn play_out(
    board: &Board,
    judgement: &Judgement,
    to_move: Color,
    scoring: Scoring,
) -> Finished {
    let limit = MAX_MOVES_PER_POINT * board.size() * board.size();
    play_out_within(board, judgement, to_move, scoring, limit).0
}

/// The dame phase played before a count, or `None` when the game was
/// stopped unfinished. A finished position ([`is_finished`]) is played out
/// in full. One the judgement leaves neutral is finished all the same when
/// its phase ends within [`UNFINISHED_FRONTIER_SHARE`] of the board's
/// points in moves (an open dame on a border makes a whole region neutral
/// until it is filled), unless a neutral region holds dead stones of both
/// colours: that region is contested, no one's (art. 10-1), not a border
/// left open.
#[must_use]
pub fn finish(
    board: &Board,
    judgement: &Judgement,
    to_move: Color,
    scoring: Scoring,
) -> Option<Finished> {
    if is_finished(board, judgement) {
        return Some(play_out(board, judgement, to_move, scoring));
    }
    let contested = board
        .regions(|p| !judgement.is_live_stone(p))
        .iter()
        .any(|r| {
            r.touches(board, Color::Black)
                && r.touches(board, Color::White)
                && Color::ALL
                    .iter()
                    .all(|&c| r.points.iter().any(|&p| board.color_at(p) == Some(c)))
        });
    if contested {
        return None;
    }
    let points = (board.size() * board.size()) as f64;
    let limit = (UNFINISHED_FRONTIER_SHARE * points) as usize;
    let (finished, ended) = play_out_within(board, judgement, to_move, scoring, limit);
    ended.then_some(finished)
}

/// [`play_out`] stopped after `limit` moves, and whether it ended (two
/// passes) within them.
fn play_out_within(
    board: &Board,
    judgement: &Judgement,
    to_move: Color,
    scoring: Scoring,
    limit: usize,
) -> (Finished, bool) {
    let mut live = vec![false; ARRAY_LEN];
    for p in board.points() {
        live[p.index()] = judgement.is_live_stone(p);
    }
    let seki = board.points().fold(vec![false; ARRAY_LEN], |mut seki, p| {
        seki[p.index()] = judgement.status(p) == Some(StoneStatus::Seki);
        seki
    });
    let area = areas(board, &seki, &live);
    let mut phase = Phase {
        board: board.clone(),
        judged_live: live.clone(),
        live,
        area,
        seki,
        scoring,
        shortage_read: std::rc::Rc::default(),
    };
    let mut moves = Vec::new();
    let mut teire = Vec::new();
    let mut color = to_move;
    let mut passes = 0;
    while passes < 2 && moves.len() < limit {
        match phase.choose_why(color) {
            Some((p, why)) => {
                log::debug!("dame phase: {color:?} {p}, {why}");
                if phase.area[p.index()] == Area::Own(color) {
                    teire.push((p, color));
                }
                phase.play(color, p);
                moves.push((color, p));
                passes = 0;
            }
            None => passes += 1,
        }
        color = color.other();
    }
    if log::log_enabled!(log::Level::Debug) {
        log::debug!(
            "dame phase:\n{}",
            diagram(board, &phase.judged_live, &phase.board, &moves)
        );
    }
    // A teire point whose stone was taken again is no teire.
    teire.retain(|&(p, c)| phase.board.color_at(p) == Some(c));
    let finished = Finished {
        board: phase.board,
        live: phase.live,
        teire,
        moves,
    };
    (finished, passes >= 2)
}

/// The areas of `board` without its dead stones (`live`: whether the
/// stone at a point counts as alive; `seki`: whether it is in seki).
fn areas(board: &Board, seki: &[bool], live: &[bool]) -> Vec<Area> {
    let mut area = vec![Area::None; ARRAY_LEN];
    for region in board.regions(|p| !live[p.index()]) {
        let black = region.touches(board, Color::Black);
        let white = region.touches(board, Color::White);
        let seki = region.border.iter().any(|&b| seki[b.index()]);
        let kind = match (black, white) {
            _ if seki => Area::Untouched,
            (true, false) => Area::Own(Color::Black),
            (false, true) => Area::Own(Color::White),
            (true, true) => Area::Dame,
            (false, false) => Area::Untouched,
        };
        for &p in &region.points {
            area[p.index()] = kind;
        }
    }
    area
}

/// Which dame fills [`Phase::fill_dame`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    /// Only those that put an opponent chain in atari.
    Forcing,
    /// Any.
    Any,
}

/// The board of the phase and what is known of its stones.
#[derive(Clone)]
struct Phase {
    board: Board,
    /// Whether the stone at a point counts as alive.
    live: Vec<bool>,
    /// The areas of the board as it stands (see [`areas`]).
    area: Vec<Area>,
    /// Per point: whether a stone judged in seki stood there at the start.
    seki: Vec<bool>,
    /// Per point: whether a stone judged alive stood there at the start
    /// (such chains are never captured here).
    judged_live: Vec<bool>,
    /// The count that follows: under territory counting a dame that keeps
    /// a point next to it neutral goes first (see [`Phase::fill_dame`]).
    scoring: Scoring,
    /// Readings of shortage already done, by the chain's neighbourhood
    /// (see [`Phase::local_key`]); shared by the phase's copies.
    shortage_read: std::rc::Rc<std::cell::RefCell<HashMap<u64, bool>>>,
}

impl Phase {
    fn play(&mut self, color: Color, p: Point) {
        self.play_stone(color, p);
        self.area = areas(&self.board, &self.seki, &self.live);
    }

    /// Plays a stone without updating the areas (for looking ahead).
    fn play_stone(&mut self, color: Color, p: Point) {
        self.board.play_unchecked(color, p);
        // Dead stones it joins to a live chain live on.
        let stones: Vec<Point> = self.board.chain_stones(p).collect();
        for s in stones {
            self.live[s.index()] = true;
        }
    }

    /// Whether the stone at `p` is a live one of `color`.
    fn is_live(&self, p: Point, color: Color) -> bool {
        self.board.color_at(p) == Some(color) && self.live[p.index()]
    }

    /// Whether a stone of `color` at `p` would join a dead stone of its
    /// own without connecting it to a live chain of its own with three
    /// liberties or more (a dead stone in atari at a dame is saved when
    /// its owner connects it: a dame ko).
    fn joins_dead(&self, color: Color, p: Point) -> bool {
        let own = |n: &Point, live: bool| {
            self.board.color_at(*n) == Some(color) && self.live[n.index()] == live
        };
        let neighbours = p.neighbours();
        neighbours.iter().any(|n| own(n, false))
            && !(neighbours.iter().any(|n| own(n, true))
                && self.board.liberties_after(color, p) >= 3)
    }

    /// Whether the chain through the stone `h` holds a stone judged alive.
    fn holds_judged_live(&self, h: Point) -> bool {
        self.board
            .chain_stones(h)
            .any(|s| self.judged_live[s.index()])
    }

    /// Whether a stone of `color` at `p` would capture a chain holding a
    /// stone judged alive.
    fn captures_judged_live(&self, color: Color, p: Point) -> bool {
        p.neighbours().iter().any(|&n| {
            self.board.color_at(n) == Some(color.other())
                && self.board.in_atari(n)
                && self.holds_judged_live(n)
        })
    }

    /// Whether `color` may play at `p` here at all: legal, not joining one
    /// of its dead stones, not capturing stones judged alive.
    fn may_play(&self, color: Color, p: Point) -> bool {
        self.board.is_on_board(p)
            && self.board.color_at(p).is_none()
            && self.board.is_legal(color, p)
            && !self.joins_dead(color, p)
            && !self.captures_judged_live(color, p)
    }

    /// The heads of `color`'s live chains, each once.
    fn live_chains(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.is_live(p, color) && self.board.chain_head(p) == p)
            .collect()
    }

    /// The move `color` makes next and the rule that chose it.
    fn choose_why(&self, color: Color) -> Option<(Point, &'static str)> {
        let why = |reason: &'static str| move |p: Point| (p, reason);
        self.rescue_any(color)
            .map(why("rescue"))
            .or_else(|| self.take(color).map(why("take")))
            .or_else(|| self.fill_dame(color, Fill::Forcing).map(why("sente fill")))
            .or_else(|| self.remove_threat(color).map(why("threat")))
            .or_else(|| self.remove_shortage(color).map(why("shortage")))
            .or_else(|| self.fill_dame(color, Fill::Any).map(why("fill")))
    }
}

/// The phase as a diagram, for debugging: `X`/`O` the stones judged alive,
/// `x`/`o` the dead ones, `B`/`W` the stones played in the phase (`b`/`w`
/// those taken again), `*` stones taken in the phase.
fn diagram(
    before: &Board,
    judged_live: &[bool],
    after: &Board,
    moves: &[(Color, Point)],
) -> String {
    let size = before.size();
    let mut out = String::new();
    for row in (0..size).rev() {
        for col in 0..size {
            let Some(p) = Point::new(col, row) else {
                continue;
            };
            let played = moves.iter().rev().find(|&&(_, q)| q == p).map(|&(c, _)| c);
            let ch = match (before.color_at(p), after.color_at(p), played) {
                (_, Some(Color::Black), Some(_)) => 'B',
                (_, Some(Color::White), Some(_)) => 'W',
                (None, None, Some(Color::Black)) => 'b',
                (None, None, Some(Color::White)) => 'w',
                (Some(_), None, _) => '*',
                (Some(Color::Black), Some(_), None) if judged_live[p.index()] => 'X',
                (Some(Color::White), Some(_), None) if judged_live[p.index()] => 'O',
                (Some(Color::Black), Some(_), None) => 'x',
                (Some(Color::White), Some(_), None) => 'o',
                _ => '.',
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::status::{Judgement, judge};
    use crate::test_support::v;

    /// White's lone D5, dead inside Black's area, in atari at the dame E5
    /// beside White's wall (also the count's test in `score.rs`).
    pub(in crate::rules) const DEAD_STONE_IN_ATARI_AT_A_DAME: &str = "
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . X X O . . .
        . . X O . O . . .
        . . . X X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        ";

    /// White's F4 has two liberties: E4 in White's territory and the dame
    /// F5. Black's stone on F5 is safe (it joins F6 and G5) and puts F4 in
    /// atari, so with Black to play Black fills F5 in sente and White must
    /// add E4: a teire. With White to play White fills F5 himself and owes
    /// nothing.
    const SENTE_DAME: &str = "
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        . . . . O . X . .
        . . . . . O X . .
        . . . . O X . . .
        . . . . O X . . .
        . . . . O X . . .
        ";

    #[test]
    fn a_dame_filled_in_sente_forces_a_teire() {
        let board = Board::from_diagram(SENTE_DAME).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        let (e4, f5) = (v("E4"), v("F5"));
        assert!(judgement.is_live_stone(v("F4")), "F4 is alive");

        let black_first = play_out(&board, &judgement, Color::Black, Scoring::Territory);
        assert_eq!(
            black_first.moves[..2],
            [(Color::Black, f5), (Color::White, e4)]
        );
        assert_eq!(black_first.teire, [(e4, Color::White)]);

        let white_first = play_out(&board, &judgement, Color::White, Scoring::Territory);
        assert_eq!(white_first.moves, [(Color::White, f5)]);
        assert!(white_first.teire.is_empty());
    }

    /// Black has two fills in sente: E7 (White's E6 then needs D6) and F3
    /// (White's E3 then needs D3). White, to play, takes one of them away.
    /// Filling F3 would leave his E3-F3 short again at F2, a third forcing
    /// fill; filling E7 leaves Black only F3. So White fills E7 and adds
    /// one teire, not two.
    const FILL_THAT_MAKES_A_NEW_FORCING_FILL: &str = "
        . . . O X . . . .
        . . . O X X . . .
        . . . O . X . . .
        . . . . O X . . .
        . . . O X . . . .
        . . . O X X . . .
        . . . . O . X . .
        . . . O X . X . .
        . . . O X X X . .
        ";

    #[test]
    fn the_fill_that_leaves_fewest_forcing_fills_goes_first() {
        let board = Board::from_diagram(FILL_THAT_MAKES_A_NEW_FORCING_FILL).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        for s in ["E3", "E6", "E2", "E4"] {
            assert!(judgement.is_live_stone(v(s)), "{s} is alive");
        }
        let finished = play_out(&board, &judgement, Color::White, Scoring::Territory);
        assert_eq!(
            finished.moves[..3],
            [
                (Color::White, v("E7")),
                (Color::Black, v("F3")),
                (Color::White, v("D3"))
            ]
        );
        assert_eq!(finished.teire, [(v("D3"), Color::White)]);
    }

    /// Meijin_10_36 (Japanese professional record, Black to play): Black's
    /// lone J11 has the liberties K11 and J12, and his wall K10-O10 only
    /// K11 and L11. White's stone on K11 would put both in atari; Black
    /// saves one, White takes the other. So Black adds K11 himself, a
    /// teire: the record's result, B+0.5.
    const DOUBLE_ATARI_IN_TERRITORY: &str = "
        . . O O O O X . . . . . . . X . X . .
        . O . O X X X . . . . . . X . X . X .
        . O O X X . . . . . . . O X . . X O X
        . O X O X X . . X . . X O X X . X O .
        . . . O O X . . . . . . O . X X O O O
        . O O . O X . . . . . X X . X O O X O
        O . O O O X . . . . X O . X X O X X X
        . O X X O O X X . . X O O O O O X X X
        O X . . X . O O X . . X O . O X X . .
        O X . X . X X . O X X X X X O O X . .
        O X X . . . X O O O O O X X O O O X .
        O O X . . . X X X O . . O O O X O X .
        . X . . . X O O O . . . . . O X X X X
        X X X X X X X X O . . . . . O X O O X
        X O O X O O O O . . . . . . . O O X X
        O . O X O . . . . . . . . O . O O O X
        . . O X X O . . . . . . . . O O O X .
        . . O O O O . . . . . . . . . O X X .
        . . . . . . . . . . . . . . O X X . .
        ";

    #[test]
    fn a_placement_that_puts_two_chains_in_atari_forces_a_teire() {
        let board = Board::from_diagram(DOUBLE_ATARI_IN_TERRITORY).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        for s in ["J11", "K10", "J10"] {
            assert!(judgement.is_live_stone(v(s)), "{s} is alive");
        }
        let finished = play_out(&board, &judgement, Color::Black, Scoring::Territory);
        assert!(
            finished.teire.contains(&(v("K11"), Color::Black)),
            "{:?}",
            finished.moves
        );
    }

    /// White's lone D5 is dead inside Black's area and in atari at E5, a
    /// dame beside White's wall: the side to play fills E5, Black taking
    /// D5, White connecting it. No stone judged alive is ever taken, and a
    /// game with nothing left to fill ends at once.
    #[test]
    fn a_dead_stone_in_atari_at_a_dame_goes_to_the_side_to_play() {
        let board = Board::from_diagram(DEAD_STONE_IN_ATARI_AT_A_DAME).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        let (d5, e5) = (v("D5"), v("E5"));
        assert!(!judgement.is_live_stone(d5));

        let black_first = play_out(&board, &judgement, Color::Black, Scoring::Territory);
        assert_eq!(black_first.moves, [(Color::Black, e5)]);
        assert_eq!(black_first.board.color_at(d5), None);
        assert_eq!(black_first.board.captures(Color::Black), 1);

        let white_first = play_out(&board, &judgement, Color::White, Scoring::Territory);
        assert_eq!(white_first.moves, [(Color::White, e5)]);
        assert!(white_first.live[d5.index()], "connected, D5 lives on");

        let finished = &black_first.board;
        let settled = play_out(
            finished,
            &judge(finished, &Rules::japanese()),
            Color::White,
            Scoring::Territory,
        );
        assert!(settled.moves.is_empty(), "{:?}", settled.moves);
    }

    /// One dame, E5, between Black's D5-E4 and White's wall; behind it F5
    /// touches White's stones only. A White stone at E5 would make F5
    /// White's territory, a Black one leaves it neutral. Counted as
    /// territory, the players left that point open, so F5 stays neutral
    /// whoever fills first: White does not fill E5 and Black does. Counted
    /// as area, each side fills what it can.
    const DAME_BEFORE_A_POINT: &str = "
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O O O . .
        . . . X . . O . .
        . . . X X O O . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        ";

    #[test]
    fn a_dame_that_would_close_a_point_is_left_to_the_opponent() {
        let board = Board::from_diagram(DAME_BEFORE_A_POINT).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        let e5 = v("E5");
        for to_move in [Color::Black, Color::White] {
            let finished = play_out(&board, &judgement, to_move, Scoring::Territory);
            let at_e5 = finished.board.color_at(e5);
            assert_eq!(at_e5, Some(Color::Black), "{to_move:?} first");
            assert!(finished.teire.is_empty());
        }
        let area = play_out(&board, &judgement, Color::White, Scoring::Area);
        assert_eq!(area.moves.first(), Some(&(Color::White, e5)));
    }

    /// Black's A5 is in atari from White's dead A6 and B5, inside Black's
    /// area. Taken at A4, it would cost Black nothing (A4, A5 and the dead
    /// stones' points are his once they are removed), so he does not save
    /// it: no teire, whoever moves first (White does not take a chain
    /// judged alive). Before [`MAX_TAKEN_BY_DEAD`], Black extended at A4.
    const ATARI_FROM_DEAD_STONES: &str = "
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        O . . . X O . . .
        X O . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        ";

    #[test]
    fn a_chain_in_atari_from_dead_stones_only_is_not_saved() {
        let board = Board::from_diagram(ATARI_FROM_DEAD_STONES).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        assert!(judgement.is_live_stone(v("A5")));
        assert!(!judgement.is_live_stone(v("A6")));
        for to_move in [Color::Black, Color::White] {
            let finished = play_out(&board, &judgement, to_move, Scoring::Territory);
            assert!(
                finished.moves.is_empty(),
                "{to_move:?}: {:?}",
                finished.moves
            );
        }
    }

    /// Black's A6-A5 has two liberties, A7 and A4, among White's dead
    /// stones. White's stone at A4 would leave it in atari with no way out
    /// (A7 is surrounded by A8 and B7), but taken by dead stones it would
    /// cost Black nothing: no threat, so Black adds no stone (before, he
    /// played A4 himself, a teire).
    const THREAT_FROM_DEAD_STONES: &str = "
        . . . . X O . . .
        O . . . X O . . .
        . O . . X O . . .
        X O . . X O . . .
        X O . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        . . . . X O . . .
        ";

    #[test]
    fn a_move_of_dead_stones_that_would_take_a_small_chain_is_no_threat() {
        let board = Board::from_diagram(THREAT_FROM_DEAD_STONES).expect("diagram");
        // White's stones inside Black's area are dead (the status playouts
        // doubt Black's two stones among them).
        let judgement = Judgement::with_statuses(&board, |p| {
            if board.color_at(p) == Some(Color::White) && p.col() < 4 {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            }
        });
        for to_move in [Color::Black, Color::White] {
            let finished = play_out(&board, &judgement, to_move, Scoring::Territory);
            assert!(
                finished.teire.is_empty(),
                "{to_move:?}: {:?}",
                finished.moves
            );
        }
    }

    /// Black's A7–D9 chain has three liberties, A8, C8 and C9, all inside
    /// Black's corner; White's dead B8–B9 has four. White, moving first,
    /// wins the race (C8, then C9), so Black must add a stone before the
    /// count. No single White move puts the chain in atari with no way
    /// out, so only the reading of the race finds it.
    const SHORT_OF_LIBERTIES: &str = "
        . O . X O . . . .
        . O . X O . . . .
        X X X X O . . . .
        O O O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ";

    #[test]
    fn a_chain_that_loses_a_race_with_dead_stones_gets_a_teire() {
        let board = Board::from_diagram(SHORT_OF_LIBERTIES).expect("diagram");
        let (b8, a7) = (v("B8"), v("A7"));
        let judgement = Judgement::with_statuses(&board, |p| {
            if board.color_at(p) == Some(Color::White)
                && board.chain_head(p) == board.chain_head(b8)
            {
                StoneStatus::Dead
            } else {
                StoneStatus::Alive
            }
        });
        for to_move in [Color::Black, Color::White] {
            let finished = play_out(&board, &judgement, to_move, Scoring::Territory);
            assert_eq!(finished.teire.len(), 1, "{to_move:?}: {:?}", finished.moves);
            assert_eq!(finished.teire[0].1, Color::Black);
            assert!(
                !crate::board::capture::taken_by_force(&finished.board, a7, Color::White),
                "{to_move:?}: {:?}",
                finished.moves
            );
        }
        // Counted by area, the extra stone costs nothing and is not played.
        let area = play_out(&board, &judgement, Color::Black, Scoring::Area);
        assert!(area.moves.is_empty(), "{:?}", area.moves);
    }

    /// Black's corner A9-B8 has two liberties, A7 and B7, in Black's
    /// area: White's placement at A7 or B7 would leave it in atari. A7
    /// removes that threat but leaves the corner short (White's A6 and
    /// then B5 take it: the liberties inside are shared with C7-C5); B7
    /// joins it to C7 and removes both at once: one teire, not two.
    const THREAT_AND_SHORTAGE: &str = "
        X O O . . . . . .
        X X O . . . . . .
        . . X O . . . . .
        . . X X O . . . .
        . . X O . . . . .
        . X O O . . . . .
        . X X X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        ";

    #[test]
    fn one_stone_answers_a_threat_and_a_shortage_together() {
        let board = Board::from_diagram(THREAT_AND_SHORTAGE).expect("diagram");
        let judgement = Judgement::with_statuses(&board, |_| StoneStatus::Alive);
        let finished = play_out(&board, &judgement, Color::Black, Scoring::Territory);
        let black_teire: Vec<Point> = finished
            .teire
            .iter()
            .filter(|&&(_, c)| c == Color::Black)
            .map(|&(p, _)| p)
            .collect();
        assert_eq!(black_teire, [v("B7")], "{:?}", finished.moves);
    }

    /// White's A10-B10 on the left edge, between Black's A11-D11 above
    /// and Black's C10 beside it, has two liberties, A9 and B9, at the
    /// mouth of White's lower-left area. Black, moving first, takes it by
    /// force, but the proof needs more than 6,000 positions: with a
    /// smaller budget the phase would leave White's teire unplayed. (A
    /// whole board from a professional game: cut down to its corner, the
    /// open space makes the reading longer still.)
    const EDGE_PAIR_SHORT_OF_LIBERTIES: &str = "
        . . X O O O X O O X X . O O X . . X .
        . . X X O X X O . X O O O X X . X O O
        . . X O O X O O O O O O O O X . X X O
        . . X O . X X O X O X O X X . X . O .
        . X O O X X X X X X X X X . X . X X O
        . . X O O O O X O X . . . O X X . O O
        . X X O . O X O O O X X X X O X O . X
        X . . X O O X X O O O O X O O O O X .
        X X X X O O X . X X X O O O . . O O X
        O O X X X O . X . X O . . . . X O X X
        . . O X X O . X O O O . . . O O X . .
        . . O O O O O X X O O . . . O X X X .
        . . . . . O X X X O X O . . O X X . X
        O O X . . O O X . X X O X . O O O X X
        O O O . . O X X X X O O O O O X O O O
        O X O O . O O O O X X O X X X X X X X
        X X X X O . . . X O X X O . X X O O .
        . . X . X O . . O O X X O X X O O . O
        . X . . X O . . O X X X O X X X O O .
        ";

    #[test]
    fn an_edge_pair_short_of_liberties_is_read_within_the_budget() {
        use crate::board::capture::{taken_by_force, taken_by_force_within};
        let board = Board::from_diagram(EDGE_PAIR_SHORT_OF_LIBERTIES).expect("diagram");
        let a10 = v("A10");
        assert!(taken_by_force_within(
            &board,
            a10,
            Color::Black,
            SHORTAGE_BUDGET
        ));
        assert!(!taken_by_force_within(
            &board,
            a10,
            Color::Black,
            SHORTAGE_BUDGET / 2
        ));
        let judgement = judge(&board, &Rules::japanese());
        let finished = play_out(&board, &judgement, Color::White, Scoring::Territory);
        assert!(
            !taken_by_force(&finished.board, a10, Color::Black),
            "{:?}",
            finished.moves
        );
    }
}
