//! The command table: every GTP command name appears exactly once, here,
//! with the parser of its arguments. Dispatch, `list_commands` and
//! `known_command` all read this table, so they cannot drift apart.

use super::error::GtpError;
use super::parser::{
    AnalyzeArgs, StatusList, TimeDialect, analyze_args, chat, key_value, move_list, no_args,
    one_color, one_float, one_int, one_move, one_point, one_string, opt_int, opt_string,
    point_opt_color, rules_name, status_list, string_opt_int, time_left_args, time_settings_args,
    time_system, vertex_list,
};
use crate::board::{Move, Point};
use crate::color::Color;
use crate::mcts::time::TimeSystem;
use crate::rules::Rules;

/// The output dialect of the analysis commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Leela Zero's (`lz-`): integer win rates and priors, 0–10000.
    LeelaZero,
    /// KataGo's (`kata-`): float win rates and priors 0–1, `scoreLead`,
    /// and the ownership grid when asked for.
    KataGo,
    /// Sabaki's bare `analyze`: Leela Zero's numbers, which every Sabaki
    /// version reads as integers.
    Sabaki,
}

/// A parsed command with typed arguments. Variants are the CamelCase of the
/// wire names (the analysis commands share one variant per kind, with
/// their dialect).
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
    TimeSettings(f64, f64, u32),
    /// `kgs-time_settings system args…`
    KgsTimeSettings(TimeSystem),
    /// `kata-list_time_settings`: the systems `kata-time_settings` reads.
    KataListTimeSettings,
    /// `kata-time_settings system args…`: KGS's systems and Fischer.
    KataTimeSettings(TimeSystem),
    /// `tengen-clock`: the time settings in force and the time left.
    TengenClock,
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
    /// `kgs-chat (game|private) name message…`: answer a chat message.
    KgsChat(String),
    /// `kgs-rules name`
    KgsRules(Rules),
    /// `final_score [seed]`
    FinalScore,
    /// `final_status_list status`
    FinalStatusList(StatusList),
    /// `final_status vertex`
    FinalStatus(Point),
    /// `tengen-status vertex [color]`: the status of the chain at the
    /// vertex once both sides play their best there, `color` moving first
    /// (without it: as at the end of the game).
    TengenStatus(Point, Option<Color>),
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
    /// `gogui-sigint`: answers the process id; SIGINT then interrupts.
    GoguiSigint,
    /// `cputime`: CPU seconds used.
    Cputime,
    /// `lz-analyze`, `kata-analyze` and `analyze`
    /// (`[color] [interval] [key value]…`): stream analysis in the given
    /// dialect until new input.
    Analyze(Dialect, AnalyzeArgs),
    /// `lz-genmove_analyze`, `kata-genmove_analyze` and `genmove_analyze`
    /// (`color [interval] [key value]…`): stream analysis, then play.
    GenmoveAnalyze(Dialect, Color, AnalyzeArgs),
    /// `gogui-analyze_commands`: the analyze commands GoGui offers.
    GoguiAnalyzeCommands,
    /// `tengen-ownership`: GoGui `dboard` of final-position ownership.
    TengenOwnership,
    /// `tengen-best_moves`: GoGui `gfx` of the search's best moves.
    TengenBestMoves,
    /// `tengen-pv`: GoGui `gfx` of the principal variation.
    TengenPv,
    /// `tengen-move_model`: GoGui `gfx` of the move model's probabilities.
    TengenMoveModel,
    /// `tengen-search_param [key value]`: GoGui `param` for the search.
    TengenSearchParam(Option<(String, String)>),
    /// `gogui-play_sequence color vertex …`: all the moves, or none.
    GoguiPlaySequence(Vec<(Color, Move)>),
    /// `gogui-version …`: GoGui announcing itself; acknowledged.
    GoguiVersion,
    /// `kata-get-rules`: the rules as KataGo's JSON.
    KataGetRules,
    /// `kata-set-rules name`: a rule set by name (KataGo's shorthands).
    KataSetRules(Rules),
}

/// Commands that exist only when switched on (from the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    /// `kgs-chat`: listing it crashes some kgsGtp versions, so it is
    /// offered only with `--kgs-chat`.
    KgsChat,
}

/// Which [`Switch`]es are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Switches {
    /// `--kgs-chat`.
    pub kgs_chat: bool,
}

impl Switches {
    fn allow(self, spec: &CommandSpec) -> bool {
        match spec.switch {
            None => true,
            Some(Switch::KgsChat) => self.kgs_chat,
        }
    }
}

/// One row of the command table.
pub(crate) struct CommandSpec {
    /// The wire name.
    pub name: &'static str,
    /// The switch that must be on for the command to exist, if any.
    pub switch: Option<Switch>,
    /// Parses the arguments (the text after the name).
    pub parse: fn(&[u8]) -> Result<Command, GtpError>,
}

