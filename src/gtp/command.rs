//! The command table: every GTP command name appears exactly once, here,
//! with the parser of its arguments. Dispatch, `list_commands` and
//! `known_command` all read this table, so they cannot drift apart.

use super::error::GtpError;
use super::parser::{
    analyze_args, color_two_numbers, key_value, move_list, no_args, one_color, one_float, one_int,
    one_move, one_point, one_string, opt_int, opt_string, string_opt_int, three_numbers,
    vertex_list, word_and_numbers,
};
use crate::board::{Move, Point};
use crate::color::Color;

/// A parsed command with typed arguments. Variants are the CamelCase of the
/// wire names.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`
    ProtocolVersion,
    /// `name`
    Name,
    /// `version`
    Version,
    /// `known_command name`
    KnownCommand(String),
    /// `list_commands`
    ListCommands,
    /// `quit`
    Quit,
    /// `boardsize size`
    Boardsize(u32),
    /// `clear_board`
    ClearBoard,
    /// `komi value`
    Komi(f64),
    /// `play color vertex`
    Play(Color, Move),
    /// `genmove color`
    Genmove(Color),
    /// `reg_genmove color`
    RegGenmove(Color),
    /// `undo`
    Undo,
    /// `fixed_handicap count`
    FixedHandicap(u32),
    /// `place_free_handicap count`
    PlaceFreeHandicap(u32),
    /// `set_free_handicap vertex…`
    SetFreeHandicap(Vec<Move>),
    /// `time_settings main byo_time byo_stones`
    TimeSettings(f64, f64, f64),
    /// `kgs-time_settings system args…`
    KgsTimeSettings(String, Vec<f64>),
    /// `time_left color time stones`
    TimeLeft(Color, f64, f64),
    /// `loadsgf file [move_number]`
    Loadsgf(String, Option<u32>),
    /// `printsgf [file]`
    Printsgf(Option<String>),
    /// `showboard`
    Showboard,
    /// `kgs-game_over`
    KgsGameOver,
    /// `kgs-rules name`
    KgsRules(String),
    /// `final_score [seed]`
    FinalScore,
    /// `final_status_list status`
    FinalStatusList(String),
    /// `final_status vertex`
    FinalStatus(Point),
    /// `tengen-score_details`: the working of the count.
    TengenScoreDetails,
    /// `tengen-result`: the result, or "no result" (art. 12).
    TengenResult,
    /// `is_legal color vertex` (GNU Go): `1` or `0` under the current rules.
    IsLegal(Color, Move),
    /// `kgs-genmove_cleanup color`: capture dead stones, then pass.
    KgsGenmoveCleanup(Color),
    /// `gogui-interrupt`: announces that `# interrupt` lines stop searches.
    GoguiInterrupt,
    /// `cputime`: CPU seconds used.
    Cputime,
    /// `lz-analyze [color] [interval]`: stream analysis until new input.
    LzAnalyze(Option<Color>, u32),
    /// `lz-genmove_analyze color [interval]`: stream analysis, then play.
    LzGenmoveAnalyze(Color, u32),
    /// `gogui-analyze_commands`: the analyze commands GoGui offers.
    GoguiAnalyzeCommands,
    /// `tengen-ownership`: GoGui `dboard` of final-position ownership.
    TengenOwnership,
    /// `tengen-search_param [key value]`: GoGui `param` for the search.
    TengenSearchParam(Option<(String, String)>),
    /// `gogui-play_sequence color vertex …`: all the moves, or none.
    GoguiPlaySequence(Vec<(Color, Move)>),
    /// `gogui-version …`: GoGui announcing itself; acknowledged.
    GoguiVersion,
    /// `kata-get-rules`: the rules as KataGo's JSON.
    KataGetRules,
    /// `kata-set-rules name`: a rule set by name (KataGo's shorthands).
    KataSetRules(String),
}

