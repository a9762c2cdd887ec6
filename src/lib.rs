//! Tengen: a Go engine speaking the Go Text Protocol.
//!
//! Layers, each depending only on those before it:
//! [`board`] (the fast board, its ladders, patterns, tactics and playouts)
//! ← [`rules`] (game history, ko rules, handicap, dead-stone judgement and
//! counting) ← [`mcts`] (move generation and the move model) ← [`gtp`] (the
//! protocol) ← the `tengen` binary; beside them [`records`] (`tengen
//! score`), [`benchmark`] (`tengen benchmark`) and [`sgf`].
//!
//! ```
//! use tengen::{Board, Color, Move, Point};
//!
//! let mut board = Board::from_diagram("
//!     . X .
//!     X O X
//!     . . .
//! ").unwrap();
//! // Black captures the white stone at B2 by playing B1.
//! board.play(Color::Black, Move::Play(Point::new(1, 0).unwrap())).unwrap();
//! assert_eq!(board.captures(Color::Black), 1);
//! assert_eq!(board.color_at(Point::new(1, 1).unwrap()), None);
//! ```

pub mod benchmark;
pub mod board;
pub mod color;
pub mod gtp;
pub mod mcts;
pub mod progress;
pub mod records;
pub mod rules;
pub mod sgf;
#[cfg(test)]
pub(crate) mod test_support;

pub use board::{Board, IllegalMove, Move, Point};
pub use color::Color;
pub use rules::Game;
