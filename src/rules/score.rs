//! Counting a finished game under territory or area rules.
//!
//! After the judgement ([`super::status`]), the empty points and dead
//! stones form regions. A region touching live stones of one colour only
//! belongs to that colour. A region touching both:
//! - bordered by a seki chain (art. 8), or under Tromp-Taylor (which
//!   counts every stone as alive): dame;
//! - under **territory** counting: dame, no one's territory (a border left
//!   open, art. 9), except in a game stopped by agreement (below);
//! - under **area** counting: each point goes to the side that owns it in
//!   at least [`OPEN_BORDER_OWNERSHIP`] of the status playouts (the dame
//!   filling an area count assumes), the rest is dame. Under
//!   [`Rules::dame_filled_in_turn`] (`chinese`) those open dame are filled
//!   in turn, the side to move first; a server's count (`chinese-kgs`,
//!   `chinese-ogs`) leaves them no one's.
//!
//! Then:
//! - **territory** (Japanese): a player's score is the points of their
//!   regions (empty points and the dead stones inside, which are removed)
//!   plus prisoners (captures during play and the dead stones removed).
//!   Under art. 8, regions bordered only by seki chains (seki eyes) are
//!   worth nothing (one that a live chain out of seki also borders is its
//!   owner's territory); dead stones outside territory are not removed (art. 10-1),
//!   but a dead chain in atari in a seki eye, which the eye's owner takes
//!   for free, is his prisoner: players take it before they stop;
//! - **area** (Chinese): live stones (seki included) plus the points of
//!   their regions (seki eyes count for their owner).
//!
//! White adds komi and, under area rules, the handicap bonus.
//!
//! **The dame phase played out** ([`super::dame_phase`]). Two counts fill
//! the dame before counting, as players do: the Japanese count of a game
//! stopped by agreement (its record ends with a move, not a pass, as
//! professional records do; [`Rules::dead_stones_stay_for_dame`]), and
//! the area count that fills the dame in turn
//! ([`Rules::dame_filled_in_turn`], `chinese`). The phase is played on a
//! copy, dead stones on the board, in turn from the side to move; the
//! finished board is then counted as above: a border closed makes the
//! territory behind it whole, a stone an owner had to add inside his own
//! territory (a teire) is a point less for him under territory counting,
//! each dame is a point of its filler's area under area counting, and
//! stones taken in the phase are prisoners. A position with many neutral
//! points ([`dame_phase::UNFINISHED_SHARE`]) is unfinished, unless its
//! phase ends within a few moves ([`dame_phase::UNFINISHED_FRONTIER_SHARE`]
//! of the points: a few open dame had left whole regions neutral).
//!
//! **Teire without the phase** (games ended by two passes, and unfinished
//! ones). Under territory counting with [`Rules::teire_deducted`]
//! (`japanese`), a live chain whose liberties are one point of its own
//! territory and dame the opponent can fill (at once, or once he has
//! filled the dame beside them) is in atari when the dame are filled, so
//! its owner must fill that point, which is not counted. He owes nothing
//! when his own stone on one of those dame would join the chain to a
//! second liberty in his territory, or to another chain of his with
//! liberties it lacks, or through a two-point gap to such a chain: he
//! fills the dame instead. Filling one teire can make another, so the
//! search repeats (at most [`MAX_TEIRE`]). An unfinished game stopped by
//! agreement reads this with the dead stones on the board, and counts a
//! point behind a border still open at a dame (owned by one side in
//! nearly every status playout, with nothing but that side around it) as
//! that side's territory.
//!
//! Under [`Rules::dead_stone_at_dame_stays`] (the OGS presets) a dead stone
//! in atari on a dame point's side stays on the board, as the server's
//! automatic removal leaves it.

use std::fmt;

use super::dame_phase;
use super::status::{Judgement, ReadingScope, StoneStatus, empty_region_borders};
use super::{Game, Rules, Scoring};
use crate::board::{ARRAY_LEN, Board, Cell, Move, Point};
use crate::color::Color;

/// Under area counting, a point of a region touching both colours (a
/// border left open) counts for the side that owns it in this share of
/// status playouts (ownership from −1 to +1): the dame filling that area
/// counting assumes gives it that side. Otherwise it is dame.
pub const OPEN_BORDER_OWNERSHIP: f64 = 0.6;

/// The most teire (protective fills inside one's own territory) looked for
/// in one count; a bound on the loop in [`teire_points`].
pub const MAX_TEIRE: usize = 64;

/// What an empty point or dead stone counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointOwner {
    /// Territory (or area) of this colour.
    Territory(Color),
    /// An eye of a seki group: worth nothing under territory rules with
    /// art. 8, its owner's area under area rules.
    SekiEye(Color),
    /// Neutral.
    Dame,
}

