//! The reply a record stopped by agreement leaves unplayed.
//!
//! A record that stops right after a move threatening a group (a cut, an
//! atari on a connection) often leaves out the obvious answer: the players
//! agreed on the result with the answer understood. Judged as it stands,
//! the threatened group looks dead to the status playouts, which answer a
//! threat only by chance. [`implied_reply`] plays that answer, on a copy,
//! when all of this holds:
//!
//! - a chain of the side to move touches the last move and is judged dead;
//! - it holds a stone older than its owner's own last move (a stone just
//!   thrown in and answered is a sacrifice, not a group left to save);
//! - it was judged alive before the last move (the move made the threat);
//! - one move of its owner near it saves it, the judgement after the move
//!   with the opponent to play confirming it
//!   ([`crate::rules::status::saving_move`]);
//! - the position stays finished after the move
//!   ([`crate::rules::dame_phase::is_finished`]).
//!
//! The judgement after the answer is carried back to the record's own
//! position, which is then counted as it stands (the answer is a stone on a
//! dame or in its owner's area, as the dame phase would play it).

use super::Rules;
use super::dame_phase::is_finished;
use super::game::Game;
use super::status::{Judgement, ReadingScope, judge, judge_stopped_by_agreement, saving_move};
use crate::Move;
use crate::board::Point;
use crate::color::Color;

/// The judgement of `game`'s final position at the game's end: after
/// two passes ([`judge`]), or stopped by agreement
/// ([`judge_stopped_by_agreement`], then the answer to a threat the last
/// move left: [`implied_reply`]). One scoring step: its local readings
/// share one bound ([`ReadingScope`]).
#[must_use]
pub fn judge_game_end(game: &Game, rules: &Rules, by_agreement: bool) -> Judgement {
    let _scope = ReadingScope::open();
    let board = game.board();
    if by_agreement {
        let judged = judge_stopped_by_agreement(board, rules);
        implied_reply(game, &judged, rules).map_or(judged, |(_, after)| after)
    } else {
        judge(board, rules)
    }
}

/// The judgement of `game`'s final position once the side to move has
/// answered a threat the last move left (see the module documentation),
/// with the answer; `None` when there is nothing to answer. `judgement` is
/// the position's own judgement for a game stopped by agreement.
#[must_use]
pub fn implied_reply(
    game: &Game,
    judgement: &Judgement,
    rules: &Rules,
) -> Option<(Point, Judgement)> {
    let board = game.board();
    let moves = game.moves();
    let Some(&(_, Move::Play(last))) = moves.last() else {
        return None;
    };
    let to_move = game.to_move();
    let own_last = own_last_move(moves);
    let mut chains = board.chain_heads(
        last.neighbours()
            .into_iter()
            .filter(|&n| board.color_at(n) == Some(to_move)),
    );
    chains.retain(|&h| {
        judgement.status(h).is_some_and(|s| !s.is_live())
            && board.chain_stones(h).any(|s| Some(s) != own_last)
    });
    if chains.is_empty() {
        return None;
    }
    let mut before = game.clone();
    before.undo();
    let earlier = judge_stopped_by_agreement(before.board(), rules);
    chains.retain(|&h| earlier.status(h).is_some_and(|s| s.is_live()));
    chains.sort_by_key(|&h| std::cmp::Reverse(board.chain_size(h)));
    let finished = is_finished(board, judgement);
    chains.into_iter().find_map(|h| {
        let (at, after) = saving_move(board, rules, h)?;
        let judged = judge_stopped_by_agreement(&after, rules);
        if finished && !is_finished(&after, &judged) {
            return None;
        }
        log::debug!("{to_move} {at} answers the last move, {last}");
        Some((at, judged.carried_back(board)))
    })
}

/// The point of the last move of the side to move, if a stone.
fn own_last_move(moves: &[(Color, Move)]) -> Option<Point> {
    let i = moves.len().checked_sub(2)?;
    match moves[i].1 {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::PlayRules;
    use crate::test_support::v;

    /// Black's F5-F6 has no eye inside White's area and joins D5-D6 by
    /// either E5 or E6. White's last move at E5 threatens the cut at E6,
    /// which Black, to play, answers.
    const DOUBLE_CONNECTION: &str = "
        . . X O . . . . .
        . . X O . . . . .
        . . X O O O O . .
        . . X X . X O . .
        . . X X . X O . .
        . . X O O O O . .
        . . X O . . . . .
        . . X O . . . . .
        . . X O . . . . .
        ";

    /// The game: the setup, then White's `last` move.
    fn game_after(last: &str) -> Game {
        let board = Board::from_diagram(DOUBLE_CONNECTION).expect("diagram");
        let mut game = Game::new(9, PlayRules::default());
        let stones: Vec<(Point, Color)> = board.stones();
        game.set_position(&stones, Color::White).expect("setup");
        game.play(Color::White, Move::Play(v(last))).expect("legal");
        game
    }

    #[test]
    fn the_answer_to_a_cutting_threat_saves_the_group() {
        let rules = Rules::japanese();
        let game = game_after("E5");
        let judged = judge_stopped_by_agreement(game.board(), &rules);
        assert!(!judged.is_live_stone(v("F5")), "dead as it stands");
        let (at, after) = implied_reply(&game, &judged, &rules).expect("an answer");
        assert_eq!(at, v("E6"));
        assert!(after.is_live_stone(v("F5")) && after.is_live_stone(v("F6")));
        assert!(after.is_live_stone(v("E5")), "White's stone stays alive");
    }

    #[test]
    fn without_a_threat_nothing_is_answered() {
        let rules = Rules::japanese();
        let game = game_after("J1");
        let judged = judge_stopped_by_agreement(game.board(), &rules);
        assert!(judged.is_live_stone(v("F5")), "connected either way");
        assert!(implied_reply(&game, &judged, &rules).is_none());
    }
}
