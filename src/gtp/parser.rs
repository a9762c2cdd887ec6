//! The GTP grammar, one nom function per grammar item (GTP v2 draft 2,
//! sections 2.5–2.6 and 5). nom's types stay inside this module: callers get
//! [`Option`]/[`GtpError`].
//!
//! Input is bytes, never `str`, so invalid UTF-8 cannot fail the loop.

use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{all_consuming, eof, map, map_res, opt, peek, value, verify};
use nom::multi::many1;
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

use super::error::GtpError;
use crate::board::{Move, Point};
use crate::color::Color;
use crate::mcts::time::{MAX_STONES, MAX_TIME_SECONDS, TimeSystem};
use crate::rules::Rules;
use crate::rules::score::PointOwner;
use crate::rules::status::StoneStatus;

type PResult<'a, O> = IResult<&'a [u8], O>;

/// Largest GTP `int`: 2^31 − 1.
const MAX_INT: u32 = i32::MAX as u32;

/// Spec §3.1, preprocessing of one input line (without its LF):
/// 1. remove all control characters except HT (CR included);
/// 2. cut the line at the first `#`;
/// 3. convert HT to space;
/// 4. lines that are then empty or white space only are skipped (`None`).
///
/// Surrounding spaces are trimmed too, which does not change the meaning.
#[must_use]
pub fn preprocess(line: &[u8]) -> Option<Vec<u8>> {
    let mut out: Vec<u8> = line
        .iter()
        .copied()
        .filter(|&b| b == b'\t' || !(b < 32 || b == 127))
        .take_while(|&b| b != b'#')
        .map(|b| if b == b'\t' { b' ' } else { b })
        .collect();
    let end = out.iter().rposition(|&b| b != b' ')? + 1;
    out.truncate(end);
    let start = out.iter().position(|&b| b != b' ').unwrap_or(0);
    out.drain(..start);
    Some(out)
}

/// A command line split into its parts: `[id] command_name [arguments]`.
#[derive(Debug, PartialEq, Eq)]
pub struct CommandLine<'a> {
    /// The id, as the digits given, echoed in the response.
    pub id: Option<String>,
    /// The command name (may be empty when the line holds only an id).
    pub name: &'a [u8],
    /// Everything after the name, leading spaces included.
    pub args: &'a [u8],
}

/// `id`: an optional unsigned integer before the command name.
fn id(i: &[u8]) -> PResult<'_, String> {
    map(terminated(digit1, alt((space1, eof))), |d: &[u8]| {
        String::from_utf8_lossy(d).into_owned()
    })
    .parse(i)
}

/// A whitespace-free token (command names, strings, file names).
fn token(i: &[u8]) -> PResult<'_, &[u8]> {
    take_while1(|b| b != b' ').parse(i)
}

/// `command_line := [id] command_name [arguments]`, on a preprocessed line.
#[must_use]
pub fn command_line(line: &[u8]) -> CommandLine<'_> {
    let (rest, id) = match opt(id).parse(line) {
        Ok(ok) => ok,
        Err(_) => (line, None),
    };
    let (args, name) = match token(rest) {
        Ok(ok) => ok,
        Err(_) => (rest, &rest[..0]),
    };
    CommandLine { id, name, args }
}

/// The end of a token: a space or the end of input (not consumed).
fn token_end(i: &[u8]) -> PResult<'_, ()> {
    value((), peek(alt((space1, eof)))).parse(i)
}

/// `int`: an unsigned integer 0 … 2^31−1.
fn int(i: &[u8]) -> PResult<'_, u32> {
    verify(
        map_res(terminated(digit1, token_end), |d: &[u8]| {
            std::str::from_utf8(d)
                .map_err(|_| ())
                .and_then(|s| s.parse::<u32>().map_err(|_| ()))
        }),
        |&n| n <= MAX_INT,
    )
    .parse(i)
}