/// Every supported command, in the order `list_commands` prints them.
pub(crate) static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "protocol_version",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::ProtocolVersion),
    },
    CommandSpec {
        name: "name",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::Name),
    },
    CommandSpec {
        name: "version",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::Version),
    },
    CommandSpec {
        name: "known_command",
        switch: None,
        parse: |a| one_string(a).map(Command::KnownCommand),
    },
    CommandSpec {
        name: "list_commands",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::ListCommands),
    },
    CommandSpec {
        name: "quit",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::Quit),
    },
    CommandSpec {
        name: "boardsize",
        switch: None,
        parse: |a| one_int(a).map(Command::Boardsize),
    },
    CommandSpec {
        name: "clear_board",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::ClearBoard),
    },
    CommandSpec {
        name: "komi",
        switch: None,
        parse: |a| one_float(a).map(Command::Komi),
    },
    CommandSpec {
        name: "play",
        switch: None,
        parse: |a| one_move(a).map(|(c, m)| Command::Play(c, m)),
    },
    CommandSpec {
        name: "genmove",
        switch: None,
        parse: |a| one_color(a).map(Command::Genmove),
    },
    CommandSpec {
        name: "reg_genmove",
        switch: None,
        parse: |a| one_color(a).map(Command::RegGenmove),
    },
    CommandSpec {
        name: "undo",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::Undo),
    },
    CommandSpec {
        name: "fixed_handicap",
        switch: None,
        parse: |a| one_int(a).map(Command::FixedHandicap),
    },
    CommandSpec {
        name: "place_free_handicap",
        switch: None,
        parse: |a| one_int(a).map(Command::PlaceFreeHandicap),
    },
    CommandSpec {
        name: "set_free_handicap",
        switch: None,
        parse: |a| vertex_list(a).map(Command::SetFreeHandicap),
    },
    CommandSpec {
        name: "time_settings",
        switch: None,
        parse: |a| time_settings_args(a).map(|(m, t, s)| Command::TimeSettings(m, t, s)),
    },
    CommandSpec {
        name: "kgs-time_settings",
        switch: None,
        parse: |a| time_system(a, TimeDialect::Kgs).map(Command::KgsTimeSettings),
    },
    CommandSpec {
        name: "kata-list_time_settings",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::KataListTimeSettings),
    },
    CommandSpec {
        name: "kata-time_settings",
        switch: None,
        parse: |a| time_system(a, TimeDialect::KataGo).map(Command::KataTimeSettings),
    },
    CommandSpec {
        name: "time_left",
        switch: None,
        parse: |a| time_left_args(a).map(|(c, t, s)| Command::TimeLeft(c, t, s)),
    },
    CommandSpec {
        name: "tengen-clock",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::TengenClock),
    },
    CommandSpec {
        name: "loadsgf",
        switch: None,
        parse: |a| string_opt_int(a).map(|(f, n)| Command::Loadsgf(f, n)),
    },
    CommandSpec {
        name: "printsgf",
        switch: None,
        parse: |a| opt_string(a).map(Command::Printsgf),
    },
    CommandSpec {
        name: "showboard",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::Showboard),
    },
    CommandSpec {
        name: "kgs-game_over",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::KgsGameOver),
    },
    CommandSpec {
        name: "kgs-chat",
        switch: Some(Switch::KgsChat),
        parse: |a| chat(a).map(Command::KgsChat),
    },
    CommandSpec {
        name: "kgs-rules",
        switch: None,
        parse: |a| rules_name(a).map(Command::KgsRules),
    },
    CommandSpec {
        name: "final_score",
        switch: None,
        parse: |a| opt_int(a).map(|_| Command::FinalScore),
    },
    CommandSpec {
        name: "final_status_list",
        switch: None,
        parse: |a| status_list(a).map(Command::FinalStatusList),
    },
    CommandSpec {
        name: "final_status",
        switch: None,
        parse: |a| one_point(a).map(Command::FinalStatus),
    },
    CommandSpec {
        name: "tengen-status",
        switch: None,
        parse: |a| point_opt_color(a).map(|(p, c)| Command::TengenStatus(p, c)),
    },
    CommandSpec {
        name: "tengen-score_details",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::TengenScoreDetails),
    },
    CommandSpec {
        name: "tengen-result",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::TengenResult),
    },
    CommandSpec {
        name: "is_legal",
        switch: None,
        parse: |a| one_move(a).map(|(c, m)| Command::IsLegal(c, m)),
    },
    CommandSpec {
        name: "kgs-genmove_cleanup",
        switch: None,
        parse: |a| one_color(a).map(Command::KgsGenmoveCleanup),
    },
    CommandSpec {
        name: "gogui-interrupt",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::GoguiInterrupt),
    },
    CommandSpec {
        name: "gogui-sigint",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::GoguiSigint),
    },
    CommandSpec {
        name: "cputime",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::Cputime),
    },
    CommandSpec {
        name: "lz-analyze",
        switch: None,
        parse: |a| analyze_args(a).map(|x| Command::Analyze(Dialect::LeelaZero, x)),
    },
    CommandSpec {
        name: "lz-genmove_analyze",
        switch: None,
        parse: |a| genmove_analyze(Dialect::LeelaZero, a),
    },
    CommandSpec {
        name: "kata-analyze",
        switch: None,
        parse: |a| analyze_args(a).map(|x| Command::Analyze(Dialect::KataGo, x)),
    },
    CommandSpec {
        name: "kata-genmove_analyze",
        switch: None,
        parse: |a| genmove_analyze(Dialect::KataGo, a),
    },
    CommandSpec {
        name: "analyze",
        switch: None,
        parse: |a| analyze_args(a).map(|x| Command::Analyze(Dialect::Sabaki, x)),
    },
    CommandSpec {
        name: "genmove_analyze",
        switch: None,
        parse: |a| genmove_analyze(Dialect::Sabaki, a),
    },
    CommandSpec {
        name: "gogui-analyze_commands",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::GoguiAnalyzeCommands),
    },
    CommandSpec {
        name: "tengen-best_moves",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::TengenBestMoves),
    },
    CommandSpec {
        name: "tengen-pv",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::TengenPv),
    },
    CommandSpec {
        name: "tengen-move_model",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::TengenMoveModel),
    },
    CommandSpec {
        name: "tengen-ownership",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::TengenOwnership),
    },
    CommandSpec {
        name: "tengen-search_param",
        switch: None,
        parse: |a| key_value(a).map(Command::TengenSearchParam),
    },
    CommandSpec {
        name: "gogui-play_sequence",
        switch: None,
        parse: |a| move_list(a).map(Command::GoguiPlaySequence),
    },
    CommandSpec {
        name: "gogui-version",
        switch: None,
        parse: |_| Ok(Command::GoguiVersion),
    },
    CommandSpec {
        name: "kata-get-rules",
        switch: None,
        parse: |a| no_args(a).map(|()| Command::KataGetRules),
    },
    CommandSpec {
        name: "kata-set-rules",
        switch: None,
        parse: |a| rules_name(a).map(Command::KataSetRules),
    },
];

