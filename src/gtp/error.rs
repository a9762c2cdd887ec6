//! GTP failure responses.

use std::fmt;

/// A failed command. `Display` gives the exact text the GTP spec (or the
/// usual engine practice, for the categories the spec only names) puts after
/// the `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The command name is not in the command table.
    UnknownCommand,
    /// Arguments missing, extra or malformed.
    Syntax,
    /// `boardsize` outside 2…25.
    UnacceptableSize,
    /// `play` of an occupied, ko, superko or suicide point.
    IllegalMove,
    /// `undo` with nothing to undo.
    CannotUndo,
    /// Handicap on a board that already has stones or moves.
    BoardNotEmpty,
    /// Handicap count not allowed for this board.
    InvalidNumberOfStones,
    /// `set_free_handicap` points off board, repeated or too few.
    BadVertexList,
    /// `loadsgf` of a missing, unreadable or invalid file.
    CannotLoadFile,
    /// `final_score` cannot give a result.
    CannotScore,
    /// `kgs-rules` or `--rules` with a name we do not know.
    UnknownRules,
    /// A command about a stone named an empty vertex (`tengen-status`).
    EmptyVertex,
    /// A file could not be written (`printsgf FILE`).
    CannotSaveFile,
    /// A bug: a command handler panicked. The engine keeps running.
    Internal,
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GtpError::UnknownCommand => "unknown command",
            GtpError::Syntax => "syntax error",
            GtpError::UnacceptableSize => "unacceptable size",
            GtpError::IllegalMove => "illegal move",
            GtpError::CannotUndo => "cannot undo",
            GtpError::BoardNotEmpty => "board not empty",
            GtpError::InvalidNumberOfStones => "invalid number of stones",
            GtpError::BadVertexList => "bad vertex list",
            GtpError::CannotLoadFile => "cannot load file",
            GtpError::CannotScore => "cannot score",
            GtpError::CannotSaveFile => "cannot save file",
            GtpError::EmptyVertex => "vertex is empty",
            GtpError::UnknownRules => "unknown rules",
            GtpError::Internal => "internal error",
        })
    }
}

impl std::error::Error for GtpError {}
