//! Dynamic komi: the komi the search plays against when the game is
//! lopsided, so that its win rates stay informative.
//!
//! A Monte Carlo search that sees itself far behind (White giving
//! handicap stones) or far ahead (Black receiving them) finds every move
//! about equally lost or won and stops telling good moves from bad. Pachi's
//! answer (`uct/dynkomi.c`) is to search against an adjusted komi; the
//! game's result, `final_score` and analysis keep the real one. Two of its
//! schemes, in Tengen's terms:
//!
//! - **linear** ([`Scheme::Linear`], the default for handicap games on
//!   boards from [`AUTO_LINEAR_MIN_SIZE`] up, as in Pachi): in a
//!   handicap game White gets
//!   [`HANDICAP_STONE_POINTS`] extra points a handicap stone, less the komi
//!   and handicap bonus it already has, decreasing linearly to nothing
//!   after [`LINEAR_MOVES_PER_POINT`] × board area moves. Both colours see
//!   the same adjusted komi: White feels less behind, Black less ahead.
//! - **value** ([`Scheme::Value`]): the same start, then after each of its moves the engine moves the komi a
//!   step ([`VALUE_STEP_POINTS`]) against itself when its win rate was
//!   above [`VALUE_GREEN`], in its favour when below [`VALUE_RED`], and
//!   leaves it in between. A *ratchet* remembers the komi given away that
//!   last pushed it below [`VALUE_RED`] and never gives that much again, so
//!   that a player ahead does not oscillate into losing its lead.
//!
//! Either way the extra komi is bounded by [`MAX_EXTRA_PER_EMPTY_POINT`]
//! times the empty points left: no one catches up more points than are
//! left to play for, and by the end of the game the search sees the real
//! komi again.
//!
//! Measured on 9×9, Tengen (0.5 s a move) giving GNU Go 3.8 level 10
//! three stones at komi 0.5 under Chinese rules, White's wins: real komi
//! 17 of 40, 8 of 20, then 14 of 40 as `auto` (39 of 100, 39%); `linear`
//! 13 of 40, then 6 of 20 (19 of 60, 31.7%); `value` 2 of 13 (stopped). Tried
//! and dropped, 8 of 20 or fewer each: the value scheme's steps from the
//! real komi only outside a 0.2–0.8 band, White searching 4 points behind
//! (more ambition), and a KataGo-like score utility (three tenths of each
//! simulation's value from the margin). On 9×9 the real komi leaves White
//! about 0.25 in the playouts, informative enough, and its lost games turn
//! on one move: the win rate falls from 0.25–0.3 to below 0.1 when GNU Go
//! kills a group the playouts thought safe, which none of these prevented. So
//! `auto` searches at the real komi below [`AUTO_LINEAR_MIN_SIZE`], and
//! takes `linear` (Pachi's default, meant for bigger boards, where a
//! handicap leaves the playouts less to tell) from there up.
//!
//! Resignation reads the adjusted win rate: when the extra komi favours
//! the player it can only look better than it is (the GTP layer resigns
//! then as before); when it favours the opponent, the GTP layer does not
//! resign on it.

use std::fmt;
use std::str::FromStr;

use crate::color::Color;
use crate::rules::Game;

/// The points a handicap stone is worth to the search's komi (Pachi's
/// adaptive scheme uses 7; on 9×9 with three stones and White's bonus at
/// 20.5 a 20,000-playout search from the handicap position gives White
/// 0.47, at 0.5 it gives 0.25).
pub const HANDICAP_STONE_POINTS: f64 = 7.0;
/// Linear scheme: the extra komi is gone after this many moves per point
/// of the board (20 moves on 9×9, 90 on 19×19; Pachi uses 15 on small
/// boards, 150 to 200 on 19×19).
pub const LINEAR_MOVES_PER_POINT: f64 = 0.25;
/// Value scheme: below this win rate the komi moves in the player's
/// favour...
pub const VALUE_RED: f32 = 0.45;
/// ...above this one against it.
pub const VALUE_GREEN: f32 = 0.6;
/// Value scheme: points the komi moves after one move on 9×9, scaled with
/// the board's side.
pub const VALUE_STEP_POINTS: f64 = 2.0;
/// The extra komi never exceeds this many points per empty point.
pub const MAX_EXTRA_PER_EMPTY_POINT: f64 = 0.3;
/// `auto` takes the linear scheme in handicap games on boards this big
/// or bigger, and the real komi on smaller ones (see the module
/// documentation for the 9×9 matches).
pub const AUTO_LINEAR_MIN_SIZE: usize = 13;

