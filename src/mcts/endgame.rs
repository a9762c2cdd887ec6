//! End-of-game strategy: the decisions around the search that choose a
//! move without searching, or replace the search's choice.
//!
//! - [`passing_wins`] and [`settled_and_winning`]: pass because the count
//!   of the position already wins;
//! - [`lost_after_pass`] and [`keeps_out_of_own_area`]: after the
//!   opponent's pass with the count lost, pass when no move can change the
//!   result, and never fill one's own territory or eyes to put off the
//!   end;
//! - [`pass_or_protect`]: pass, or play a protective move (teire) when the
//!   art. 7 confirmation would call own stones dead;
//! - [`cleanup_move`]: the cleanup phase's captures of dead stones;
//! - [`mind_the_cycle`]: art. 12's whole-board cycles under simple ko.
//!
//! They read the game, its judgement and count through a [`Referee`],
//! which the protocol layer implements (it caches the judgement, keeps the
//! clock and writes moves in its notation for the log). Nothing here
//! knows GTP.

use crate::board::{Move, Point};
use crate::color::Color;
use crate::rules::score::{PointOwner, Score};
use crate::rules::status::{Judgement, StoneStatus, protective_move};
use crate::rules::{Game, KoRule, Rules, Scoring};

/// After the opponent's pass with the count lost, at most this many
/// captures are judged afresh to see whether they change the winner
/// ([`lost_after_pass`]).
pub const CAPTURES_JUDGED: usize = 4;

/// Below this win rate the engine seeks a no-result cycle (art. 12); at
/// or above it, avoids one.
const CYCLE_WIN_RATE: f32 = 0.5;

/// What the end-of-game decisions need from whoever holds the game.
pub trait Referee {
    /// The game in progress.
    fn game(&self) -> &Game;
    /// The rule set.
    fn rules(&self) -> &Rules;
    /// The judgement of the current position as at the end of the game
    /// (the one `final_score` uses; the holder may cache it).
    fn judgement(&mut self) -> &Judgement;
    /// The count of the current position under the rules, from that
    /// judgement; `None` when the position cannot be counted (no result).
    fn count(&mut self) -> Option<Score>;
    /// The count once `color` has played `mv` and both sides pass (a fresh
    /// judgement); `None` when the move is illegal or the position cannot
    /// be counted.
    fn count_after(&mut self, color: Color, mv: Move) -> Option<Score>;
    /// Charges `seconds` of thinking to `color`'s clock.
    fn spend(&mut self, color: Color, seconds: f64);
    /// `mv` in the holder's notation, for the log.
    fn notation(&self, mv: Move) -> String;
}

/// True when the opponent has just passed and the count of the current
/// position (the same judgement `final_score` uses) says `color` wins:
/// passing then ends the game with a win.
pub fn passing_wins(r: &mut impl Referee, color: Color) -> bool {
    if r.game().moves().last() != Some(&(color.other(), Move::Pass)) {
        return false;
    }
    r.count()
        .is_some_and(|s| color.fold(s.margin() > 0.0, s.margin() < 0.0))
}

/// After the opponent's pass, when the count of the position (the one
/// `final_score` gives if `color` passes too) loses for `color`: the
/// moves that could still change the result, best first; `None` when the
/// opponent did not just pass or the count does not lose.
///
/// An empty list means no move can change the winner, and `color`
/// passes: a move inside its own territory or eyes changes nothing under
/// area counting and costs a point under territory counting. What can
/// change it:
/// - capturing opponent stones the judgement calls alive (a blunder the
///   opponent left, or a misjudged group), when the count after the
///   capture no longer loses: judged afresh, the biggest first, at most
///   [`CAPTURES_JUDGED`] of them and while less than `judging` has gone
///   by (the clock); the captures not judged are kept;
/// - under area counting, the open points (neither side's territory):
///   each can swing the margin by at most 2 points, so they count only
///   when all of them together could make up the deficit (under
///   territory counting they are worth nothing).
pub fn lost_after_pass(
    r: &mut impl Referee,
    color: Color,
    judging: std::time::Duration,
) -> Option<Vec<Move>> {
    let start = std::time::Instant::now();
    if r.game().moves().last() != Some(&(color.other(), Move::Pass)) {
        return None;
    }
    let score = r.count()?;
    let deficit = color.fold(-score.margin(), score.margin());
    if deficit <= 0.0 {
        return None;
    }
    let judgement = r.judgement().clone();
    let game = r.game();
    let board = game.board();
    let legal = |p: Point| game.is_legal(color, Move::Play(p));
    let mut captures: Vec<(usize, Point)> = Vec::new();
    let mut open: Vec<Point> = Vec::new();
    for p in board.points().filter(|&p| board.color_at(p).is_none()) {
        let captured: usize = p
            .neighbours()
            .iter()
            .filter(|&&n| {
                board.color_at(n) == Some(color.other())
                    && board.chain_head(n) == n
                    && board.in_atari(n)
                    && board.atari_liberty(n) == p
                    && judgement.status(n) != Some(StoneStatus::Dead)
            })
            .map(|&n| board.chain_size(n))
            .sum();
        if captured > 0 && legal(p) {
            captures.push((captured, p));
        } else if !is_own_area(&score, board, color, p)
            && !matches!(
                score.owner(p),
                Some(PointOwner::Territory(c) | PointOwner::SekiEye(c)) if c != color
            )
            && legal(p)
        {
            open.push(p);
        }
    }
    captures.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
    // Safe points first: a stone that is not put in atari.
    open.sort_by_key(|&p| board.liberties_after(color, p) < 2);
    let mut useful = Vec::new();
    for (i, &(_, p)) in captures.iter().enumerate() {
        let mv = Move::Play(p);
        let changes = i >= CAPTURES_JUDGED
            || start.elapsed() >= judging
            || r.count_after(color, mv)
                .is_none_or(|s| color.fold(s.margin() >= 0.0, s.margin() <= 0.0));
        if changes {
            useful.push(mv);
        }
    }
    let open_counts = r.rules().scoring == Scoring::Area && 2.0 * open.len() as f64 >= deficit;
    if open_counts {
        useful.extend(open.iter().map(|&p| Move::Play(p)));
    }
    Some(useful)
}