/// `float`: a finite decimal number such as `6.5`, `-0.5` or `7`.
fn float(i: &[u8]) -> PResult<'_, f64> {
    map_res(token, |t: &[u8]| {
        let ok = t.iter().all(|b| b.is_ascii_digit() || b"+-.eE".contains(b));
        std::str::from_utf8(t)
            .ok()
            .filter(|_| ok)
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|f| f.is_finite())
            .ok_or(())
    })
    .parse(i)
}

/// `color`: `b`, `black`, `w` or `white`, in any case.
fn color(i: &[u8]) -> PResult<'_, Color> {
    terminated(
        alt((
            value(Color::Black, tag_no_case("black")),
            value(Color::White, tag_no_case("white")),
            value(Color::Black, tag_no_case("b")),
            value(Color::White, tag_no_case("w")),
        )),
        token_end,
    )
    .parse(i)
}

/// A token read by the board layer's vertex notation (see
/// [`crate::board::vertex`]): a column letter `A`…`Z` without `I` and a row
/// number 1…25 counted from the bottom, in any case. Whether the point is on
/// the board is checked by the caller.
fn vertex_token<T: FromStr>(i: &[u8]) -> PResult<'_, T> {
    map_res(token, |t: &[u8]| {
        std::str::from_utf8(t)
            .map_err(|_| ())
            .and_then(|s| s.parse::<T>().map_err(|_| ()))
    })
    .parse(i)
}

/// A board point: a vertex that is not `pass`.
fn point(i: &[u8]) -> PResult<'_, Point> {
    vertex_token(i)
}

/// `vertex`: a board point or `pass` (any case).
fn vertex(i: &[u8]) -> PResult<'_, Move> {
    vertex_token(i)
}

/// `move`: a colour and a vertex.
fn mv(i: &[u8]) -> PResult<'_, (Color, Move)> {
    (color, preceded(space1, vertex)).parse(i)
}

/// Parses the arguments of a command: `parser` after optional leading
/// spaces, then optional trailing spaces, then nothing else.
fn args<'a, O>(
    input: &'a [u8],
    parser: impl Parser<&'a [u8], Output = O, Error = nom::error::Error<&'a [u8]>>,
) -> Result<O, GtpError> {
    all_consuming(terminated(preceded(space0, parser), space0))
        .parse(input)
        .map(|(_, o)| o)
        .map_err(|_| GtpError::Syntax)
}

/// No arguments.
pub(crate) fn no_args(i: &[u8]) -> Result<(), GtpError> {
    args(i, space0).map(|_| ())
}

/// One `int`.
pub(crate) fn one_int(i: &[u8]) -> Result<u32, GtpError> {
    args(i, int)
}

/// One `float`.
pub(crate) fn one_float(i: &[u8]) -> Result<f64, GtpError> {
    args(i, float)
}

/// One `color`.
pub(crate) fn one_color(i: &[u8]) -> Result<Color, GtpError> {
    args(i, color)
}

/// One `move`.
pub(crate) fn one_move(i: &[u8]) -> Result<(Color, Move), GtpError> {
    args(i, mv)
}

/// One `string`.
pub(crate) fn one_string(i: &[u8]) -> Result<String, GtpError> {
    args(i, token).map(|t| String::from_utf8_lossy(t).into_owned())
}

/// An optional `string`.
pub(crate) fn opt_string(i: &[u8]) -> Result<Option<String>, GtpError> {
    args(i, opt(token)).map(|t| t.map(|t| String::from_utf8_lossy(t).into_owned()))
}

/// An optional `int`, ignored by the caller (GNU Go's `final_score
/// [seed]`).
pub(crate) fn opt_int(i: &[u8]) -> Result<Option<u32>, GtpError> {
    args(i, opt(int))
}

/// One vertex that is not `pass`.
pub(crate) fn one_point(i: &[u8]) -> Result<Point, GtpError> {
    args(i, point)
}

/// A vertex that is not `pass`, then an optional `color`:
/// `tengen-status vertex [color]`.
pub(crate) fn point_opt_color(i: &[u8]) -> Result<(Point, Option<Color>), GtpError> {
    args(i, (point, opt(preceded(space1, color))))
}

