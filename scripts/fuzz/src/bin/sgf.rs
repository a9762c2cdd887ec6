//! Fuzz target `sgf`: reading SGF, in memory only.
//!
//! The input is an SGF file. `parse_main_line` must not panic; when it
//! succeeds the main line is loaded as `loadsgf` does (rules from `RU`,
//! else Japanese), in full and stopped before a move number taken from the
//! input. For every game loaded the harness checks:
//! - the boards are internally consistent;
//! - stopping earlier never fails where the whole line loads;
//! - undoing every move gives back the setup position;
//! - `sgf::write` then reading back (under the same play rules) gives the
//!   same game and komi, with no blank line in the text;
//! - allowing suicide as well loads whatever the rules without it load.

use tengen::rules::PlayRules;
use tengen::rules::Rules;
use tengen::sgf;
use tengen_fuzz::{check_game, sgf_round_trip};

/// Undo-everything is quadratic in the number of moves: only for games up
/// to this long.
const MAX_UNDO_MOVES: usize = 400;

fn check_loaded(loaded: &sgf::Loaded, rules: &Rules, what: &str) {
    let game = &loaded.game;
    check_game(game, &what);
    if game.moves().len() <= MAX_UNDO_MOVES {
        let mut undone = game.clone();
        while undone.undo() {}
        check_game(&undone, &format!("undoing every move of {what}"));
        assert_eq!(
            undone.board().hash(),
            game.setup_board().hash(),
            "undoing every move of {what} does not give the setup position"
        );
        assert_eq!(undone.to_move(), game.setup_to_move());
    }
    sgf_round_trip(game, loaded.komi.unwrap_or(0.0), Some(rules.sgf_name()));
}

fn run(data: &[u8]) {
    let Ok(line) = sgf::parse_main_line(data) else {
        return;
    };
    assert!(!line.nodes.is_empty(), "a parsed main line has a node");
    let rules = line
        .root("RU")
        .and_then(|ru| ru.parse::<Rules>().ok())
        .unwrap_or_default();
    let full = sgf::load(&line, None, rules.play_rules());
    if let Ok(loaded) = &full {
        check_loaded(loaded, &rules, "the whole main line");
    }
    // A move number from the input: 0 … 15, or a large one.
    let last = data.last().copied().unwrap_or(0);
    let number = if last & 0x10 == 0 {
        u32::from(last & 0x0f)
    } else {
        u32::MAX
    };
    let part = sgf::load(&line, Some(number), rules.play_rules());
    match &part {
        Ok(loaded) => check_loaded(loaded, &rules, &format!("moves before {number}")),
        Err(e) => assert!(
            full.is_err(),
            "the whole line loads but stopping before move {number} fails: {e}"
        ),
    }
    // Allowing suicide only adds legal moves (under the same ko rule).
    let play = rules.play_rules();
    if full.is_ok() && !play.suicide_allowed {
        let with_suicide = PlayRules {
            suicide_allowed: true,
            ..play
        };
        let loaded = sgf::load(&line, None, with_suicide).unwrap_or_else(|e| {
            panic!("loads under {rules} but not with suicide allowed as well: {e}")
        });
        check_game(&loaded.game, &"a load with suicide allowed");
    }
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        run(data);
    });
}
