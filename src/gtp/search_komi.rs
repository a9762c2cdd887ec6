//! The komi each search plays against: the real one (White's komi and
//! handicap bonus) plus dynamic komi's extra
//! ([`crate::mcts::dynamic_komi`]) for `genmove` and the searches that
//! stand for it; the real one for analysis alone. Scoring never reads
//! these: `final_score` and the results count the real komi.
//!
//! The tree kept between searches was grown at one komi; a search at a
//! komi more than [`TREE_KOMI_TOLERANCE`] points away starts afresh, so
//! that analysis does not show win rates counted at a handicap komi, nor a
//! handicap search continue statistics of the real one.

use super::engine::Engine;
use crate::color::Color;
use crate::mcts::search::SearchResult;

/// Points of komi by which a kept tree may differ from the next search's
/// and still be continued (the value scheme moves 2 points a move on 9×9,
/// the linear one about 1).
pub const TREE_KOMI_TOLERANCE: f64 = 5.0;

impl Engine {
    /// White's bonus as `color`'s move search sees it: the real one plus
    /// dynamic komi's extra. Forgets the kept tree when it was grown at a
    /// komi too far from it.
    pub(super) fn search_komi(&mut self, color: Color) -> f64 {
        let real = self.white_bonus();
        let komi = real + self.dynamic_komi.extra_for_white(&self.game, color, real);
        self.use_tree_komi(komi);
        komi
    }

    /// White's real bonus, for analysis; forgets the kept tree when it
    /// was grown at a komi too far from it.
    pub(super) fn analysis_komi(&mut self) -> f64 {
        let komi = self.white_bonus();
        self.use_tree_komi(komi);
        komi
    }

    /// Notes that the kept tree is now grown at `komi`, forgetting it when
    /// it was grown at one too far from it.
    fn use_tree_komi(&mut self, komi: f64) {
        if self
            .tree_komi
            .is_some_and(|k| (k - komi).abs() > TREE_KOMI_TOLERANCE)
        {
            log::debug!("search komi {komi}: the kept tree is forgotten");
            self.tree_cache.clear();
        }
        self.tree_komi = Some(komi);
    }

    /// After `color`'s move search at White's bonus `komi`: whether its
    /// win rate may count towards resigning (not when that komi credited
    /// the opponent with extra points: the real komi is better for
    /// `color`); when `played`, dynamic komi's value scheme takes its step.
    pub(super) fn after_search(
        &mut self,
        color: Color,
        komi: f64,
        result: &SearchResult,
        played: bool,
    ) -> bool {
        let real = self.white_bonus();
        let extra_for_color = color.fold(real - komi, komi - real);
        if extra_for_color != 0.0 {
            log::info!(
                "{color}: searched at komi {komi:.1} (real {real:.1}), win rate {:.3}",
                result.win_rate
            );
        }
        if played {
            self.dynamic_komi
                .observe(&self.game, color, real, result.win_rate);
        }
        extra_for_color >= 0.0
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::board::playout::Policy;
    use crate::gtp::{Command, EngineOptions};
    use crate::mcts::dynamic_komi::DynamicKomiSetting;
    use crate::mcts::search::{SearchLimits, search};
    use crate::rules::Rules;

    /// White's first search in a 9×9 game giving three stones at komi
    /// 0.5, Chinese rules (bonus 3), seed 5 and 2,000 playouts, with
    /// dynamic komi `setting`: its move and win rate.
    fn first_white_search(setting: DynamicKomiSetting) -> (String, f32, Engine) {
        let mut engine = Engine::new(&EngineOptions {
            seed: Some(5),
            playouts: Some(2000),
            size: 9,
            komi: Some(0.5),
            rules: "chinese".parse::<Rules>().unwrap(),
            dynamic_komi: setting,
            ..EngineOptions::default()
        });
        engine.execute(Command::FixedHandicap(3)).unwrap();
        let before = engine.game.clone();
        let mv = engine.execute(Command::Genmove(Color::White)).unwrap();
        let (color, win_rate) = engine.last_win_rate.unwrap();
        assert_eq!(color, Color::White);
        engine.game = before;
        (mv, win_rate, engine)
    }

    /// The same search run directly at White's bonus `komi`.
    fn direct_search(engine: &Engine, komi: f64) -> SearchResult {
        let limits = SearchLimits {
            playouts: Some(2000),
            time: None,
            max_nodes: engine.max_nodes,
            threads: 1,
            policy: Policy::Tactical,
            move_model: true,
        };
        let mut rng = SmallRng::seed_from_u64(5);
        search(
            &engine.game,
            Color::White,
            komi,
            &limits,
            &mut rng,
            &mut || false,
        )
    }

    /// With dynamic komi (the linear scheme in a handicap game, at move 0
    /// as much as the value scheme's start) the search sees 3.5 + 18 =
    /// 21.5 points for White: its win rate is the one a search at 21.5
    /// finds from the same seed, not the real komi's; with `off`, and with
    /// `auto` on 9×9, it is the real komi's.
    #[test]
    fn genmove_searches_at_the_adjusted_komi() {
        let (mv, win_rate, engine) = first_white_search(DynamicKomiSetting::Linear);
        let adjusted = direct_search(&engine, 21.5);
        let real = direct_search(&engine, 3.5);
        assert_eq!(win_rate, adjusted.win_rate);
        assert_eq!(mv, crate::gtp::response::move_text(adjusted.best));
        assert!(
            adjusted.win_rate > real.win_rate + 0.1,
            "{adjusted:?} {real:?}"
        );
        let (_, off_win_rate, _) = first_white_search(DynamicKomiSetting::Off);
        assert_eq!(off_win_rate, real.win_rate);
        let (_, auto_win_rate, _) = first_white_search(DynamicKomiSetting::Auto);
        assert_eq!(auto_win_rate, real.win_rate);
        // The count keeps the real komi: Black's 81 points less 3.5.
        let mut engine = engine;
        assert_eq!(engine.execute(Command::FinalScore).unwrap(), "B+77.5");
    }
}
