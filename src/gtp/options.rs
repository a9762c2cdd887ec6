//! The engine's start-up settings ([`EngineOptions`], from the command
//! line) and their defaults and limits.

use super::command::Switches;
use crate::mcts::dynamic_komi::DynamicKomiSetting;
use crate::mcts::search::RESIGN_BELOW;
use crate::rules::Rules;

/// Board size when none is given.
pub const DEFAULT_SIZE: usize = 19;
/// The engine's name for `name`.
pub const ENGINE_NAME: &str = "Tengen";

/// Start-up settings (from the command line).
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Random seed; `None` draws one from the system.
    pub seed: Option<u64>,
    /// Initial komi; `None` uses the rules' default komi.
    pub komi: Option<f64>,
    /// Initial board size.
    pub size: usize,
    /// The rule set.
    pub rules: Rules,
    /// Simulations per move; with no time settings this alone limits the
    /// search (deterministic with a seed).
    pub playouts: Option<u64>,
    /// Seconds per move; overrides the time settings.
    pub time: Option<f64>,
    /// Most nodes in the search tree.
    pub max_nodes: usize,
    /// Search threads.
    pub threads: usize,
    /// Priors from the move model on big boards.
    pub move_model: bool,
    /// Commands switched on (`--kgs-chat`).
    pub switches: Switches,
    /// When to resign (`--resign-threshold`, `--resign-moves`).
    pub resign: Resign,
    /// Which games the search plays with dynamic komi (`--dynamic-komi`).
    pub dynamic_komi: DynamicKomiSetting,
    /// Search on the opponent's time after our own moves (`--ponder`).
    pub ponder: bool,
}

/// When `genmove` resigns: after `moves` of its own searches in a row
/// found a win rate below `threshold` (never with threshold 0), and never
/// within [`NO_RESIGN_HANDICAP_MOVES`] moves of a handicap game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resign {
    /// Win rate below which a search counts towards resigning, 0–1.
    pub threshold: f32,
    /// Searches in a row below the threshold needed to resign (at least 1).
    pub moves: u32,
}

/// Searches in a row below the threshold before resigning, by default:
/// one unlucky search (a misread capture race) does not end the game.
pub const DEFAULT_RESIGN_MOVES: u32 = 3;

impl Default for Resign {
    fn default() -> Resign {
        Resign {
            threshold: RESIGN_BELOW,
            moves: DEFAULT_RESIGN_MOVES,
        }
    }
}

/// Seconds per move when neither `--time`, `--playouts` nor time settings
/// limit the search.
pub const DEFAULT_MOVE_SECONDS: f64 = 1.0;
/// Default node budget of the search tree (about 40 bytes a node).
pub const DEFAULT_MAX_NODES: usize = 4_000_000;
/// The most search threads accepted.
pub const MAX_THREADS: usize = 64;
/// Never resign within this many moves of a handicap game.
pub const NO_RESIGN_HANDICAP_MOVES: usize = 60;

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            seed: None,
            komi: None,
            size: DEFAULT_SIZE,
            rules: Rules::default(),
            playouts: None,
            time: None,
            max_nodes: DEFAULT_MAX_NODES,
            move_model: true,
            threads: 1,
            switches: Switches::default(),
            resign: Resign::default(),
            dynamic_komi: DynamicKomiSetting::Auto,
            ponder: false,
        }
    }
}