/// Which games get dynamic komi (`--dynamic-komi`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DynamicKomiSetting {
    /// The linear scheme in handicap games on boards from
    /// [`AUTO_LINEAR_MIN_SIZE`] up; none in even games or on smaller
    /// boards.
    #[default]
    Auto,
    /// Never: the search always sees the real komi.
    Off,
    /// The linear scheme in every game (nothing in even games).
    Linear,
    /// The value scheme in every game.
    Value,
}

/// A dynamic komi scheme (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Handicap compensation decreasing linearly over the first moves.
    Linear,
    /// Handicap compensation adjusted by the search's win rate.
    Value,
}

/// A `--dynamic-komi` value that is not one of the names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDynamicKomi(pub String);

impl fmt::Display for UnknownDynamicKomi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown dynamic komi `{}` (auto, off, linear, value)",
            self.0
        )
    }
}

impl std::error::Error for UnknownDynamicKomi {}

impl FromStr for DynamicKomiSetting {
    type Err = UnknownDynamicKomi;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.to_ascii_lowercase().as_str() {
            "auto" => Ok(DynamicKomiSetting::Auto),
            "off" | "none" => Ok(DynamicKomiSetting::Off),
            "linear" => Ok(DynamicKomiSetting::Linear),
            "value" => Ok(DynamicKomiSetting::Value),
            _ => Err(UnknownDynamicKomi(text.to_string())),
        }
    }
}

impl fmt::Display for DynamicKomiSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DynamicKomiSetting::Auto => "auto",
            DynamicKomiSetting::Off => "off",
            DynamicKomiSetting::Linear => "linear",
            DynamicKomiSetting::Value => "value",
        })
    }
}

/// The dynamic komi of one game: the setting and the value scheme's state.
#[derive(Clone, Debug, Default)]
pub struct DynamicKomi {
    setting: DynamicKomiSetting,
    /// Value scheme, per colour: the points that colour pretends to
    /// receive (negative: to give); `None` until its first search.
    taken: [Option<f64>; 2],
    /// Value scheme, per colour: the points given away that last dropped
    /// its win rate below [`VALUE_RED`] (a negative number).
    ratchet: [Option<f64>; 2],
}

impl DynamicKomi {
    /// Dynamic komi as `setting` says, for a new game.
    #[must_use]
    pub fn new(setting: DynamicKomiSetting) -> DynamicKomi {
        DynamicKomi {
            setting,
            ..DynamicKomi::default()
        }
    }

    /// The setting.
    #[must_use]
    pub fn setting(&self) -> DynamicKomiSetting {
        self.setting
    }

    /// Forgets the value scheme's state (a new game).
    pub fn reset(&mut self) {
        *self = DynamicKomi::new(self.setting);
    }

    /// The scheme in force for `game`, if any.
    #[must_use]
    pub fn scheme(&self, game: &Game) -> Option<Scheme> {
        match self.setting {
            DynamicKomiSetting::Off => None,
            DynamicKomiSetting::Auto
                if game.handicap() == 0 || game.size() < AUTO_LINEAR_MIN_SIZE =>
            {
                None
            }
            DynamicKomiSetting::Auto | DynamicKomiSetting::Linear => Some(Scheme::Linear),
            DynamicKomiSetting::Value => Some(Scheme::Value),
        }
    }

    /// The points added to White's bonus for `color`'s search in `game`,
    /// where White's real bonus (komi and handicap bonus) is
    /// `white_bonus`. Positive: White is credited more.
    #[must_use]
    pub fn extra_for_white(&self, game: &Game, color: Color, white_bonus: f64) -> f64 {
        let cap = extra_cap(game);
        match self.scheme(game) {
            None => 0.0,
            Some(Scheme::Linear) => linear_extra(game, white_bonus).min(cap),
            Some(Scheme::Value) => {
                let taken = self.taken[color.index()]
                    .unwrap_or_else(|| color.fold(-1.0, 1.0) * handicap_points(game, white_bonus));
                white_sign(color) * taken.clamp(-cap, cap)
            }
        }
    }