/// A rule set by name (`kgs-rules`, `kata-set-rules`): any name
/// [`Rules`] parses, else [`GtpError::UnknownRules`].
pub(crate) fn rules_name(i: &[u8]) -> Result<Rules, GtpError> {
    one_string(i)?
        .parse::<Rules>()
        .map_err(|_| GtpError::UnknownRules)
}

/// What `final_status_list` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusList {
    /// The chains of this status (`alive`, `dead`, `seki`), one per line.
    Stones(StoneStatus),
    /// The empty points counted as this (`black_territory`,
    /// `white_territory`, `dame`), on one line.
    Points(PointOwner),
}

/// The `final_status_list` argument, in any case.
pub(crate) fn status_list(i: &[u8]) -> Result<StatusList, GtpError> {
    match one_string(i)?.to_ascii_lowercase().as_str() {
        "alive" => Ok(StatusList::Stones(StoneStatus::Alive)),
        "dead" => Ok(StatusList::Stones(StoneStatus::Dead)),
        "seki" => Ok(StatusList::Stones(StoneStatus::Seki)),
        "black_territory" => Ok(StatusList::Points(PointOwner::Territory(Color::Black))),
        "white_territory" => Ok(StatusList::Points(PointOwner::Territory(Color::White))),
        "dame" => Ok(StatusList::Points(PointOwner::Dame)),
        _ => Err(GtpError::Syntax),
    }
}

/// Analysis interval when none is given, in centiseconds.
const DEFAULT_ANALYZE_INTERVAL: u32 = 100;

/// The arguments of the analysis commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeArgs {
    /// The colour to analyse for (the side to move when absent).
    pub color: Option<Color>,
    /// Centiseconds between reports.
    pub interval: u32,
    /// KataGo's `ownership true`: append the ownership grid.
    pub ownership: bool,
}

/// Analysis arguments, Leela Zero / KataGo style: an optional colour, an
/// optional interval in centiseconds (bare or after `interval`), then
/// `key value` options, of which `ownership true` is used and the rest
/// (`avoid`, `allow`, `minmoves`, `rootInfo`, …) are skipped. Interval
/// default: 100 (one second).
pub(crate) fn analyze_args(i: &[u8]) -> Result<AnalyzeArgs, GtpError> {
    let tokens: Vec<&[u8]> = i.split(|&b| b == b' ').filter(|t| !t.is_empty()).collect();
    let mut rest = &tokens[..];
    let color = match rest.first().map(|t| color(t)) {
        Some(Ok((b"", c))) => {
            rest = &rest[1..];
            Some(c)
        }
        _ => None,
    };
    if rest.first() == Some(&&b"interval"[..]) {
        rest = &rest[1..];
    }
    let interval = match rest.first().map(|t| int(t)) {
        Some(Ok((b"", n))) => n,
        _ => DEFAULT_ANALYZE_INTERVAL,
    };
    let ownership = rest
        .windows(2)
        .any(|kv| kv[0].eq_ignore_ascii_case(b"ownership") && kv[1].eq_ignore_ascii_case(b"true"));
    Ok(AnalyzeArgs {
        color,
        interval,
        ownership,
    })
}

/// `kgs-chat (game|private) name message…`: the message (the rest of the
/// line, which may hold spaces).
pub(crate) fn chat(i: &[u8]) -> Result<String, GtpError> {
    let tokens: Vec<&[u8]> = i.split(|&b| b == b' ').filter(|t| !t.is_empty()).collect();
    match tokens.as_slice() {
        [kind, _name, message @ ..]
            if !message.is_empty()
                && (kind.eq_ignore_ascii_case(b"game")
                    || kind.eq_ignore_ascii_case(b"private")) =>
        {
            let words: Vec<String> = message
                .iter()
                .map(|w| String::from_utf8_lossy(w).into_owned())
                .collect();
            Ok(words.join(" "))
        }
        _ => Err(GtpError::Syntax),
    }
}

/// `move*` with at least one entry: `B D4 W Q16 …`.
pub(crate) fn move_list(i: &[u8]) -> Result<Vec<(Color, Move)>, GtpError> {
    args(i, many1(terminated(mv, space0)))
}

