//! A game in progress: the board plus its history (KataGo's `BoardHistory`).
//!
//! [`Game`] adds to the fast [`Board`] what the rules need: the move history
//! with undo, the setup position it started from (handicap or SGF setup
//! stones, which undo never removes), the consecutive-pass count, and the
//! history of whole-board positions so that superko can be enforced when the
//! ko rule asks for it.

use crate::board::{Board, IllegalMove, Move, Point, SetupError};
use crate::color::Color;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone (Japanese rules).
    #[default]
    Simple,
    /// No whole-board position may repeat (Chinese rules).
    PositionalSuperko,
    /// No position may repeat with the same player to move.
    SituationalSuperko,
}

/// The rules a [`Game`] enforces while playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlayRules {
    /// Which repetitions are illegal.
    pub ko: KoRule,
    /// Whether a move may leave its own chain without liberties (the chain
    /// is then removed).
    pub suicide_allowed: bool,
}

/// A whole-board position after a move, for superko.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PositionRecord {
    /// Zobrist hash of the stones.
    hash: u64,
    /// The player who moved into this position (the other is to move), or
    /// `None` for the starting position (Black to move, or White after
    /// handicap).
    mover: Option<Color>,
}

/// Why a handicap placement is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// Stones or moves are already on the board.
    BoardNotEmpty,
    /// A point is off the board, repeated, or the count is out of range.
    BadPoints,
}

/// A game: board, history, undo and repetition bookkeeping.
#[derive(Clone)]
pub struct Game {
    /// The current position.
    board: Board,
    /// The position undo cannot go past (handicap and setup stones).
    base: Board,
    /// The player to move in `base`.
    base_to_move: Color,
    /// Moves played since `base`.
    moves: Vec<(Color, Move)>,
    /// Positions since the start of the game, including those before the
    /// latest setup (superko looks at the whole game).
    positions: Vec<PositionRecord>,
    /// Handicap stones placed by the handicap commands or SGF `HA`/`AB`.
    handicap: u32,
    /// The rules enforced while playing.
    rules: PlayRules,
}

impl Game {
    /// A new game on an empty `size`×`size` board.
    ///
    /// # Panics
    /// If `size` is out of range (see [`Board::new`]).
    #[must_use]
    pub fn new(size: usize, rules: PlayRules) -> Game {
        let board = Board::new(size);
        Game {
            positions: vec![PositionRecord {
                hash: board.hash(),
                mover: None,
            }],
            base: board.clone(),
            board,
            base_to_move: Color::Black,
            moves: Vec::new(),
            handicap: 0,
            rules,
        }
    }

    /// The current position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board side.
    #[must_use]
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The rules enforced while playing.
    #[must_use]
    pub fn rules(&self) -> PlayRules {
        self.rules
    }

    /// Changes the rules enforced from now on.
    pub fn set_rules(&mut self, rules: PlayRules) {
        self.rules = rules;
    }

    /// Moves played since the setup position, in order.
    #[must_use]
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The setup position (handicap and setup stones) the moves start from.
    #[must_use]
    pub fn setup_board(&self) -> &Board {
        &self.base
    }

    /// The player to move in the setup position.
    #[must_use]
    pub fn setup_to_move(&self) -> Color {
        self.base_to_move
    }