/// True when `p` is `color`'s own territory or seki eye in `score`, or an
/// eye of `color` on the board.
fn is_own_area(score: &Score, board: &crate::board::Board, color: Color, p: Point) -> bool {
    board.is_eye(color, p)
        || matches!(
            score.owner(p),
            Some(PointOwner::Territory(c) | PointOwner::SekiEye(c)) if c == color
        )
}

/// After the opponent's pass with the count lost ([`lost_after_pass`]
/// gave `useful`, not empty): the search's `best`, unless it fills
/// `color`'s own territory or eyes (which changes nothing), then the first
/// useful move instead.
pub fn keeps_out_of_own_area(
    r: &mut impl Referee,
    color: Color,
    best: Move,
    useful: &[Move],
) -> Move {
    let Move::Play(p) = best else {
        return best;
    };
    let Some(score) = r.count() else {
        return best;
    };
    if !is_own_area(&score, r.game().board(), color, p) {
        return best;
    }
    let replacement = useful.first().copied().unwrap_or(Move::Pass);
    log::info!(
        "{color} plays {} rather than {}: the opponent passed, the count loses, and {} is its own area",
        r.notation(replacement),
        r.notation(best),
        r.notation(best)
    );
    replacement
}

/// Under territory scoring, where a move inside one's own territory
/// costs a point: true when every empty region borders one colour only,
/// the judgement makes every empty point someone's territory or a seki
/// eye (no dame left), and the count says `color` wins, so passing
/// first loses nothing. The judgement's time is taken from `color`'s
/// clock; it runs only once the cheap region test passes.
pub fn settled_and_winning(r: &mut impl Referee, color: Color) -> bool {
    if r.rules().scoring != Scoring::Territory {
        return false;
    }
    let board = r.game().board();
    let one_sided = board
        .regions(|p| board.color_at(p).is_none())
        .iter()
        .all(|region| {
            let mut colors = region.border.iter().filter_map(|&b| board.color_at(b));
            colors
                .next()
                .is_some_and(|first| colors.all(|c| c == first))
        });
    if !one_sided {
        return false;
    }
    let start = std::time::Instant::now();
    let settled = r.count().is_some_and(|score| {
        let board = r.game().board();
        let no_dame = board
            .points()
            .filter(|&p| board.color_at(p).is_none())
            .all(|p| score.owner(p) != Some(PointOwner::Dame));
        no_dame && color.fold(score.margin() > 0.0, score.margin() < 0.0)
    });
    r.spend(color, start.elapsed().as_secs_f64());
    settled
}

/// Art. 12: under simple ko a whole-board cycle (triple ko, eternal
/// life…) ends the game without result. Winning, the engine does not
/// complete one (it passes instead of the move that would); losing, it
/// completes one when a capture can.
pub fn mind_the_cycle(r: &impl Referee, color: Color, best: Move, win_rate: f32) -> Move {
    if r.rules().ko != KoRule::Simple {
        return best;
    }
    let completes = |mv: Move| {
        let mut game = r.game().clone();
        game.play(color, mv).is_ok() && game.has_cycle()
    };
    if win_rate >= CYCLE_WIN_RATE {
        if completes(best) {
            log::info!(
                "{color} passes rather than {}: it would repeat the position a third time (no result) while winning",
                r.notation(best)
            );
            return Move::Pass;
        }
        return best;
    }
    let board = r.game().board();
    let cycle = board
        .points()
        .filter(|&p| board.color_at(p).is_none() && board.is_capture(color, p))
        .map(Move::Play)
        .find(|&mv| r.game().is_legal(color, mv) && completes(mv));
    if let Some(mv) = cycle {
        log::info!(
            "{color} plays {}: losing, it repeats the position a third time (no result, art. 12)",
            r.notation(mv)
        );
        return mv;
    }
    best
}