/// The count, with its working.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// The rules counted under.
    pub rules: Rules,
    /// Komi.
    pub komi: f64,
    /// Handicap stones (for the bonus).
    pub handicap: u32,
    /// White's handicap bonus under these rules.
    pub handicap_bonus: f64,
    /// Empty points of each colour's territory (not seki eyes).
    pub territory: [u32; 2],
    /// Opponent dead stones inside each colour's territory (removed; worth a
    /// point of territory and a prisoner each under territory rules).
    pub dead_removed: [u32; 2],
    /// Captures during play (prisoners held).
    pub captures: [u32; 2],
    /// Live stones on the board, seki stones included.
    pub stones: [u32; 2],
    /// Stones in seki.
    pub seki_stones: [u32; 2],
    /// Empty points that are eyes of seki groups.
    pub seki_eyes: [u32; 2],
    /// Opponent dead stones in each colour's seki eyes that it takes for
    /// free (see [`is_taken_for_free`]): a prisoner each under territory
    /// rules (the point becomes a seki eye, worth nothing), a point of
    /// area under area rules that do not count seki eyes as area.
    pub taken_in_seki: [u32; 2],
    /// Dame (empty points and dead stones outside any territory).
    pub dame: u32,
    /// Under [`Rules::dame_filled_in_turn`]: the empty dame (not seki
    /// liberties) each colour fills, in turn from the side to move, and
    /// counts as area.
    pub dame_filled: [u32; 2],
    /// Points of territory that their owner (the colour given) must fill
    /// once the dame are filled (teire), so not counted under territory
    /// rules.
    pub teire_points: Vec<(Point, Color)>,
    /// Black's total and White's total (komi and bonus included).
    pub totals: [f64; 2],
    /// Points left neutral when the count was made: in regions of empty
    /// points and dead stones touching live stones of both colours, after
    /// the dame phase when it was played.
    pub open_points: usize,
    /// Per point (`Point::index`): what empty points and dead stones count
    /// as; `None` for live stones and off-board.
    owners: Vec<Option<PointOwner>>,
}

impl Score {
    /// The number of teire points `color` must fill.
    #[must_use]
    pub fn teire(&self, color: Color) -> usize {
        self.teire_points
            .iter()
            .filter(|&&(_, c)| c == color)
            .count()
    }

    /// Black's total minus White's.
    #[must_use]
    pub fn margin(&self) -> f64 {
        self.totals[0] - self.totals[1]
    }

    /// What the empty point or dead stone at `p` counts as.
    #[must_use]
    pub fn owner(&self, p: Point) -> Option<PointOwner> {
        self.owners[p.index()]
    }
}

/// The result in SGF `RE` style, one decimal as GNU Go prints it:
/// `B+2.5`, `W+12.0`, or `0` for a draw.
pub struct ResultText(pub f64);

impl fmt::Display for ResultText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let margin = self.0;
        if margin > 0.0 {
            write!(f, "B+{margin:.1}")
        } else if margin < 0.0 {
            write!(f, "W+{:.1}", -margin)
        } else {
            f.write_str("0")
        }
    }
}

/// How the game reached the position counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The side to play next: who fills the first open dame when the rules
    /// fill them in turn ([`Rules::dame_filled_in_turn`]).
    pub to_move: Color,
    /// Whether the game ended by passing; otherwise it stopped by
    /// agreement, before its dame phase ([`Rules::dead_stones_stay_for_dame`]).
    pub by_passes: bool,
}

impl Ending {
    /// How `game` ended: its side to move, and whether its last move was
    /// a pass (servers such as NNGS record only the first of the two).
    #[must_use]
    pub fn of(game: &Game) -> Ending {
        Ending {
            to_move: game.to_move(),
            by_passes: game.moves().last().is_some_and(|&(_, m)| m == Move::Pass),
        }
    }
}

