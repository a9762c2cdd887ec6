//! Invariants shared by the fuzz targets. Each check panics with a message
//! naming the broken invariant; under `afl::fuzz!` a panic aborts, which
//! AFL++ records as a crash.

use tengen::board::Point;
use tengen::rules::{KoRule, PlayRules};
use tengen::sgf;
use tengen::{Board, Color, Game, Move};

/// Every combination of play rules. No one of them allows every move the
/// others do: a single-stone suicide is legal once under situational
/// superko (the same stones with the other player to move) but repeats the
/// position under simple ko and positional superko, and an immediate ko
/// recapture can be legal under situational superko (after a setup or a
/// player moving twice) where simple ko forbids it.
pub const ALL_PLAY_RULES: [PlayRules; 6] = [
    PlayRules {
        ko: KoRule::Simple,
        suicide_allowed: true,
    },
    PlayRules {
        ko: KoRule::SituationalSuperko,
        suicide_allowed: true,
    },
    PlayRules {
        ko: KoRule::PositionalSuperko,
        suicide_allowed: true,
    },
    PlayRules {
        ko: KoRule::Simple,
        suicide_allowed: false,
    },
    PlayRules {
        ko: KoRule::SituationalSuperko,
        suicide_allowed: false,
    },
    PlayRules {
        ko: KoRule::PositionalSuperko,
        suicide_allowed: false,
    },
];

/// What can be observed of a game cheaply: enough to tell whether a
/// command changed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Fingerprint {
    pub size: usize,
    pub hash: u64,
    pub ko: Option<(Point, Color)>,
    pub captures: [u32; 2],
    pub moves: Vec<(Color, Move)>,
    pub setup_hash: u64,
    pub setup_stones: usize,
    pub setup_to_move: Color,
    pub to_move: Color,
    pub handicap: u32,
    pub rules: PlayRules,
}

impl Fingerprint {
    #[must_use]
    pub fn of(game: &Game) -> Fingerprint {
        let board = game.board();
        Fingerprint {
            size: game.size(),
            hash: board.hash(),
            ko: board.ko(),
            captures: [board.captures(Color::Black), board.captures(Color::White)],
            moves: game.moves().to_vec(),
            setup_hash: game.setup_board().hash(),
            setup_stones: game.setup_board().stone_count(),
            setup_to_move: game.setup_to_move(),
            to_move: game.to_move(),
            handicap: game.handicap(),
            rules: game.rules(),
        }
    }
}

/// The board's derived data agree with its cells, for the position and
/// for the setup position.
pub fn check_game(game: &Game, context: &dyn std::fmt::Display) {
    if let Err(e) = game.board().check_consistency() {
        panic!(
            "board inconsistent after {context}: {e}\n{:?}",
            game.board()
        );
    }
    if let Err(e) = game.setup_board().check_consistency() {
        panic!(
            "setup board inconsistent after {context}: {e}\n{:?}",
            game.setup_board()
        );
    }
    assert_eq!(
        game.board().size(),
        game.setup_board().size(),
        "board and setup sizes differ after {context}"
    );
}

/// The stones of a board, sorted.
fn stones(board: &Board) -> Vec<(Point, Color)> {
    let mut s = board.stones();
    s.sort_unstable_by_key(|&(p, c)| (p.index(), c.index()));
    s
}

/// `reloaded` (read back from `sgf::write` of `original`) is the same
/// game: size, stones, ko, moves, setup position and side to move. Prisoner
/// counts are not compared (a mid-game SGF setup keeps earlier captures
/// that a record cannot carry), and the handicap count only where setup
/// stones exist (`write` emits `HA` only then).
pub fn check_same_game(original: &Game, reloaded: &Game, text: &str) {
    let ctx = || format!("SGF round trip of\n{text}");
    assert_eq!(original.size(), reloaded.size(), "size differs: {}", ctx());
    assert_eq!(
        stones(original.board()),
        stones(reloaded.board()),
        "stones differ: {}\noriginal {:?}\nreloaded {:?}",
        ctx(),
        original.board(),
        reloaded.board()
    );
    assert_eq!(
        original.board().hash(),
        reloaded.board().hash(),
        "hash differs: {}",
        ctx()
    );
    assert_eq!(
        original.board().ko(),
        reloaded.board().ko(),
        "ko differs: {}",
        ctx()
    );
    assert_eq!(
        original.moves(),
        reloaded.moves(),
        "moves differ: {}",
        ctx()
    );
    assert_eq!(
        stones(original.setup_board()),
        stones(reloaded.setup_board()),
        "setup stones differ: {}",
        ctx()
    );
    assert_eq!(
        original.setup_to_move(),
        reloaded.setup_to_move(),
        "setup side to move differs: {}",
        ctx()
    );
    assert_eq!(
        original.to_move(),
        reloaded.to_move(),
        "side to move differs: {}",
        ctx()
    );
    if original.setup_board().stone_count() > 0 {
        assert_eq!(
            original.handicap(),
            reloaded.handicap(),
            "handicap differs: {}",
            ctx()
        );
    }
}

/// Writes `game` as SGF, reads it back under the game's own play rules and
/// checks it is the same game. Returns the text.
pub fn sgf_round_trip(game: &Game, komi: f64, rules: Option<&str>) -> String {
    let text = sgf::write(game, komi, rules);
    assert!(
        !text.contains("\n\n"),
        "sgf::write produced a blank line:\n{text}"
    );
    check_sgf_text(game, &text, Some(komi), true);
    text
}

/// Reads `text` (an SGF record of `game`) back and compares. It is read
/// under the game's play rules, which allow every move of the record (the
/// record keeps fewer earlier positions for superko than the game did);
/// when the rules changed during the game that may fail, so then any play
/// rules that load it will do, and with `must_load` false none may.
pub fn check_sgf_text(game: &Game, text: &str, komi: Option<f64>, must_load: bool) {
    let line = sgf::parse_main_line(text.as_bytes())
        .unwrap_or_else(|e| panic!("written SGF does not parse ({e}):\n{text}"));
    let first = sgf::load(&line, None, game.rules());
    let loaded = match first {
        Ok(loaded) => loaded,
        Err(e) if must_load => panic!(
            "written SGF does not load under the game's rules {:?} ({e}):\n{text}",
            game.rules()
        ),
        Err(_) => {
            let Some(loaded) = ALL_PLAY_RULES
                .iter()
                .find_map(|&rules| sgf::load(&line, None, rules).ok())
            else {
                return;
            };
            loaded
        }
    };
    if let Some(komi) = komi {
        assert_eq!(loaded.komi, Some(komi), "komi differs:\n{text}");
    }
    check_game(&loaded.game, &"reloading a written SGF");
    check_same_game(game, &loaded.game, text);
}