/// Passes, unless the rules confirm life by art. 7 and a protective
/// move (teire) would save own stones the confirmation calls dead: an
/// open direct ko they depend on, a missing connection. Under the 1989
/// rules such stones are dead if the game stops now, so the move is
/// worth more than passing. The judgement's time is charged to the
/// clock when `commit` (the move will be played).
pub fn pass_or_protect(r: &mut impl Referee, color: Color, commit: bool) -> Move {
    if r.rules().confirmation {
        let start = std::time::Instant::now();
        let judgement = r.judgement().clone();
        let teire = protective_move(r.game().board(), color, &judgement)
            .map(Move::Play)
            .filter(|&mv| r.game().is_legal(color, mv));
        if commit {
            r.spend(color, start.elapsed().as_secs_f64());
        }
        if let Some(mv) = teire {
            log::info!(
                "{color} plays {} instead of passing: it saves stones the confirmation calls dead",
                r.notation(mv)
            );
        }
        teire.unwrap_or(Move::Pass)
    } else {
        Move::Pass
    }
}

/// A move of the cleanup phase (`kgs-genmove_cleanup`): a liberty of a
/// dead opponent chain (a capture first), never an own eye nor a
/// multi-stone self-atari; `None` when no dead opponent stone is left.
pub fn cleanup_move(r: &mut impl Referee, color: Color) -> Option<Move> {
    let judgement = r.judgement().clone();
    let board = r.game().board();
    let mut best: Option<(bool, Point)> = None;
    for p in board.points() {
        if board.color_at(p) != Some(color.other())
            || board.chain_head(p) != p
            || judgement.status(p) != Some(StoneStatus::Dead)
        {
            continue;
        }
        let capture = board.in_atari(p);
        for l in board.liberties(p) {
            let usable = !board.is_eye(color, l)
                && !board.is_big_self_atari(color, l)
                && r.game().is_legal(color, Move::Play(l));
            if usable && best.is_none_or(|(c, _)| capture && !c) {
                best = Some((capture, l));
            }
        }
    }
    best.map(|(_, l)| Move::Play(l))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::status::judge;

    /// A referee that counts nothing: the decisions tested here must not
    /// ask for the count.
    struct NoCount {
        game: Game,
        rules: Rules,
        judgement: Judgement,
        spent: f64,
    }

    impl NoCount {
        fn new(rules: Rules) -> NoCount {
            let game = Game::new(9, rules.play_rules());
            // Judged with every stone alive: no playouts on the empty board.
            let judgement = judge(game.board(), &Rules::tromp_taylor());
            NoCount {
                game,
                rules,
                judgement,
                spent: 0.0,
            }
        }
    }

    impl Referee for NoCount {
        fn game(&self) -> &Game {
            &self.game
        }
        fn rules(&self) -> &Rules {
            &self.rules
        }
        fn judgement(&mut self) -> &Judgement {
            &self.judgement
        }
        fn count(&mut self) -> Option<Score> {
            unreachable!("counted")
        }
        fn count_after(&mut self, _: Color, _: Move) -> Option<Score> {
            unreachable!("counted")
        }
        fn spend(&mut self, _: Color, seconds: f64) {
            self.spent += seconds;
        }
        fn notation(&self, mv: Move) -> String {
            format!("{mv:?}")
        }
    }

    /// The cheap tests come first: no count without the opponent's pass or
    /// under area scoring, no cycle question under superko, no teire
    /// without the confirmation, no cleanup move on an empty board.
    #[test]
    fn cheap_answers_first() {
        let mut chinese = NoCount::new(Rules::chinese());
        assert!(!passing_wins(&mut chinese, Color::Black));
        assert!(!settled_and_winning(&mut chinese, Color::Black));
        let d4 = Move::Play(Point::new(3, 3).unwrap());
        assert_eq!(mind_the_cycle(&chinese, Color::Black, d4, 0.1), d4);
        assert_eq!(
            pass_or_protect(&mut chinese, Color::Black, true),
            Move::Pass
        );
        assert_eq!(chinese.spent, 0.0);
        let mut japanese = NoCount::new(Rules::japanese());
        assert!(!settled_and_winning(&mut japanese, Color::White));
        assert_eq!(cleanup_move(&mut japanese, Color::White), None);
        assert_eq!(mind_the_cycle(&japanese, Color::White, d4, 0.9), d4);
        assert_eq!(
            pass_or_protect(&mut japanese, Color::White, false),
            Move::Pass
        );
        assert_eq!(japanese.spent, 0.0);
    }
}