/// Counts `board` with the statuses of `judgement`, the game having
/// ended as `ending` says.
#[must_use]
pub fn count(
    board: &Board,
    judgement: &Judgement,
    rules: &Rules,
    komi: f64,
    handicap: u32,
    ending: Ending,
) -> Score {
    // One scoring step: the dame phase's judgements share one bound on
    // local reading.
    let _scope = ReadingScope::open();
    let to_move = ending.to_move;
    // A game stopped by agreement, its dame phase not played, under rules
    // that play it with the dead stones on the board.
    let agreed_stop = rules.dead_stones_stay_for_dame && !ending.by_passes;
    // The dame phase is played out first and the finished board counted:
    // under Japanese counting for a game stopped by agreement (teire
    // included), under area counting that fills the dame in turn (each
    // dame is a point for its filler, a border closed makes the area
    // behind it whole).
    let area_phase = rules.scoring == Scoring::Area && rules.dame_filled_in_turn;
    let territory_phase =
        agreed_stop && rules.scoring == Scoring::Territory && rules.teire_deducted;
    // A position whose frontier looks open before the phase is finished
    // when the phase closes it (one open dame makes a whole region neutral).
    let finished = (!rules.all_stones_alive && (area_phase || territory_phase))
        .then(|| dame_phase::finish(board, judgement, to_move, rules.scoring))
        .flatten();
    let open_points = match &finished {
        Some(f) => f.neutral_points(),
        None => judgement.neutral_points(board),
    };
    let (board, live) = match &finished {
        Some(f) => (&f.board, f.live.clone()),
        None => (board, counted_alive(board, judgement, rules, agreed_stop)),
    };
    let mut owners = vec![None; ARRAY_LEN];
    let mut score = Score {
        rules: *rules,
        komi,
        handicap,
        handicap_bonus: if rules.scoring == Scoring::Area {
            rules.handicap_bonus.points(handicap)
        } else {
            0.0
        },
        territory: [0; 2],
        dead_removed: [0; 2],
        captures: [board.captures(Color::Black), board.captures(Color::White)],
        stones: [0; 2],
        seki_stones: [0; 2],
        seki_eyes: [0; 2],
        taken_in_seki: [0; 2],
        dame: 0,
        dame_filled: [0; 2],
        teire_points: Vec::new(),
        totals: [0.0; 2],
        open_points,
        owners: Vec::new(),
    };
    // Empty dame that are not seki liberties: filled before an area count.
    let mut open_dame: u32 = 0;
    for p in board.points() {
        if let Some(c) = board.color_at(p)
            && live[p.index()]
        {
            score.stones[c.index()] += 1;
            if judgement.status(p) == Some(StoneStatus::Seki) {
                score.seki_stones[c.index()] += 1;
            }
        }
    }
    // Teire read without the phase (its own are among its moves).
    let teire = if finished.is_none()
        && rules.scoring == Scoring::Territory
        && rules.teire_deducted
        && !rules.all_stones_alive
    {
        teire_points(board, judgement, agreed_stop)
    } else {
        Vec::new()
    };
    if let Some(f) = &finished {
        score.teire_points = f.teire.clone();
        // The points filled in the dame phase: no one's under territory
        // counting, the filler's area under area counting.
        for &(_, p) in &f.moves {
            if let Some(filler) = board.color_at(p)
                && owners[p.index()].is_none()
            {
                owners[p.index()] = Some(match rules.scoring {
                    Scoring::Territory => {
                        score.dame += 1;
                        PointOwner::Dame
                    }
                    Scoring::Area => PointOwner::Territory(filler),
                });
            }
        }
    }
    // Regions of empty points and dead stones, bordered by live stones.
    for region in board.regions(|p| !live[p.index()]) {
        let in_seki = |b: &Point| judgement.status(*b) == Some(StoneStatus::Seki);
        let borders_seki = region.border.iter().any(in_seki);
        // An eye of seki stones only: a region that live stones out of
        // seki also border is theirs.
        let seki_eye = region.border.iter().all(in_seki);
        let enclosed_by = match (
            region.touches(board, Color::Black),
            region.touches(board, Color::White),
        ) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        for &p in &region.points {
            let owner = match enclosed_by {
                Some(c) if seki_eye && !rules.seki_eyes_are_territory => PointOwner::SekiEye(c),
                Some(c) => PointOwner::Territory(c),
                // A liberty shared by seki stones is dame (art. 8), and
                // Tromp-Taylor counts strictly by reachability.
                None if borders_seki || rules.all_stones_alive => PointOwner::Dame,
                // Area counting: the dame are filled before counting, a
                // point that only one side can take is its area.
                None if rules.scoring == Scoring::Area
                    && judgement.ownership(p).abs() >= OPEN_BORDER_OWNERSHIP =>
                {
                    PointOwner::Territory(if judgement.ownership(p) > 0.0 {
                        Color::Black
                    } else {
                        Color::White
                    })
                }
                // A game stopped by agreement, its dame not yet filled: a
                // point that one side owns in nearly every status playout,
                // with nothing around it but that side's live stones and
                // points it owns as surely, lies behind the border the
                // dame close: that side's territory once they are filled.
                None if agreed_stop
                    && rules.scoring == Scoring::Territory
                    && is_behind_the_border(board, judgement, &live, p) =>
                {
                    PointOwner::Territory(if judgement.ownership(p) > 0.0 {
                        Color::Black
                    } else {
                        Color::White
                    })
                }
                // Territory counting: a region touching live stones of both
                // colours is no one's territory (art. 9), however the
                // players would fill it; KGS and OGS count it as dame too.
                // Area counting may fill its empty points in turn (below).
                None => {
                    if board.color_at(p).is_none() {
                        open_dame += 1;
                    }
                    PointOwner::Dame
                }
            };
            let owner = match owner {
                PointOwner::Territory(c) if teire.contains(&p) => {
                    score.teire_points.push((p, c));
                    PointOwner::Dame
                }
                owner => owner,
            };
            owners[p.index()] = Some(owner);
            let empty = board.color_at(p).is_none();
            match owner {
                PointOwner::Territory(c) => {
                    if empty {
                        score.territory[c.index()] += 1;
                    } else if board.color_at(p) != Some(c) {
                        score.dead_removed[c.index()] += 1;
                    } else if rules.scoring == Scoring::Area {
                        // The owner's own dead stone (a lost ko stone in an
                        // area that is the owner's anyway): its area point.
                        score.territory[c.index()] += 1;
                    }
                    // Under territory counting it is neither an empty point
                    // nor an opponent stone removed (art. 10-1): nothing.
                }
                PointOwner::SekiEye(c) if empty => score.seki_eyes[c.index()] += 1,
                PointOwner::SekiEye(c) => {
                    if board.color_at(p) != Some(c) && is_taken_for_free(board, c, p) {
                        score.taken_in_seki[c.index()] += 1;
                    }
                }
                PointOwner::Dame => score.dame += 1,
            }
        }
    }
    if rules.scoring == Scoring::Area && rules.dame_filled_in_turn && !rules.all_stones_alive {
        let first = open_dame.div_ceil(2);
        score.dame_filled[to_move.index()] = first;
        score.dame_filled[to_move.other().index()] = open_dame - first;
    }
    for c in Color::ALL {
        let i = c.index();
        let points = match rules.scoring {
            Scoring::Territory => {
                score.territory[i]
                    + 2 * score.dead_removed[i]
                    + score.captures[i]
                    + score.taken_in_seki[i]
            }
            Scoring::Area => {
                score.stones[i]
                    + score.territory[i]
                    + score.dead_removed[i]
                    + score.seki_eyes[i]
                    + score.taken_in_seki[i]
                    + score.dame_filled[i]
            }
        };
        score.totals[i] = f64::from(points);
    }
    score.totals[1] += komi + score.handicap_bonus;
    score.owners = owners;
    score
}