/// One row of the command table.
pub(crate) struct CommandSpec {
    /// The wire name.
    pub name: &'static str,
    /// Parses the arguments (the text after the name).
    pub parse: fn(&[u8]) -> Result<Command, GtpError>,
}

/// Every supported command, in the order `list_commands` prints them.
pub(crate) static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "protocol_version",
        parse: |a| no_args(a).map(|()| Command::ProtocolVersion),
    },
    CommandSpec {
        name: "name",
        parse: |a| no_args(a).map(|()| Command::Name),
    },
    CommandSpec {
        name: "version",
        parse: |a| no_args(a).map(|()| Command::Version),
    },
    CommandSpec {
        name: "known_command",
        parse: |a| one_string(a).map(Command::KnownCommand),
    },
    CommandSpec {
        name: "list_commands",
        parse: |a| no_args(a).map(|()| Command::ListCommands),
    },
    CommandSpec {
        name: "quit",
        parse: |a| no_args(a).map(|()| Command::Quit),
    },
    CommandSpec {
        name: "boardsize",
        parse: |a| one_int(a).map(Command::Boardsize),
    },
    CommandSpec {
        name: "clear_board",
        parse: |a| no_args(a).map(|()| Command::ClearBoard),
    },
    CommandSpec {
        name: "komi",
        parse: |a| one_float(a).map(Command::Komi),
    },
    CommandSpec {
        name: "play",
        parse: |a| one_move(a).map(|(c, m)| Command::Play(c, m)),
    },
    CommandSpec {
        name: "genmove",
        parse: |a| one_color(a).map(Command::Genmove),
    },
    CommandSpec {
        name: "reg_genmove",
        parse: |a| one_color(a).map(Command::RegGenmove),
    },
    CommandSpec {
        name: "undo",
        parse: |a| no_args(a).map(|()| Command::Undo),
    },
    CommandSpec {
        name: "fixed_handicap",
        parse: |a| one_int(a).map(Command::FixedHandicap),
    },
    CommandSpec {
        name: "place_free_handicap",
        parse: |a| one_int(a).map(Command::PlaceFreeHandicap),
    },
    CommandSpec {
        name: "set_free_handicap",
        parse: |a| vertex_list(a).map(Command::SetFreeHandicap),
    },
    CommandSpec {
        name: "time_settings",
        parse: |a| three_numbers(a).map(|(m, t, s)| Command::TimeSettings(m, t, s)),
    },
    CommandSpec {
        name: "kgs-time_settings",
        parse: |a| word_and_numbers(a).map(|(w, n)| Command::KgsTimeSettings(w, n)),
    },
    CommandSpec {
        name: "time_left",
        parse: |a| color_two_numbers(a).map(|(c, t, s)| Command::TimeLeft(c, t, s)),
    },
    CommandSpec {
        name: "loadsgf",
        parse: |a| string_opt_int(a).map(|(f, n)| Command::Loadsgf(f, n)),
    },
    CommandSpec {
        name: "printsgf",
        parse: |a| opt_string(a).map(Command::Printsgf),
    },
    CommandSpec {
        name: "showboard",
        parse: |a| no_args(a).map(|()| Command::Showboard),
    },
    CommandSpec {
        name: "kgs-game_over",
        parse: |a| no_args(a).map(|()| Command::KgsGameOver),
    },
    CommandSpec {
        name: "kgs-rules",
        parse: |a| one_string(a).map(Command::KgsRules),
    },
    CommandSpec {
        name: "final_score",
        parse: |a| opt_int(a).map(|_| Command::FinalScore),
    },
    CommandSpec {
        name: "final_status_list",
        parse: |a| one_string(a).map(Command::FinalStatusList),
    },
    CommandSpec {
        name: "final_status",
        parse: |a| one_point(a).map(Command::FinalStatus),
    },
    CommandSpec {
        name: "tengen-score_details",
        parse: |a| no_args(a).map(|()| Command::TengenScoreDetails),
    },
    CommandSpec {
        name: "tengen-result",
        parse: |a| no_args(a).map(|()| Command::TengenResult),
    },
    CommandSpec {
        name: "is_legal",
        parse: |a| one_move(a).map(|(c, m)| Command::IsLegal(c, m)),
    },
    CommandSpec {
        name: "kgs-genmove_cleanup",
        parse: |a| one_color(a).map(Command::KgsGenmoveCleanup),
    },
    CommandSpec {
        name: "gogui-interrupt",
        parse: |a| no_args(a).map(|()| Command::GoguiInterrupt),
    },
    CommandSpec {
        name: "cputime",
        parse: |a| no_args(a).map(|()| Command::Cputime),
    },
    CommandSpec {
        name: "lz-analyze",
        parse: |a| analyze_args(a).map(|(c, i)| Command::LzAnalyze(c, i)),
    },
    CommandSpec {
        name: "lz-genmove_analyze",
        parse: |a| match analyze_args(a)? {
            (Some(c), i) => Ok(Command::LzGenmoveAnalyze(c, i)),
            (None, _) => Err(GtpError::Syntax),
        },
    },
    CommandSpec {
        name: "gogui-analyze_commands",
        parse: |a| no_args(a).map(|()| Command::GoguiAnalyzeCommands),
    },
    CommandSpec {
        name: "tengen-ownership",
        parse: |a| no_args(a).map(|()| Command::TengenOwnership),
    },
    CommandSpec {
        name: "tengen-search_param",
        parse: |a| key_value(a).map(Command::TengenSearchParam),
    },
    CommandSpec {
        name: "gogui-play_sequence",
        parse: |a| move_list(a).map(Command::GoguiPlaySequence),
    },
    CommandSpec {
        name: "gogui-version",
        parse: |_| Ok(Command::GoguiVersion),
    },
    CommandSpec {
        name: "kata-get-rules",
        parse: |a| no_args(a).map(|()| Command::KataGetRules),
    },
    CommandSpec {
        name: "kata-set-rules",
        parse: |a| one_string(a).map(Command::KataSetRules),
    },
];