/// Nothing, or a key and a value (GoGui's `param` commands).
pub(crate) fn key_value(i: &[u8]) -> Result<Option<(String, String)>, GtpError> {
    let text = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
    args(i, opt((token, preceded(space1, token)))).map(|kv| kv.map(|(k, v)| (text(k), text(v))))
}

/// `vertex*` with at least one entry.
pub(crate) fn vertex_list(i: &[u8]) -> Result<Vec<Move>, GtpError> {
    args(i, many1(terminated(vertex, space0)))
}

/// `string [int]`: `loadsgf filename [move_number]`.
pub(crate) fn string_opt_int(i: &[u8]) -> Result<(String, Option<u32>), GtpError> {
    args(i, (token, opt(preceded(space1, int))))
        .map(|(t, n)| (String::from_utf8_lossy(t).into_owned(), n))
}

/// A time in seconds: finite, at least 0, at most [`MAX_TIME_SECONDS`].
fn is_time(t: f64) -> bool {
    (0.0..=MAX_TIME_SECONDS).contains(&t)
}

/// A count of stones or periods: a whole number 0 … [`MAX_STONES`].
fn count(n: f64) -> Option<u32> {
    ((0.0..=MAX_STONES).contains(&n) && n.fract() == 0.0).then_some(n as u32)
}

/// `time_settings main_time byo_yomi_time byo_yomi_stones`: two times
/// and a whole number of stones (decimal times are accepted).
pub(crate) fn time_settings_args(i: &[u8]) -> Result<(f64, f64, u32), GtpError> {
    let (main, byo_time, stones) =
        args(i, (float, preceded(space1, float), preceded(space1, float)))?;
    match count(stones) {
        Some(stones) if is_time(main) && is_time(byo_time) => Ok((main, byo_time, stones)),
        _ => Err(GtpError::Syntax),
    }
}

/// `time_left color time stones`. A negative time or stone count is
/// accepted and clamped by the caller (bridges send them); a time beyond
/// [`MAX_TIME_SECONDS`] or a fractional stone count is a syntax error.
pub(crate) fn time_left_args(i: &[u8]) -> Result<(Color, f64, f64), GtpError> {
    let (c, t, s) = args(i, (color, preceded(space1, float), preceded(space1, float)))?;
    if t > MAX_TIME_SECONDS || count(s.max(0.0)).is_none() {
        return Err(GtpError::Syntax);
    }
    Ok((c, t, s))
}

/// Which command's time systems [`time_system`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TimeDialect {
    /// `kgs-time_settings`: `none`, `absolute`, `canadian`, `byoyomi`.
    Kgs,
    /// `kata-time_settings`: KGS's systems and `fischer`,
    /// `fischer-capped`.
    KataGo,
}

/// The systems `kata-list_time_settings` names, as `kata-time_settings`
/// reads them.
pub const KATA_TIME_SYSTEMS: &str = "none absolute byoyomi canadian fischer fischer-capped";