/// Whether the empty point or dead stone `p`, in a region touching live
/// stones of both colours, is owned by one side in at least
/// [`OPEN_BORDER_OWNERSHIP`] of the status playouts and every neighbour
/// is that side's live stone or a point it owns as surely: inside a
/// territory whose border is still open at a dame further out.
fn is_behind_the_border(board: &Board, judgement: &Judgement, live: &[bool], p: Point) -> bool {
    let own = judgement.ownership(p);
    if own.abs() < OPEN_BORDER_OWNERSHIP {
        return false;
    }
    let side = if own > 0.0 {
        Color::Black
    } else {
        Color::White
    };
    p.neighbours().iter().all(|&n| {
        if !board.is_on_board(n) {
            return true;
        }
        if live[n.index()] {
            return board.color_at(n) == Some(side);
        }
        judgement.ownership(n) * own > 0.0 && judgement.ownership(n).abs() >= OPEN_BORDER_OWNERSHIP
    })
}

/// Which stones the count takes as alive (by `Point::index`): the
/// judgement's live stones and, under `rules.dead_stone_at_dame_stays`,
/// every dead stone that forms a region of two points with a single empty
/// point, touching live stones of both colours (a dead stone in atari on
/// a dame point's side).
fn counted_alive(
    board: &Board,
    judgement: &Judgement,
    rules: &Rules,
    dame_phase: bool,
) -> Vec<bool> {
    let mut live = vec![false; ARRAY_LEN];
    for p in board.points() {
        live[p.index()] = judgement.is_live_stone(p);
    }
    if dame_phase && rules.scoring == Scoring::Territory {
        // A dead chain in atari whose last liberty is a dame is taken
        // while the dame are filled: its taker's stone fills that point,
        // and the chain's points go to the taker's side.
        for p in board.points() {
            let Some(color) = board.color_at(p) else {
                continue;
            };
            if live[p.index()] || board.chain_head(p) != p || !board.in_atari(p) {
                continue;
            }
            let last = board.atari_liberty(p);
            let taker = color.other();
            let touches_live = |c: Color| {
                last.neighbours()
                    .iter()
                    .any(|&n| board.color_at(n) == Some(c) && judgement.is_live_stone(n))
            };
            if touches_live(taker) && touches_live(color) && is_taken_for_free(board, taker, p) {
                live[last.index()] = true;
            }
        }
    }
    if rules.dead_stone_at_dame_stays {
        for region in board.regions(|p| !live[p.index()]) {
            if let [a, b] = region.points[..]
                && region.touches(board, Color::Black)
                && region.touches(board, Color::White)
            {
                for stone in [a, b].into_iter().filter(|&p| board.color_at(p).is_some()) {
                    live[stone.index()] = true;
                }
            }
        }
    }
    live
}

/// Whether `color` takes the dead stone at `p` for free: its chain is in
/// atari and the stone on its last liberty captures it and keeps two
/// liberties (no ko to retake). Dead stones in a seki eye are no one's
/// territory, so art. 10-1 leaves them on the board; but taking them
/// costs nothing (seki eyes count nothing) and wins a prisoner, so the
/// players take them before they stop, and count as if they had (KGS
/// records do; GNU Go too).
fn is_taken_for_free(board: &Board, color: Color, p: Point) -> bool {
    if !board.in_atari(p) {
        return false;
    }
    let last = board.atari_liberty(p);
    board.is_legal(color, last) && board.liberties_after(color, last) >= 2
}

/// Teire under territory counting: with the dead stones removed, a live
/// chain with one liberty in its own territory and every other liberty a
/// dame (an empty point of a region touching both colours) that the
/// opponent fills is in atari once the dame are filled, and its owner must
/// fill that point (the 1989 rules count territory after the dame and such
/// protective moves are played: 死活例 and art. 9's commentary). See
/// [`owed_teire`] for when a dame counts as filled against the chain.
/// Seki chains are left alone (their liberties are not territory anyway).
/// Filling can leave another chain short of liberties, so this repeats.
///
/// With `dead_stay` ([`Rules::dead_stones_stay_for_dame`]) the dead stones
/// stay on the board while the dame are filled, as they do in play: a
/// point a dead stone holds is no liberty of the chains around it, and a
/// chain left with no liberty in its territory must capture the dead
/// chain beside it, one stone on each of its liberties. Regions (which
/// points are territory) are those of the board without the dead stones.
fn teire_points(board: &Board, judgement: &Judgement, dead_stay: bool) -> Vec<Point> {
    let live: Vec<(Point, Color)> = board
        .stones()
        .into_iter()
        .filter(|&(p, _)| judgement.is_live_stone(p))
        .collect();
    let Ok(mut cleared) = Board::from_stones(board.size(), &live, [0, 0]) else {
        return Vec::new();
    };
    // The board the dame phase is played on.
    let mut played = if dead_stay {
        board.clone()
    } else {
        cleared.clone()
    };
    let mut filled = Vec::new();
    while filled.len() < MAX_TEIRE {
        let borders = empty_region_borders(&cleared, 1);
        let fill = played.points().find_map(|h| {
            let color = played.color_at(h)?;
            let judged_live = || cleared.color_at(h) == Some(color);
            let in_seki = || {
                played
                    .chain_stones(h)
                    .any(|s| judgement.status(s) == Some(StoneStatus::Seki))
            };
            if played.chain_head(h) != h || !judged_live() || in_seki() {
                return None;
            }
            owed_teire(&played, &borders, h)
                // With the dead stones on the board, a chain already in
                // atari owes nothing when the opponent's stone that takes
                // it would be taken back at once (a snapback).
                .filter(|&p| {
                    !dead_stay
                        || !played.in_atari(h)
                        || played.liberties_after(color.other(), p) >= 2
                })
                .or_else(|| {
                    dead_stay
                        .then(|| capture_owed(&played, &cleared, &borders, h))
                        .flatten()
                })
                .map(|p| (color, p))
        });
        let Some((color, p)) = fill else { break };
        played.play_unchecked(color, p);
        if cleared.color_at(p).is_none() {
            cleared.play_unchecked(color, p);
        }
        filled.push(p);
    }
    filled
}