    /// The player to move: the opponent of the last mover, or the setup
    /// position's player when no move has been played.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.moves
            .last()
            .map_or(self.base_to_move, |&(c, _)| c.other())
    }

    /// Consecutive passes at the end of the move list.
    #[must_use]
    pub fn consecutive_passes(&self) -> usize {
        self.moves
            .iter()
            .rev()
            .take_while(|&&(_, m)| m == Move::Pass)
            .count()
    }

    /// Stones captured by `color` (its prisoners).
    #[must_use]
    pub fn captures(&self, color: Color) -> u32 {
        self.board.captures(color)
    }

    /// The number of handicap stones: those placed by a handicap command or
    /// SGF `HA`/`AB`, or else a leading run of two or more Black moves from
    /// an empty board (how Sabaki and gtp2ogs send handicap).
    #[must_use]
    pub fn handicap(&self) -> u32 {
        if self.handicap > 0 {
            return self.handicap;
        }
        if self.base.stone_count() > 0 {
            return 0;
        }
        let run = self
            .moves
            .iter()
            .take_while(|&&(c, m)| c == Color::Black && m != Move::Pass)
            .count();
        if run >= 2 { run as u32 } else { 0 }
    }

    /// Why `color` may not play `mv` now, or `Ok`.
    ///
    /// # Errors
    /// The reason the move is illegal under the game's rules.
    pub fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(p) = mv else { return Ok(()) };
        let suicide = match self.board.check_move(color, mv) {
            Ok(()) => false,
            Err(IllegalMove::Suicide) if self.rules.suicide_allowed => true,
            Err(e) => return Err(e),
        };
        if self.rules.ko == KoRule::Simple && !suicide {
            return Ok(());
        }
        let mut next = self.board.clone();
        next.play_unchecked(color, p);
        if self.repeats(next.hash(), color) {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// True when the position with `hash`, reached by a move of `mover`,
    /// is forbidden by the ko rule. Under simple ko, only a suicide that
    /// recreates the position is checked here (it is a no-op move).
    fn repeats(&self, hash: u64, mover: Color) -> bool {
        match self.rules.ko {
            KoRule::Simple => self.board.hash() == hash,
            KoRule::PositionalSuperko => self.positions.iter().any(|r| r.hash == hash),
            KoRule::SituationalSuperko => self
                .positions
                .iter()
                .any(|r| r.hash == hash && r.mover.unwrap_or(self.base_to_move.other()) == mover),
        }
    }

    /// True when, since the last pass, a whole-board position has occurred
    /// three times with the same player to move: a triple ko, eternal life
    /// or other cycle. Under Japanese rules (art. 12) such a game ends
    /// without result. Passes do not make a cycle: a position repeated
    /// across a pass (say pass, pass, then play resumed) is not one
    /// (KataGo counts the same way).
    #[must_use]
    pub fn has_cycle(&self) -> bool {
        let since_pass = self
            .moves
            .iter()
            .rev()
            .take_while(|&&(_, mv)| mv != Move::Pass)
            .count();
        let window = &self.positions[self.positions.len().saturating_sub(since_pass + 1)..];
        let mut seen: std::collections::HashMap<(u64, Color), u32> =
            std::collections::HashMap::new();
        window.iter().any(|r| {
            let mover = r.mover.unwrap_or(self.base_to_move.other());
            let count = seen.entry((r.hash, mover)).or_insert(0);
            *count += 1;
            *count >= 3
        })
    }

    /// True when `color` may play `mv` now.
    #[must_use]
    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.check_move(color, mv).is_ok()
    }

    /// Plays `mv` for `color` (either colour may move at any time, as GTP
    /// allows).
    ///
    /// # Errors
    /// The reason the move is illegal; the game is then unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.check_move(color, mv)?;
        self.apply(color, mv);
        self.moves.push((color, mv));
        self.positions.push(PositionRecord {
            hash: self.board.hash(),
            mover: Some(color),
        });
        Ok(())
    }

    /// Plays a move already known to be legal on the board.
    fn apply(&mut self, color: Color, mv: Move) {
        match mv {
            Move::Play(p) => self.board.play_unchecked(color, p),
            Move::Pass => self.board.pass(),
        }
    }

    /// Takes back the last move. Handicap and setup stones are never undone.
    ///
    /// Returns `false` (and changes nothing) when there is no move to undo.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.positions.pop();
        self.board = self.base.clone();
        for i in 0..self.moves.len() {
            let (color, mv) = self.moves[i];
            self.apply(color, mv);
        }
        true
    }

    /// Places handicap stones on an empty board; White moves next.
    ///
    /// # Errors
    /// [`HandicapError::BoardNotEmpty`] when stones or moves are already
    /// present; [`HandicapError::BadPoints`] for fewer than 2 points, an
    /// off-board or repeated point, or no empty point left.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        if self.board.stone_count() > 0 || !self.moves.is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        let size = self.size();
        let mut sorted = points.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if points.len() < 2
            || sorted.len() != points.len()
            || points.len() >= size * size
            || points.iter().any(|&p| !self.board.is_on_board(p))
        {
            return Err(HandicapError::BadPoints);
        }
        let stones: Vec<_> = points.iter().map(|&p| (p, Color::Black)).collect();
        let board =
            Board::from_stones(size, &stones, [0, 0]).map_err(|_| HandicapError::BadPoints)?;
        self.rebase(board, Color::White);
        self.handicap = points.len() as u32;
        Ok(())
    }

    /// Replaces the position by a setup position (SGF `AB`/`AW`/`AE`), keeping
    /// the earlier positions for superko. Undo cannot go back past it.
    ///
    /// # Errors
    /// [`SetupError`] when the stones form an impossible position.
    pub fn set_position(
        &mut self,
        stones: &[(Point, Color)],
        to_move: Color,
    ) -> Result<(), SetupError> {
        let captures = [self.captures(Color::Black), self.captures(Color::White)];
        let board = Board::from_stones(self.size(), stones, captures)?;
        self.rebase(board, to_move);
        Ok(())
    }

    /// Records the SGF `HA` value (the handicap count) for a loaded game.
    pub fn set_handicap_count(&mut self, handicap: u32) {
        self.handicap = handicap;
    }

    fn rebase(&mut self, board: Board, to_move: Color) {
        self.positions.push(PositionRecord {
            hash: board.hash(),
            mover: None,
        });
        self.base = board.clone();
        self.board = board;
        self.base_to_move = to_move;
        self.moves.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{pt, v};
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    /// A ko on 5x5: Black B4 A3 B2, White C4 B3 D3 C2; Black takes at C3,
    /// White retakes at B3.
    fn ko_shape() -> [(Point, Color); 7] {
        [
            (v("B4"), Color::Black),
            (v("A3"), Color::Black),
            (v("B2"), Color::Black),
            (v("C4"), Color::White),
            (v("B3"), Color::White),
            (v("D3"), Color::White),
            (v("C2"), Color::White),
        ]
    }

    fn play_all(game: &mut Game, moves: &[(Color, (usize, usize))]) {
        for &(c, (col, row)) in moves {
            game.play(c, Move::Play(pt(col, row))).unwrap();
        }
    }

    /// Undo restores the exact earlier position, captures and ko included,
    /// after every move of random games.
    #[test]
    fn undo_restores_every_prior_state() {
        let mut rng = SmallRng::seed_from_u64(3);
        for size in [5, 9, 13] {
            let mut game = Game::new(size, PlayRules::default());
            let mut snapshots: Vec<(Board, usize)> = Vec::new();
            let mut color = Color::Black;
            for _ in 0..size * size * 2 {
                let candidates: Vec<Move> = game
                    .board()
                    .empty_points()
                    .iter()
                    .map(|&p| Move::Play(p))
                    .filter(|&m| game.is_legal(color, m))
                    .collect();
                let mv = if candidates.is_empty() || rng.random_range(0..20) == 0 {
                    Move::Pass
                } else {
                    candidates[rng.random_range(0..candidates.len())]
                };
                snapshots.push((game.board().clone(), game.consecutive_passes()));
                game.play(color, mv).unwrap();
                color = color.other();
            }
            while let Some((board, passes)) = snapshots.pop() {
                assert!(game.undo());
                assert_eq!(*game.board(), board);
                assert_eq!(game.consecutive_passes(), passes);
                game.board().check_consistency().unwrap();
            }
            assert!(!game.undo());
        }
    }

    /// Handicap stones survive undo, need an empty board, and give White
    /// the move.
    #[test]
    fn handicap_stones() {
        let mut game = Game::new(9, PlayRules::default());
        assert_eq!(
            game.place_handicap(&[v("C3")]),
            Err(HandicapError::BadPoints)
        );
        assert_eq!(
            game.place_handicap(&[v("C3"), v("C3")]),
            Err(HandicapError::BadPoints)
        );
        assert_eq!(
            game.place_handicap(&[v("C3"), v("K10")]),
            Err(HandicapError::BadPoints)
        );
        game.place_handicap(&[v("C3"), v("G7")]).unwrap();
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(game.handicap(), 2);
        assert_eq!(
            game.place_handicap(&[v("D4"), v("F6")]),
            Err(HandicapError::BoardNotEmpty)
        );
        game.play(Color::White, Move::Play(v("E5"))).unwrap();
        assert!(game.undo());
        assert!(!game.undo());
        assert_eq!(game.board().stone_count(), 2);
    }

    /// A leading run of Black moves from an empty board counts as handicap.
    #[test]
    fn handicap_inferred_from_black_run() {
        let mut game = Game::new(9, PlayRules::default());
        play_all(&mut game, &[(Color::Black, (2, 2)), (Color::Black, (6, 6))]);
        assert_eq!(game.handicap(), 2);
        play_all(&mut game, &[(Color::Black, (2, 6)), (Color::White, (4, 4))]);
        assert_eq!(game.handicap(), 3);
        let mut even = Game::new(9, PlayRules::default());
        play_all(&mut even, &[(Color::Black, (2, 2)), (Color::White, (6, 6))]);
        assert_eq!(even.handicap(), 0);
    }

    /// Sets up a position where Black can start a triple-ko-like cycle on a
    /// small board: a simple ko fought back and forth with passes in
    /// between recreates positions. Superko forbids the repetition.
    #[test]
    fn positional_superko_forbids_repetition() {
        // Ko shape: Black takes at C3, White passes, Black passes, White
        // retakes B3 (legal under simple ko: passes cleared it), which
        // recreates the position before Black's capture.
        let stones = ko_shape();
        for (ko, retake_legal) in [
            (KoRule::Simple, true),
            (KoRule::PositionalSuperko, false),
            (KoRule::SituationalSuperko, false),
        ] {
            let mut game = Game::new(
                5,
                PlayRules {
                    ko,
                    suicide_allowed: false,
                },
            );
            game.set_position(&stones, Color::Black).unwrap();
            game.play(Color::Black, Move::Play(v("C3"))).unwrap();
            assert_eq!(
                game.check_move(Color::White, Move::Play(v("B3"))),
                Err(IllegalMove::Ko)
            );
            game.play(Color::White, Move::Pass).unwrap();
            game.play(Color::Black, Move::Pass).unwrap();
            let retake = game.check_move(Color::White, Move::Play(v("B3")));
            assert_eq!(retake.is_ok(), retake_legal, "{ko:?}");
            if !retake_legal {
                assert_eq!(retake, Err(IllegalMove::Superko));
            }
        }
    }

    /// With suicide allowed, a multi-stone suicide removes the chain and
    /// credits the opponent; without, it is illegal.
    #[test]
    fn suicide_rule() {
        let stones = [
            (v("A2"), Color::Black),
            (v("A3"), Color::White),
            (v("B2"), Color::White),
            (v("B1"), Color::White),
        ];
        let mut strict = Game::new(5, PlayRules::default());
        strict.set_position(&stones, Color::Black).unwrap();
        assert_eq!(
            strict.play(Color::Black, Move::Play(v("A1"))),
            Err(IllegalMove::Suicide)
        );
        let mut loose = Game::new(
            5,
            PlayRules {
                ko: KoRule::Simple,
                suicide_allowed: true,
            },
        );
        loose.set_position(&stones, Color::Black).unwrap();
        loose.play(Color::Black, Move::Play(v("A1"))).unwrap();
        assert_eq!(loose.board().color_at(v("A2")), None);
        assert_eq!(loose.captures(Color::White), 2);
        loose.board().check_consistency().unwrap();
    }

    /// A ko fought back and forth under simple ko with passes as threats
    /// repeats the whole-board position: a cycle (art. 12 no result).
    #[test]
    fn cycle_detection() {
        // Three kos (a triple ko): the first two with White's stone in,
        // the third with Black's. B takes 1, W takes 3, B takes 2, W
        // retakes 1, B retakes 3, W retakes 2: the position is back, Black
        // to move. Every capture is legal under simple ko.
        let offsets = [(0, 0), (5, 0), (0, 5)];
        let mut stones = Vec::new();
        for (k, &(dx, dy)) in offsets.iter().enumerate() {
            for (p, c) in ko_shape() {
                let q = pt(p.col() + dx, p.row() + dy);
                if k == 2 && q == pt(1 + dx, 2 + dy) {
                    stones.push((pt(2 + dx, 2 + dy), Color::Black));
                } else {
                    stones.push((q, c));
                }
            }
        }
        let mut game = Game::new(13, PlayRules::default());
        game.set_position(&stones, Color::Black).unwrap();
        let take = |k: usize| (2 + offsets[k].0, 2 + offsets[k].1);
        let retake = |k: usize| (1 + offsets[k].0, 2 + offsets[k].1);
        let cycle = [
            (Color::Black, take(0)),
            (Color::White, retake(2)),
            (Color::Black, take(1)),
            (Color::White, retake(0)),
            (Color::Black, take(2)),
            (Color::White, retake(1)),
        ];
        for _ in 0..2 {
            assert!(!game.has_cycle());
            play_all(&mut game, &cycle);
        }
        assert!(game.has_cycle(), "third occurrence of the position");
    }

    /// A ko taken back and forth with passes in between is no cycle: a pass
    /// starts the count again (art. 12 concerns repetition in play).
    #[test]
    fn passes_break_cycles() {
        let stones = ko_shape();
        let mut game = Game::new(5, PlayRules::default());
        game.set_position(&stones, Color::Black).unwrap();
        for _ in 0..3 {
            game.play(Color::Black, Move::Play(v("C3"))).unwrap();
            game.play(Color::White, Move::Pass).unwrap();
            game.play(Color::Black, Move::Pass).unwrap();
            game.play(Color::White, Move::Play(v("B3"))).unwrap();
            game.play(Color::Black, Move::Pass).unwrap();
            game.play(Color::White, Move::Pass).unwrap();
        }
        assert!(!game.has_cycle());
    }

    /// Consecutive passes are counted from the end of the move list.
    #[test]
    fn pass_count() {
        let mut game = Game::new(9, PlayRules::default());
        game.play(Color::Black, Move::Pass).unwrap();
        game.play(Color::White, Move::Play(v("A1"))).unwrap();
        game.play(Color::Black, Move::Pass).unwrap();
        game.play(Color::White, Move::Pass).unwrap();
        assert_eq!(game.consecutive_passes(), 2);
        assert_eq!(game.to_move(), Color::Black);
        game.undo();
        assert_eq!(game.consecutive_passes(), 1);
    }
}
