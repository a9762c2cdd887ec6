//! Move generation: Monte Carlo tree search ([`search`], the simulation
//! loop) over the tree in [`tree`], with the children's [`priors`] (from
//! the learned move [`model`] on big boards), trees kept between moves
//! ([`reuse`]), analysis for GUIs ([`analysis`]), the uniformly random
//! player ([`random`]) as baseline, time management ([`time`]), and the
//! end-of-game decisions around the search ([`endgame`]: passing when the
//! count wins, teire, cleanup, art. 12 cycles), and the komi the search
//! plays against in lopsided games ([`dynamic_komi`]). Search never sees
//! GTP types.

pub mod analysis;
pub mod dynamic_komi;
pub mod endgame;
pub mod model;
pub mod priors;
pub mod random;
pub mod reuse;
pub mod search;
pub mod time;
pub mod tree;