/// `kgs-time_settings` / `kata-time_settings` arguments, as KGS and
/// KataGo define them (times in seconds, decimals allowed):
/// - `none`;
/// - `absolute MAIN`;
/// - `canadian MAIN PERIOD STONES` (`STONES` 0: no limit when `PERIOD`
///   is above 0, else absolute, as `time_settings` reads it);
/// - `byoyomi MAIN PERIOD PERIODS` (`PERIODS` 0: absolute);
/// - KataGo only: `fischer MAIN INCREMENT` and
///   `fischer-capped MAIN INCREMENT MAIN_LIMIT MAX_PER_MOVE`, where a
///   negative limit is no limit and a main limit below `MAIN` is refused.
///
/// The system's name in any case; anything else is a syntax error.
pub(crate) fn time_system(i: &[u8], dialect: TimeDialect) -> Result<TimeSystem, GtpError> {
    let (word, numbers) = args(i, (token, many_numbers(float)))?;
    let word = String::from_utf8_lossy(word).to_ascii_lowercase();
    let times = |n: &[f64]| n.iter().all(|&t| is_time(t));
    let kata = dialect == TimeDialect::KataGo;
    let system = match (word.as_str(), numbers.as_slice()) {
        ("none", []) => TimeSystem::Unlimited,
        ("absolute", &[main]) if times(&[main]) => TimeSystem::Absolute { main },
        ("canadian", &[main, period, stones]) if times(&[main, period]) => {
            TimeSystem::from_gtp(main, period, count(stones).ok_or(GtpError::Syntax)?)
        }
        ("byoyomi", &[main, period, periods]) if times(&[main, period]) => {
            TimeSystem::byo_yomi(main, period, count(periods).ok_or(GtpError::Syntax)?)
        }
        ("fischer", &[main, increment]) if kata && times(&[main, increment]) => {
            TimeSystem::Fischer {
                main,
                increment,
                main_cap: None,
                max_per_move: None,
            }
        }
        ("fischer-capped", &[main, increment, main_cap, max_per_move])
            if kata
                && times(&[main, increment])
                && main_cap <= MAX_TIME_SECONDS
                && max_per_move <= MAX_TIME_SECONDS =>
        {
            let main_cap = (main_cap >= 0.0).then_some(main_cap);
            if main_cap.is_some_and(|cap| cap < main) {
                return Err(GtpError::Syntax);
            }
            TimeSystem::Fischer {
                main,
                increment,
                main_cap,
                max_per_move: (max_per_move >= 0.0).then_some(max_per_move),
            }
        }
        _ => return Err(GtpError::Syntax),
    };
    Ok(system)
}

