//! Move generation. For now a uniformly random player ([`random`]); the
//! Monte Carlo tree search builds on the same interfaces. Search never sees
//! GTP types.

pub mod random;
pub mod time;