/// The table row for `name` (exact, case-sensitive, as GTP names are).
pub(crate) fn lookup(name: &[u8]) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|spec| spec.name.as_bytes() == name)
}

/// Parses a command name and its arguments.
///
/// # Errors
/// [`GtpError::UnknownCommand`] for a name not in the table,
/// [`GtpError::Syntax`] for bad arguments.
pub fn parse_command(name: &[u8], args: &[u8]) -> Result<Command, GtpError> {
    let spec = lookup(name).ok_or(GtpError::UnknownCommand)?;
    (spec.parse)(args)
}

/// The names of all supported commands, in table order.
pub fn command_names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|spec| spec.name)
}

/// True when `name` is a supported command.
#[must_use]
pub fn is_known(name: &str) -> bool {
    lookup(name.as_bytes()).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names are unique and follow GTP's naming (no spaces, lower case).
    #[test]
    fn table_is_well_formed() {
        let mut names: Vec<_> = command_names().collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
        for name in command_names() {
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_' || b == b'-'),
                "{name}"
            );
            assert!(is_known(name));
        }
        assert!(!is_known("Play"));
        assert!(!is_known("frobnicate"));
    }

    /// Names dispatch to their own parsers.
    #[test]
    fn parse_known_answers() {
        assert_eq!(
            parse_command(b"genmove", b" w"),
            Ok(Command::Genmove(Color::White))
        );
        assert_eq!(parse_command(b"genmove", b""), Err(GtpError::Syntax));
        assert_eq!(
            parse_command(b"gen_move", b" w"),
            Err(GtpError::UnknownCommand)
        );
        assert_eq!(
            parse_command(b"boardsize", b" 19"),
            Ok(Command::Boardsize(19))
        );
        assert_eq!(parse_command(b"quit", b" now"), Err(GtpError::Syntax));
    }
}