    /// The value scheme's step after `color`'s search in `game` found
    /// `win_rate` for it at the komi [`DynamicKomi::extra_for_white`]
    /// gave: the komi moves against `color` when it did well, in its
    /// favour when it did badly. Nothing happens under the other schemes.
    pub fn observe(&mut self, game: &Game, color: Color, white_bonus: f64, win_rate: f32) {
        if self.scheme(game) != Some(Scheme::Value) {
            return;
        }
        let i = color.index();
        let cap = extra_cap(game);
        let mut taken = white_sign(color) * self.extra_for_white(game, color, white_bonus);
        let step = VALUE_STEP_POINTS * game.size() as f64 / 9.0;
        if win_rate < VALUE_RED {
            if taken < 0.0 {
                // Giving this much made the game close: never again.
                self.ratchet[i] = Some(taken);
            }
            taken += step;
        } else if win_rate > VALUE_GREEN {
            taken -= step;
            if let Some(ratchet) = self.ratchet[i]
                && taken <= ratchet
            {
                taken = (ratchet + 1.0).min(taken + step);
            }
        }
        self.taken[i] = Some(taken.clamp(-cap, cap));
    }
}

/// +1 for White, -1 for Black: turns points a colour takes into points
/// for White.
fn white_sign(color: Color) -> f64 {
    color.fold(-1.0, 1.0)
}

/// The points White's handicap stones give Black beyond White's real
/// bonus: [`HANDICAP_STONE_POINTS`] a stone, plus half a point, less the
/// bonus (as Pachi's `board_effective_handicap`); 0 in an even game.
#[must_use]
pub fn handicap_points(game: &Game, white_bonus: f64) -> f64 {
    let stones = game.handicap();
    if stones == 0 {
        return 0.0;
    }
    (f64::from(stones) * HANDICAP_STONE_POINTS + 0.5 - white_bonus).max(0.0)
}

/// The linear scheme's extra komi for White: [`handicap_points`] scaled
/// down linearly with the moves played.
#[must_use]
pub fn linear_extra(game: &Game, white_bonus: f64) -> f64 {
    let area = (game.size() * game.size()) as f64;
    let moves = (LINEAR_MOVES_PER_POINT * area).ceil();
    let left = (1.0 - game.moves().len() as f64 / moves).max(0.0);
    handicap_points(game, white_bonus) * left
}