fn many_numbers<'a>(
    number: impl Parser<&'a [u8], Output = f64, Error = nom::error::Error<&'a [u8]>>,
) -> impl Parser<&'a [u8], Output = Vec<f64>, Error = nom::error::Error<&'a [u8]>> {
    nom::multi::many0(preceded(space1, number))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::v;

    /// Known answers for preprocessing (spec §3.1).
    #[test]
    fn preprocess_known_answers() {
        let cases: &[(&[u8], Option<&[u8]>)] = &[
            (b"play b d4", Some(b"play b d4")),
            (b"play\tb\td4\r", Some(b"play b d4")),
            (b"  # a comment", None),
            (b"", None),
            (b" \t \r", None),
            (b"genmove b # why not", Some(b"genmove b")),
            (b"na\x01me\x7f", Some(b"name")),
            (b"\xff\xfename", Some(b"\xff\xfename")),
        ];
        for (input, want) in cases {
            assert_eq!(
                preprocess(input).as_deref(),
                *want,
                "{:?}",
                String::from_utf8_lossy(input)
            );
        }
    }

    /// Known answers for splitting a command line.
    #[test]
    fn command_line_known_answers() {
        let c = command_line(b"12 play b d4");
        assert_eq!(
            (c.id.as_deref(), c.name, c.args),
            (Some("12"), &b"play"[..], &b" b d4"[..])
        );
        let c = command_line(b"name");
        assert_eq!((c.id, c.name, c.args), (None, &b"name"[..], &b""[..]));
        let c = command_line(b"7");
        assert_eq!((c.id.as_deref(), c.name), (Some("7"), &b""[..]));
        let c = command_line(b"7name");
        assert_eq!((c.id, c.name), (None, &b"7name"[..]));
        let c = command_line(b"3   boardsize    9");
        assert_eq!(
            (c.id.as_deref(), c.name, c.args),
            (Some("3"), &b"boardsize"[..], &b"    9"[..])
        );
    }

    /// Colours and vertices in any case; `I` is skipped; `pass` is a vertex.
    #[test]
    fn moves_known_answers() {
        assert_eq!(one_move(b" B D4"), Ok((Color::Black, Move::Play(v("D4")))));
        assert_eq!(
            one_move(b" white j9"),
            Ok((Color::White, Move::Play(v("J9"))))
        );
        assert_eq!(one_move(b" w PASS"), Ok((Color::White, Move::Pass)));
        assert_eq!(one_move(b" BLACK Pass "), Ok((Color::Black, Move::Pass)));
        assert_eq!(
            one_move(b" b z25"),
            Ok((Color::Black, Move::Play(v("Z25"))))
        );
        for bad in [
            &b" b i5"[..],
            b" b a0",
            b" b a26",
            b" x d4",
            b" b d4 e5",
            b" b",
            b" bl d4",
            b" b d",
            b" b 4d",
            b" b aa1",
            b" b resign",
            b" b d4x",
        ] {
            assert_eq!(
                one_move(bad),
                Err(GtpError::Syntax),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    /// Numbers: ints are unsigned and below 2^31; floats are finite.
    #[test]
    fn numbers_known_answers() {
        assert_eq!(one_int(b" 19"), Ok(19));
        assert_eq!(one_int(b" 2147483647"), Ok(2_147_483_647));
        assert_eq!(one_int(b" 2147483648"), Err(GtpError::Syntax));
        assert_eq!(one_int(b" -1"), Err(GtpError::Syntax));
        assert_eq!(one_int(b" 9x"), Err(GtpError::Syntax));
        assert_eq!(one_int(b""), Err(GtpError::Syntax));
        assert_eq!(one_float(b" 6.5"), Ok(6.5));
        assert_eq!(one_float(b" -0.5"), Ok(-0.5));
        assert_eq!(one_float(b" 7"), Ok(7.0));
        for bad in [&b" nan"[..], b" inf", b" 1e999", b" 6,5", b" 0x10", b""] {
            assert_eq!(
                one_float(bad),
                Err(GtpError::Syntax),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    /// Vertex lists, optional arguments and mixed argument lists.
    #[test]
    fn argument_lists() {
        assert_eq!(
            vertex_list(b" c3 g7"),
            Ok(vec![Move::Play(v("C3")), Move::Play(v("G7"))])
        );
        assert_eq!(vertex_list(b""), Err(GtpError::Syntax));
        assert_eq!(no_args(b"  "), Ok(()));
        assert_eq!(no_args(b" x"), Err(GtpError::Syntax));
        assert_eq!(string_opt_int(b" a.sgf 12"), Ok(("a.sgf".into(), Some(12))));
        assert_eq!(string_opt_int(b" a.sgf"), Ok(("a.sgf".into(), None)));
        assert_eq!(time_settings_args(b" 300 30 5"), Ok((300.0, 30.0, 5)));
        assert_eq!(time_settings_args(b" 300 -30 5"), Err(GtpError::Syntax));
        assert_eq!(time_left_args(b" b -3 0"), Ok((Color::Black, -3.0, 0.0)));
        assert_eq!(opt_string(b" f.sgf"), Ok(Some("f.sgf".into())));
        let args = |color, interval, ownership| {
            Ok(AnalyzeArgs {
                color,
                interval,
                ownership,
            })
        };
        assert_eq!(analyze_args(b" B 50"), args(Some(Color::Black), 50, false));
        assert_eq!(analyze_args(b" 25"), args(None, 25, false));
        assert_eq!(
            analyze_args(b" w interval 10 avoid b q16 1"),
            args(Some(Color::White), 10, false)
        );
        assert_eq!(analyze_args(b""), args(None, 100, false));
        assert_eq!(
            analyze_args(b" b 20 rootInfo true ownership true"),
            args(Some(Color::Black), 20, true)
        );
        assert_eq!(analyze_args(b" 20 ownership false"), args(None, 20, false));
        assert_eq!(
            move_list(b" B d4 w PASS"),
            Ok(vec![
                (Color::Black, Move::Play(v("D4"))),
                (Color::White, Move::Pass)
            ])
        );
        assert_eq!(move_list(b" B d4 w"), Err(GtpError::Syntax));
    }

    /// Time settings: KGS's and KataGo's systems with their arguments;
    /// negative, non-finite or absurd times, fractional stone counts,
    /// unknown systems and wrong argument counts are syntax errors.
    #[test]
    fn time_systems_known_answers() {
        use TimeDialect::{KataGo, Kgs};
        let ok = |text: &[u8], dialect| time_system(text, dialect);
        assert_eq!(ok(b" none", Kgs), Ok(TimeSystem::Unlimited));
        assert_eq!(
            ok(b" Absolute 600", KataGo),
            Ok(TimeSystem::Absolute { main: 600.0 })
        );
        assert_eq!(
            ok(b" byoyomi 0 1 5", KataGo),
            Ok(TimeSystem::ByoYomi {
                main: 0.0,
                period: 1.0,
                periods: 5
            })
        );
        assert_eq!(
            ok(b" byoyomi 60 10 0", Kgs),
            Ok(TimeSystem::Absolute { main: 60.0 })
        );
        assert_eq!(
            ok(b" canadian 600 30.5 10", Kgs),
            Ok(TimeSystem::Canadian {
                main: 600.0,
                period: 30.5,
                stones: 10
            })
        );
        assert_eq!(
            ok(b" fischer 300 2.5", KataGo),
            Ok(TimeSystem::Fischer {
                main: 300.0,
                increment: 2.5,
                main_cap: None,
                max_per_move: None
            })
        );
        assert_eq!(
            ok(b" fischer-capped 300 5 600 -1", KataGo),
            Ok(TimeSystem::Fischer {
                main: 300.0,
                increment: 5.0,
                main_cap: Some(600.0),
                max_per_move: None
            })
        );
        assert_eq!(
            ok(b" fischer-capped 300 5 -1 30", KataGo),
            Ok(TimeSystem::Fischer {
                main: 300.0,
                increment: 5.0,
                main_cap: None,
                max_per_move: Some(30.0)
            })
        );
        for (bad, dialect) in [
            (&b" fischer 300 5"[..], Kgs),
            (b" fischer-capped 300 5 600 30", Kgs),
            (b" fischer 300", KataGo),
            (b" fischer 300 -5", KataGo),
            (b" fischer-capped 300 5 200 30", KataGo),
            (b" fischer-capped 300 5 600", KataGo),
            (b" absolute -1", KataGo),
            (b" absolute nan", KataGo),
            (b" absolute inf", KataGo),
            (b" absolute 1e300", KataGo),
            (b" absolute 3e9", Kgs),
            (b" byoyomi 0 1 2.5", KataGo),
            (b" byoyomi 0 1 -5", KataGo),
            (b" canadian 0 -1 5", KataGo),
            (b" hourglass 60", KataGo),
            (b" none 5", KataGo),
            (b"", KataGo),
        ] {
            assert_eq!(
                time_system(bad, dialect),
                Err(GtpError::Syntax),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
        assert_eq!(time_settings_args(b" 1e300 0 0"), Err(GtpError::Syntax));
        assert_eq!(time_settings_args(b" 60 10 1.5"), Err(GtpError::Syntax));
        assert_eq!(time_left_args(b" w 1e300 0"), Err(GtpError::Syntax));
        assert_eq!(time_left_args(b" w 10 0.5"), Err(GtpError::Syntax));
        assert_eq!(time_left_args(b" w 10 -2"), Ok((Color::White, 10.0, -2.0)));
    }

    /// `final_status_list` and rules names are typed here, with the
    /// failures the engine used to give: a syntax error for an unknown
    /// list, "unknown rules" for an unknown rule set.
    #[test]
    fn typed_words() {
        assert_eq!(
            status_list(b" DEAD"),
            Ok(StatusList::Stones(StoneStatus::Dead))
        );
        assert_eq!(
            status_list(b" black_territory "),
            Ok(StatusList::Points(PointOwner::Territory(Color::Black)))
        );
        assert_eq!(
            status_list(b" Dame"),
            Ok(StatusList::Points(PointOwner::Dame))
        );
        for bad in [&b" foo"[..], b"", b" dead seki", b" dead_"] {
            assert_eq!(status_list(bad), Err(GtpError::Syntax));
        }
        assert_eq!(rules_name(b" Tromp-Taylor"), Ok(Rules::tromp_taylor()));
        assert_eq!(rules_name(b" bogus"), Err(GtpError::UnknownRules));
        assert_eq!(rules_name(b""), Err(GtpError::Syntax));
        assert_eq!(rules_name(b" japanese chinese"), Err(GtpError::Syntax));
    }
}