/// On `played` (dead stones on the board), the stone the live chain at
/// `h` owes to capture a dead enemy chain beside it: when the chain has
/// no liberty in its own territory and each of its dame is filled
/// against it, it must take the dead chain that holds its inner points,
/// and the first liberty of that chain inside its territory is the next
/// stone (`borders`: [`empty_region_borders`] of `cleared`, the board
/// without dead stones).
fn capture_owed(played: &Board, cleared: &Board, borders: &[u8], h: Point) -> Option<Point> {
    let color = played.color_at(h)?;
    let own = 1u8 << color.index();
    let liberties = played.liberties(h);
    if liberties.iter().any(|l| borders[l.index()] == own) {
        return None;
    }
    let opponent = color.other();
    if !liberties
        .iter()
        .all(|&d| is_safe_dame_fill(played, opponent, d))
    {
        return None;
    }
    played
        .chain_stones(h)
        .flat_map(|s| s.neighbours())
        .filter(|&n| played.color_at(n) == Some(opponent) && cleared.color_at(n).is_none())
        .flat_map(|n| played.liberties(n))
        .find(|l| borders[l.index()] == own && played.is_legal(color, *l))
}

/// Whether `opponent` can fill the dame `d` safely: legally, capturing
/// nothing, and keeping two liberties.
fn is_safe_dame_fill(board: &Board, opponent: Color, d: Point) -> bool {
    board.is_legal(opponent, d)
        && !board.is_capture(opponent, d)
        && board.liberties_after(opponent, d) >= 2
}

/// The teire the live chain at `h` owes on `cleared` (dead stones
/// removed), if any: its one liberty in its own territory, when each of
/// its other liberties is a dame that is filled against it. `borders` is
/// [`empty_region_borders`] of `cleared`.
///
/// A dame is filled against the chain when the opponent can fill it with
/// a stone that is not in atari, at once or once he has filled the dame
/// next to it, and the owner cannot take it first to better effect. The
/// owner's stone there does better when it joins the chain to a second
/// liberty inside his territory (a connection to a living wall), or to
/// another chain of his with liberties the chain lacks, from which he
/// goes on connecting: then he fills that dame instead and owes no teire.
/// So too when the dame opens into a two-point gap (between the
/// opponent's stones) whose far point touches such a chain.
fn owed_teire(cleared: &Board, borders: &[u8], h: Point) -> Option<Point> {
    const BOTH: u8 = 0b11;
    let color = cleared.color_at(h)?;
    let opponent = color.other();
    let own = 1u8 << color.index();
    let liberties = cleared.liberties(h);
    // Every liberty of a chain borders its own colour: the rest are dame.
    let (inner, dame): (Vec<Point>, Vec<Point>) =
        liberties.iter().partition(|l| borders[l.index()] == own);
    let [teire] = inner[..] else { return None };
    let fills = |d: Point| cleared.is_legal(opponent, d) && !cleared.is_capture(opponent, d);
    let safe_fill = |d: Point| is_safe_dame_fill(cleared, opponent, d);
    let filled_against = |d: Point| {
        safe_fill(d)
            || fills(d)
                && d.neighbours().iter().all(|&e| {
                    !cleared.is_on_board(e)
                        || cleared.color_at(e).is_some()
                        || borders[e.index()] == BOTH && safe_fill(e)
                })
    };
    // Another chain of his at `n`, with a liberty the chain lacks outside
    // the points `filled`.
    let chain_with_more = |n: Point, filled: &[Point]| {
        cleared.color_at(n) == Some(color)
            && cleared.chain_head(n) != h
            && cleared
                .liberties(n)
                .iter()
                .any(|l| !filled.contains(l) && !liberties.contains(l))
    };
    let joins_a_chain_with_more =
        |d: Point| d.neighbours().iter().any(|&n| chain_with_more(n, &[d]));
    let reaches_second_inner = |d: Point| {
        let mut after = cleared.clone();
        after.play_unchecked(color, d);
        after.color_at(h) == Some(color)
            && after
                .liberties(h)
                .iter()
                .filter(|l| borders[l.index()] == own)
                .count()
                >= 2
    };
    // A dame opening into a two-point gap whose far point touches another
    // chain of his with liberties the chain lacks: his stones on the two
    // points join the chain to it, and the players' count (KGS's) owes no
    // teire there.
    let joins_through_a_gap = |d: Point| {
        let mut gap = cleared.neighbours_holding(d, Cell::Empty);
        let (Some(e), None) = (gap.next(), gap.next()) else {
            return false;
        };
        cleared.empty_neighbours(e) == 1
            && borders[e.index()] == BOTH
            && !liberties.contains(&e)
            && e.neighbours().iter().any(|&n| chain_with_more(n, &[d, e]))
    };
    dame.iter()
        .all(|&d| {
            filled_against(d)
                && !joins_a_chain_with_more(d)
                && !reaches_second_inner(d)
                && !joins_through_a_gap(d)
        })
        .then_some(teire)
}