/// The largest extra komi in `game`: [`MAX_EXTRA_PER_EMPTY_POINT`] a
/// point left empty.
#[must_use]
pub fn extra_cap(game: &Game) -> f64 {
    MAX_EXTRA_PER_EMPTY_POINT * game.board().empty_points().len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::rules::PlayRules;
    use crate::rules::handicap::fixed_handicap;

    /// 9×9 with three fixed handicap stones; White's bonus 0.5 komi plus 3.
    fn handicap_game() -> Game {
        let mut game = Game::new(9, PlayRules::default());
        game.place_handicap(&fixed_handicap(9, 3).unwrap()).unwrap();
        game
    }

    const BONUS: f64 = 3.5;

    /// Plays `n` moves on the first empty points, colours alternating
    /// from `game`'s side to move.
    fn play_moves(game: &mut Game, n: usize) {
        for _ in 0..n {
            let color = game.to_move();
            let p = game
                .board()
                .points()
                .find(|&p| game.is_legal(color, Move::Play(p)))
                .unwrap();
            game.play(color, Move::Play(p)).unwrap();
        }
    }

    /// The setting's names, and the schemes they give in even and
    /// handicap games on 9×9 and 13×13 (`auto`: linear on 13×13 only).
    #[test]
    fn settings_parse_and_choose_schemes() {
        let even = Game::new(9, PlayRules::default());
        let handicap = handicap_game();
        let mut big_handicap = Game::new(13, PlayRules::default());
        big_handicap
            .place_handicap(&fixed_handicap(13, 3).unwrap())
            .unwrap();
        for (name, on_even, on_handicap, on_big_handicap) in [
            ("auto", None, None, Some(Scheme::Linear)),
            ("OFF", None, None, None),
            (
                "linear",
                Some(Scheme::Linear),
                Some(Scheme::Linear),
                Some(Scheme::Linear),
            ),
            (
                "value",
                Some(Scheme::Value),
                Some(Scheme::Value),
                Some(Scheme::Value),
            ),
        ] {
            let setting: DynamicKomiSetting = name.parse().unwrap();
            assert_eq!(setting.to_string(), name.to_ascii_lowercase());
            let d = DynamicKomi::new(setting);
            assert_eq!(d.scheme(&even), on_even, "{name}");
            assert_eq!(d.scheme(&handicap), on_handicap, "{name}");
            assert_eq!(d.scheme(&big_handicap), on_big_handicap, "{name}");
        }
        assert!("ratchet".parse::<DynamicKomiSetting>().is_err());
    }

    /// Linear: 3 × 7 + 0.5 − 3.5 = 18 points at the start, two thirds
    /// after 7 of the 21 moves (⌈0.25 × 81⌉), nothing from move 21 on; the same
    /// for both colours; nothing in an even game.
    #[test]
    fn linear_schedule_decays_to_nothing() {
        let d = DynamicKomi::new(DynamicKomiSetting::Linear);
        let mut game = handicap_game();
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 18.0);
        assert_eq!(d.extra_for_white(&game, Color::Black, BONUS), 18.0);
        play_moves(&mut game, 7);
        assert!((d.extra_for_white(&game, Color::White, BONUS) - 12.0).abs() < 1e-9);
        play_moves(&mut game, 14);
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 0.0);
        let even = Game::new(9, PlayRules::default());
        assert_eq!(d.extra_for_white(&even, Color::White, 7.0), 0.0);
    }

    /// Value: White starts with the handicap's 18 points and Black gives
    /// them; a win rate above the band takes a step (2 points on 9×9)
    /// away, one below adds a step, one inside keeps the komi.
    #[test]
    fn value_scheme_steps_out_of_the_band() {
        let mut d = DynamicKomi::new(DynamicKomiSetting::Value);
        let game = handicap_game();
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 18.0);
        assert_eq!(d.extra_for_white(&game, Color::Black, BONUS), 18.0);
        d.observe(&game, Color::White, BONUS, 0.7);
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 16.0);
        d.observe(&game, Color::White, BONUS, 0.5);
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 16.0);
        d.observe(&game, Color::White, BONUS, 0.3);
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 18.0);
        // Black's state is its own: doing well it gives more.
        d.observe(&game, Color::Black, BONUS, 0.9);
        assert_eq!(d.extra_for_white(&game, Color::Black, BONUS), 20.0);
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 18.0);
        d.reset();
        assert_eq!(d.extra_for_white(&game, Color::White, BONUS), 18.0);
    }

    /// The ratchet: Black giving 22 points fell below the band, so after
    /// stepping back it never gives 22 again, only up to 21.
    #[test]
    fn value_ratchet_stops_giving_what_lost() {
        let mut d = DynamicKomi::new(DynamicKomiSetting::Value);
        let game = handicap_game();
        d.observe(&game, Color::Black, BONUS, 0.9); // gives 20
        d.observe(&game, Color::Black, BONUS, 0.9); // gives 22
        d.observe(&game, Color::Black, BONUS, 0.3); // ratchet at 22, gives 20
        assert_eq!(d.extra_for_white(&game, Color::Black, BONUS), 20.0);
        d.observe(&game, Color::Black, BONUS, 0.9);
        assert_eq!(d.extra_for_white(&game, Color::Black, BONUS), 21.0);
        d.observe(&game, Color::Black, BONUS, 0.9);
        assert_eq!(d.extra_for_white(&game, Color::Black, BONUS), 21.0);
    }

    /// The cap: 0.3 points an empty point, so a nearly full board leaves
    /// little extra komi whatever the win rates said.
    #[test]
    fn extra_komi_is_capped_by_the_empty_points() {
        let mut d = DynamicKomi::new(DynamicKomiSetting::Value);
        let mut game = Game::new(9, PlayRules::default());
        for _ in 0..20 {
            d.observe(&game, Color::White, 7.0, 0.1);
        }
        assert!((d.extra_for_white(&game, Color::White, 7.0) - 24.3).abs() < 1e-9);
        // 61 Black stones (no captures): 20 empty points left.
        for p in game.board().points().take(61).collect::<Vec<_>>() {
            game.play(Color::Black, Move::Play(p)).unwrap();
        }
        let cap = 0.3 * game.board().empty_points().len() as f64;
        assert!((cap - 6.0).abs() < 1e-9, "{cap}");
        assert!((d.extra_for_white(&game, Color::White, 7.0) - cap).abs() < 1e-9);
        assert_eq!(
            DynamicKomi::new(DynamicKomiSetting::Off).extra_for_white(&game, Color::White, 7.0),
            0.0
        );
    }
}