/// The table row for `name` (exact, case-sensitive, as GTP names are).
pub(crate) fn lookup(name: &[u8], switches: Switches) -> Option<&'static CommandSpec> {
    COMMANDS
        .iter()
        .find(|spec| spec.name.as_bytes() == name && switches.allow(spec))
}

/// Parses a command name and its arguments.
///
/// # Errors
/// [`GtpError::UnknownCommand`] for a name not in the table (or switched
/// off), [`GtpError::Syntax`] for bad arguments.
pub fn parse_command(name: &[u8], args: &[u8], switches: Switches) -> Result<Command, GtpError> {
    let spec = lookup(name, switches).ok_or(GtpError::UnknownCommand)?;
    (spec.parse)(args)
}

/// `*genmove_analyze color [interval] [key value]…`: the colour is required.
fn genmove_analyze(dialect: Dialect, a: &[u8]) -> Result<Command, GtpError> {
    let args = analyze_args(a)?;
    let color = args.color.ok_or(GtpError::Syntax)?;
    Ok(Command::GenmoveAnalyze(dialect, color, args))
}

/// The names of all supported commands, in table order.
pub fn command_names(switches: Switches) -> impl Iterator<Item = &'static str> {
    COMMANDS
        .iter()
        .filter(move |spec| switches.allow(spec))
        .map(|spec| spec.name)
}

/// True when `name` is a supported command.
#[must_use]
pub fn is_known(name: &str, switches: Switches) -> bool {
    lookup(name.as_bytes(), switches).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names are unique and follow GTP's naming (no spaces, lower case).
    #[test]
    fn table_is_well_formed() {
        let all = Switches { kgs_chat: true };
        let mut names: Vec<_> = command_names(all).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
        for name in command_names(all) {
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_' || b == b'-'),
                "{name}"
            );
            assert!(is_known(name, all));
        }
        assert!(!is_known("Play", all));
        assert!(!is_known("frobnicate", all));
        // Switched-off commands do not exist.
        let none = Switches::default();
        assert!(is_known("kgs-chat", all));
        assert!(!is_known("kgs-chat", none));
        assert!(!command_names(none).any(|n| n == "kgs-chat"));
        assert_eq!(
            parse_command(b"kgs-chat", b" game bob hi", none),
            Err(GtpError::UnknownCommand)
        );
        assert_eq!(
            parse_command(b"kgs-chat", b" private bob hi there", all),
            Ok(Command::KgsChat("hi there".into()))
        );
    }

    /// Names dispatch to their own parsers.
    #[test]
    fn parse_known_answers() {
        assert_eq!(
            parse_command(b"genmove", b" w", Switches::default()),
            Ok(Command::Genmove(Color::White))
        );
        assert_eq!(
            parse_command(b"genmove", b"", Switches::default()),
            Err(GtpError::Syntax)
        );
        assert_eq!(
            parse_command(b"gen_move", b" w", Switches::default()),
            Err(GtpError::UnknownCommand)
        );
        assert_eq!(
            parse_command(b"boardsize", b" 19", Switches::default()),
            Ok(Command::Boardsize(19))
        );
        assert_eq!(
            parse_command(b"quit", b" now", Switches::default()),
            Err(GtpError::Syntax)
        );
    }
}