impl fmt::Display for Score {
    /// The working of the count, one item per line (`tengen-score_details`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let area = self.rules.scoring == Scoring::Area;
        writeln!(
            f,
            "rules {} ({} counting)",
            self.rules,
            if area { "area" } else { "territory" }
        )?;
        for c in Color::ALL {
            let i = c.index();
            write!(f, "{c}: territory {}", self.territory[i])?;
            if area {
                write!(
                    f,
                    ", stones {}, dead stones in area {}",
                    self.stones[i], self.dead_removed[i]
                )?;
                write!(f, ", seki eyes {}", self.seki_eyes[i])?;
                write!(f, ", taken in seki eyes {}", self.taken_in_seki[i])?;
                write!(f, ", dame filled {}", self.dame_filled[i])?;
            } else {
                write!(
                    f,
                    ", dead stones removed {} (x2: point and prisoner)",
                    self.dead_removed[i]
                )?;
                write!(f, ", captures {}", self.captures[i])?;
                write!(f, ", teire {}", self.teire(c))?;
                write!(f, ", seki eyes {} (not counted)", self.seki_eyes[i])?;
                write!(
                    f,
                    ", taken in seki eyes {} (prisoners)",
                    self.taken_in_seki[i]
                )?;
            }
            writeln!(
                f,
                ", seki stones {}, total {}",
                self.seki_stones[i], self.totals[i]
            )?;
        }
        writeln!(
            f,
            "komi {}, handicap {}, handicap bonus {}, dame {}",
            self.komi, self.handicap, self.handicap_bonus, self.dame
        )?;
        write!(f, "result {}", ResultText(self.margin()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::mcts::random::random_move;
    use crate::rules::dame_phase::tests::DEAD_STONE_IN_ATARI_AT_A_DAME;
    use crate::rules::status::judge;
    use crate::rules::status::tests::DEAD_STONE_IN_A_SEKI_EYE;
    use crate::rules::{Game, PlayRules};

    /// The count of `board` without komi or handicap.
    fn counted(board: &Board, judgement: &Judgement, rules: Rules, ending: Ending) -> Score {
        count(board, judgement, &rules, 0.0, 0, ending)
    }

    /// Black to move after two passes.
    const BLACK_AFTER_PASSES: Ending = Ending {
        to_move: Color::Black,
        by_passes: true,
    };
    /// White to move after two passes.
    const WHITE_AFTER_PASSES: Ending = Ending {
        to_move: Color::White,
        by_passes: true,
    };
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// On random finished games (no handicap, komi 0), area and territory
    /// margins differ exactly by the stones each side played, plus seki
    /// eyes, minus dead stones left outside territory (rules.md §3.2):
    /// area(B−W) − territory(B−W) = (m_B − m_W) + (seki_eyes_B − seki_eyes_W)
    ///   − (dead_B − dead_B_in_W_territory) + (dead_W − dead_W_in_B_territory).
    #[test]
    fn area_and_territory_margins_are_related() {
        let mut rng = SmallRng::seed_from_u64(21);
        for (i, size) in [7, 9, 9, 9, 11, 13]
            .into_iter()
            .cycle()
            .take(18)
            .enumerate()
        {
            let mut game = Game::new(size, PlayRules::default());
            let mut played = [0i64; 2];
            let mut color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            while game.consecutive_passes() < 2 && game.moves().len() < 4 * size * size {
                let mv = random_move(&game, color, &mut rng);
                game.play(color, mv).unwrap();
                if mv != Move::Pass {
                    played[color.index()] += 1;
                }
                color = color.other();
            }
            let board = game.board();
            let judgement = judge(board, &Rules::japanese());
            let territory = count(
                board,
                &judgement,
                &Rules::japanese(),
                0.0,
                0,
                BLACK_AFTER_PASSES,
            );
            let area = count(
                board,
                &judgement,
                &Rules::chinese(),
                0.0,
                0,
                BLACK_AFTER_PASSES,
            );
            let dead = |c: Color| {
                board
                    .stones()
                    .iter()
                    .filter(|&&(p, sc)| sc == c && judgement.status(p) == Some(StoneStatus::Dead))
                    .count() as i64
            };
            let (b, w) = (Color::Black.index(), Color::White.index());
            let want = (played[b] - played[w]) + i64::from(territory.seki_eyes[b])
                - i64::from(territory.seki_eyes[w])
                - (dead(Color::Black) - i64::from(territory.dead_removed[w]))
                + (dead(Color::White) - i64::from(territory.dead_removed[b]));
            let got = area.margin() - territory.margin();
            assert_eq!(got, want as f64, "game {i} on {size}x{size}\n{board}");
        }
    }

    /// The seki of `DEAD_STONE_IN_A_SEKI_EYE` (status tests): Black's H4
    /// is dead in White's seki eye H4-J4, in atari; White takes it at J4
    /// for free. Under territory counting that is one prisoner (J4 and H4
    /// stay seki points, worth nothing).
    #[test]
    fn a_dead_stone_in_a_seki_eye_is_taken() {
        let board = Board::from_diagram(DEAD_STONE_IN_A_SEKI_EYE).expect("diagram");
        let judgement = judge(&board, &Rules::japanese());
        let territory = counted(&board, &judgement, Rules::japanese(), BLACK_AFTER_PASSES);
        assert_eq!(territory.taken_in_seki, [0, 1]);
        assert_eq!(territory.totals, [10.0, 1.0]);
        // Chinese counting has seki eyes as area: H4 and J4 are simply
        // White's, as D2 is Black's. (The seki test plays White's J4 to
        // take H4; that stone is not on the board and J4 stays a point.)
        let area = counted(&board, &judgement, Rules::chinese(), BLACK_AFTER_PASSES);
        assert_eq!(area.taken_in_seki, [0, 0]);
        assert_eq!(area.dead_removed, [0, 1]);
        assert_eq!(area.territory, [11, 1]);
        assert_eq!(judgement.status(Point::new(8, 3).unwrap()), None);
    }

    /// A1 lies between Black's A2-B5, set in seki, and Black's B1-E2,
    /// alive out of seki: it is Black's territory, as E1 is, not a seki
    /// eye. A4-A5, which only the seki chain borders, is its seki eye,
    /// worth nothing under the Japanese rules.
    #[test]
    fn a_region_that_live_stones_out_of_seki_border_is_territory() {
        let board = Board::from_diagram(
            "
            . X O . .
            . X O . .
            X X O O O
            X O O X X
            . X X X .
            ",
        )
        .expect("diagram");
        let seki: Vec<Point> = board.chain_stones(Point::new(0, 1).unwrap()).collect();
        let judgement = Judgement::with_statuses(&board, |p| {
            if seki.contains(&p) {
                StoneStatus::Seki
            } else {
                StoneStatus::Alive
            }
        });
        let score = counted(&board, &judgement, Rules::japanese(), BLACK_AFTER_PASSES);
        assert_eq!(score.seki_eyes, [2, 0]);
        assert_eq!(score.territory[0], 2, "{score}");
    }

    /// OGS's territory count (`japanese-ogs`) has the seki eyes of
    /// `DEAD_STONE_IN_A_SEKI_EYE` as territory: Black's eye D2 is a point,
    /// White's eye H4-J4 two and the dead H4 a prisoner besides, where the
    /// Japanese rules count only that prisoner.
    #[test]
    fn ogs_counts_seki_eyes_as_territory() {
        let board = Board::from_diagram(DEAD_STONE_IN_A_SEKI_EYE).expect("diagram");
        let rules = Rules::japanese_ogs();
        let judgement = judge(&board, &rules);
        let ogs = counted(&board, &judgement, rules, BLACK_AFTER_PASSES);
        let japanese = counted(&board, &judgement, Rules::japanese(), BLACK_AFTER_PASSES);
        assert_eq!(japanese.seki_eyes, [1, 1]);
        assert_eq!(japanese.totals, [10.0, 1.0]);
        assert_eq!(ogs.seki_eyes, [0, 0]);
        assert_eq!(ogs.dead_removed, [0, 1]);
        assert_eq!(ogs.totals, [11.0, 3.0]);
    }

    /// White's H9 is in atari, its liberty G9 a dame point between White's
    /// F9-G8 and Black's H8-J9: Black takes it at G9 (a ko), White keeps it
    /// by connecting there, and the judgement has it dead. The Japanese
    /// count removes nothing outside territory: G9-H9 is dame (Black
    /// H1-H6 and J1-J7, 13; White A1-E9, 45). OGS's count leaves H9 on the
    /// board, and G9 is White's (46). Under area counting the stone and G9
    /// are two points of White's area more (55 to 57).
    #[test]
    fn ogs_leaves_a_dead_stone_at_a_dame_point() {
        const AT_DAME: &str = "
            . . . . . O . O X
            . . . . . O O X X
            . . . . . O X X .
            . . . . . O X . .
            . . . . . O X . .
            . . . . . O X . .
            . . . . . O X . .
            . . . . . O X . .
            . . . . . O X . .
            ";
        let board = Board::from_diagram(AT_DAME).expect("diagram");
        let rules = Rules::japanese_ogs();
        let judgement = judge(&board, &rules);
        let (g9, h9) = (Point::new(6, 8).unwrap(), Point::new(7, 8).unwrap());
        assert_eq!(judgement.status(h9), Some(StoneStatus::Dead));
        // In a game stopped by agreement the ko is White's to connect.
        let agreed = crate::rules::status::judge_stopped_by_agreement(&board, &rules);
        assert_eq!(agreed.status(h9), Some(StoneStatus::Alive));
        let japanese = counted(&board, &judgement, Rules::japanese(), BLACK_AFTER_PASSES);
        assert_eq!(japanese.totals, [13.0, 45.0]);
        assert_eq!(japanese.dame, 2);
        let ogs = counted(&board, &judgement, rules, BLACK_AFTER_PASSES);
        assert_eq!(ogs.totals, [13.0, 46.0]);
        assert_eq!(ogs.owner(g9), Some(PointOwner::Territory(Color::White)));
        assert_eq!(ogs.dame, 0);
        // The Chinese count plays the dame phase: White, to play, connects
        // at G9 and H9 lives on, two points of area more (57); Black, to
        // play, takes H9 at G9 (a ko White cannot retake at once) and
        // connects at H9, two points of his (26). The KGS count leaves G9
        // no one's, as OGS's would without the dead stone.
        let chinese = counted(&board, &judgement, Rules::chinese(), WHITE_AFTER_PASSES);
        let chinese_black = counted(&board, &judgement, Rules::chinese(), BLACK_AFTER_PASSES);
        let chinese_kgs = counted(&board, &judgement, Rules::chinese_kgs(), BLACK_AFTER_PASSES);
        let chinese_ogs = counted(&board, &judgement, Rules::chinese_ogs(), BLACK_AFTER_PASSES);
        assert_eq!(chinese.totals, [24.0, 57.0]);
        assert_eq!(chinese.stones, [11, 12]);
        assert_eq!(chinese_black.totals, [26.0, 55.0]);
        assert_eq!(chinese_black.stones, [13, 10]);
        assert_eq!(chinese_kgs.totals, [24.0, 55.0]);
        assert_eq!(chinese_ogs.totals, [24.0, 57.0]);
    }

    /// White's D5 is dead inside Black's area and in atari; its last
    /// liberty E5 is a dame beside White's wall. After two passes the
    /// region D5-E5 touches both colours and counts for no one (B+5:
    /// Black's 32 points against White's 27). Stopped by agreement, the
    /// dame phase is played with the stone on the board: Black fills E5
    /// and takes D5, a prisoner and a point of territory (B+7).
    #[test]
    fn a_dead_stone_in_atari_on_a_dame_is_taken_in_the_dame_phase() {
        let board = Board::from_diagram(DEAD_STONE_IN_ATARI_AT_A_DAME).expect("diagram");
        let rules = Rules::japanese();
        let judgement = judge(&board, &rules);
        let d5 = Point::new(3, 4).unwrap();
        assert_eq!(judgement.status(d5), Some(StoneStatus::Dead));
        let passed = counted(&board, &judgement, rules, BLACK_AFTER_PASSES);
        assert_eq!(passed.totals, [32.0, 27.0]);
        let agreed = Ending {
            to_move: Color::Black,
            by_passes: false,
        };
        let stopped = count(&board, &judgement, &rules, 0.0, 0, agreed);
        assert_eq!(stopped.totals, [34.0, 27.0], "{stopped}");
        assert_eq!(stopped.owner(d5), Some(PointOwner::Territory(Color::Black)));
        // A server's count of the same position (OGS) does not take it.
        let ogs = count(&board, &judgement, &Rules::japanese_ogs(), 0.0, 0, agreed);
        assert_ne!(ogs.owner(d5), Some(PointOwner::Territory(Color::Black)));
    }

    /// Black's wall on column D is open at D5, so Black's area A-C joins
    /// the dame on column E: one region touching both colours. After two
    /// passes it is no one's (the server's count); stopped by agreement,
    /// the players fill the dame first, and the points behind the border
    /// (owned by Black in nearly every status playout, nothing but Black
    /// around them) are Black's territory.
    #[test]
    fn territory_behind_an_open_dame_counts_once_the_dame_are_filled() {
        const OPEN: &str = "
            . . . X . O . . .
            . . . X . O . . .
            . . . X . O . . .
            . . . X . O . . .
            . . . . . O . . .
            . . . X . O . . .
            . . . X . O . . .
            . . . X . O . . .
            . . . X . O . . .
            ";
        let board = Board::from_diagram(OPEN).expect("diagram");
        let rules = Rules::japanese();
        let judgement = judge(&board, &rules);
        let passed = counted(&board, &judgement, rules, BLACK_AFTER_PASSES);
        assert_eq!(passed.territory, [0, 27]);
        let agreed = Ending {
            to_move: Color::Black,
            by_passes: false,
        };
        let stopped = count(&board, &judgement, &rules, 0.0, 0, agreed);
        assert_eq!(stopped.territory[1], 27);
        // A-C are 27 points; the gap D5 and C5 beside it may stay open.
        assert!(stopped.territory[0] >= 25, "{:?}", stopped.territory);
        assert_eq!(
            stopped.owner(Point::new(4, 4).unwrap()),
            Some(PointOwner::Dame)
        );
    }

    /// Black's wall on column E is open at E5 only: the whole of A-D
    /// touches White through that one dame and looks neutral, more than a
    /// tenth of the board. Filling E5 ends the phase at once, so the game
    /// was finished: counted in full, no point left open.
    #[test]
    fn a_region_left_neutral_by_one_open_dame_is_finished() {
        const ONE_DAME: &str = "
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . . O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            ";
        let board = Board::from_diagram(ONE_DAME).expect("diagram");
        let rules = Rules::japanese();
        let judgement = judge(&board, &rules);
        assert!(!dame_phase::is_finished(&board, &judgement));
        let agreed = Ending {
            to_move: Color::Black,
            by_passes: false,
        };
        let score = count(&board, &judgement, &rules, 0.0, 0, agreed);
        assert_eq!(score.open_points, 0);
        assert_eq!(score.territory, [36, 27]);
    }

    /// White's E7 has two liberties: E8 in his territory and the dame E6,
    /// which opens into the two-point gap E6-D6 between Black's stones;
    /// D6 touches White's C6-C5, which has liberties of its own. White
    /// fills E6 and D6 and joins E7 to C6: no teire. With a Black stone
    /// on C6 nothing is joined and E8 is a teire.
    #[test]
    fn a_chain_joined_through_a_two_point_gap_owes_no_teire() {
        const GAP: &str = "
            . . . . . . . . .
            O O O O . O O O O
            X X X X O X X X X
            X X O . . X X X X
            . . O X X X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ";
        let e7 = Point::new(4, 6).unwrap();
        let owed = |diagram: &str| {
            let board = Board::from_diagram(diagram).expect("diagram");
            let borders = empty_region_borders(&board, 1);
            owed_teire(&board, &borders, e7)
        };
        assert_eq!(owed(GAP), None);
        let closed = GAP.replacen("X X O . .", "X X X . .", 1);
        assert_eq!(owed(&closed), Some(Point::new(4, 7).unwrap()));
    }

    /// The result text has one decimal, as GNU Go prints it.
    #[test]
    fn result_text() {
        assert_eq!(ResultText(2.5).to_string(), "B+2.5");
        assert_eq!(ResultText(-12.0).to_string(), "W+12.0");
        assert_eq!(ResultText(0.0).to_string(), "0");
    }
}
