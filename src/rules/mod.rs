//! The rules layer: game history, ko and suicide rules, handicap.
//!
//! The scoring systems, rule presets and dead-stone judgement come with the
//! rules-core work; [`game::PlayRules`] is the part of the rules that
//! affects which moves are legal.

pub mod game;
pub mod handicap;

pub use game::{Game, HandicapError, KoRule, PlayRules};
