//! Move generation: Monte Carlo tree search ([`search`]) over the tree in
//! [`tree`], with the uniformly random player ([`random`]) as baseline, and
//! time management ([`time`]). Search never sees GTP types.

pub mod model;
pub mod priors;
pub mod random;
pub mod search;
pub mod time;
pub mod tree;
