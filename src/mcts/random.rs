//! The random player: a uniformly random legal move that does not fill one
//! of the player's own eyes (the playout eye rule, [`Board::is_eye`]), or a
//! pass when there is none. It answers `genmove` until the Monte Carlo
//! search replaces it, and is the baseline that search must beat.
//!
//! [`Board::is_eye`]: crate::board::Board::is_eye

use rand::Rng;

use crate::board::Move;
use crate::color::Color;
use crate::rules::Game;

/// A uniformly random move for `color` that is legal under the game's rules
/// (superko included) and does not fill an own eye; `Move::Pass` if none.
pub fn random_move<R: Rng + ?Sized>(game: &Game, color: Color, rng: &mut R) -> Move {
    let board = game.board();
    let mut candidates: Vec<_> = board.empty_points().to_vec();
    // Draw without replacement until a candidate passes every test.
    while !candidates.is_empty() {
        let i = ((u64::from(rng.next_u32()) * candidates.len() as u64) >> 32) as usize;
        let p = candidates.swap_remove(i);
        if !board.is_eye(color, p) && game.is_legal(color, Move::Play(p)) {
            return Move::Play(p);
        }
    }
    Move::Pass
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::PlayRules;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// Random games always get legal moves, never fill own eyes, and end in
    /// passes.
    #[test]
    fn random_games_are_legal_and_end() {
        let mut rng = SmallRng::seed_from_u64(11);
        for size in [2, 5, 9] {
            let mut game = Game::new(size, PlayRules::default());
            let mut color = Color::Black;
            let mut moves = 0;
            while game.consecutive_passes() < 2 && moves < 1000 {
                let mv = random_move(&game, color, &mut rng);
                if let Move::Play(p) = mv {
                    assert!(!game.board().is_eye(color, p));
                }
                game.play(color, mv).unwrap();
                color = color.other();
                moves += 1;
            }
            assert!(
                moves < 1000 || size == 2,
                "game on {size}x{size} did not end"
            );
        }
    }

    /// With only own eyes left, White passes; Black passes too, since every
    /// point is suicide for it.
    #[test]
    fn passes_rather_than_fill_an_eye() {
        let board = Board::from_diagram(
            "
            . O . O
            O O O O
            . O . O
            O O O O",
        )
        .unwrap();
        let mut game = Game::new(4, PlayRules::default());
        game.set_position(&board.stones(), Color::White).unwrap();
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(random_move(&game, Color::White, &mut rng), Move::Pass);
        assert_eq!(random_move(&game, Color::Black, &mut rng), Move::Pass);
    }
}
