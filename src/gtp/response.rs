//! Response framing (spec §2.6–2.7) and the wire format of values:
//! vertices, GoGui's short counts, KataGo's rules JSON.

use crate::board::{Move, Point};
use crate::rules::{HandicapBonus, KoRule, Rules, Scoring};

/// Formats a response: `=[id] body` or `?[id] message`, always with the
/// space after the status and id, then an empty line. The body is cleaned
/// so that it cannot end the response early: control characters other than
/// LF are dropped, blank lines inside it are removed and trailing newlines
/// trimmed. A body starting with a newline (a diagram) starts on a fresh
/// line after `= `.
#[must_use]
pub fn frame(success: bool, id: Option<&str>, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 8);
    out.push(if success { '=' } else { '?' });
    out.push_str(id.unwrap_or(""));
    out.push(' ');
    let clean: String = body
        .chars()
        .filter(|&c| c == '\n' || !c.is_control())
        .collect();
    let mut lines = clean.split('\n');
    if let Some(first) = lines.next() {
        out.push_str(first.trim_end());
    }
    for line in lines {
        let line = line.trim_end();
        if !line.is_empty() {
            out.push('\n');
            out.push_str(line);
        }
    }
    out.push_str("\n\n");
    out
}

/// The GTP vertex of a point (`D4`): the board layer's notation.
#[must_use]
pub fn point_text(p: Point) -> String {
    p.to_string()
}

/// The GTP vertex of a move (`D4` or `pass`): the board layer's notation.
#[must_use]
pub fn move_text(mv: Move) -> String {
    mv.to_string()
}

/// A count short enough for a GoGui board label (about three characters
/// fit a point): `987`, `2.1k`, `46k`, `1.2M`.
#[must_use]
pub fn short_count(n: u32) -> String {
    let n = f64::from(n);
    match n {
        n if n < 1e3 => format!("{n}"),
        n if n < 9.95e3 => format!("{:.1}k", n / 1e3),
        n if n < 999.5e3 => format!("{:.0}k", n / 1e3),
        n if n < 9.95e6 => format!("{:.1}M", n / 1e6),
        n if n < 999.5e6 => format!("{:.0}M", n / 1e6),
        n => format!("{:.1}G", n / 1e9),
    }
}

/// The rules in KataGo's `kata-get-rules` JSON.
#[must_use]
pub fn kata_rules_json(rules: &Rules) -> String {
    let ko = match rules.ko {
        KoRule::Simple => "SIMPLE",
        KoRule::PositionalSuperko => "POSITIONAL",
        KoRule::SituationalSuperko => "SITUATIONAL",
    };
    let (scoring, tax) = match rules.scoring {
        Scoring::Territory if !rules.seki_eyes_are_territory => ("TERRITORY", "SEKI"),
        Scoring::Territory => ("TERRITORY", "NONE"),
        Scoring::Area => ("AREA", "NONE"),
    };
    let bonus = match rules.handicap_bonus {
        HandicapBonus::Zero => "0",
        HandicapBonus::NMinusOne => "N-1",
        HandicapBonus::N => "N",
    };
    format!(
        r#"{{"friendlyPassOk":{},"hasButton":false,"ko":"{ko}","scoring":"{scoring}","suicide":{},"tax":"{tax}","whiteHandicapBonus":"{bonus}"}}"#,
        !rules.all_stones_alive, rules.suicide
    )
}

#[cfg(test)]
mod tests {

    /// Labels stay within four characters across the range.
    #[test]
    fn short_counts() {
        assert_eq!(short_count(0), "0");
        assert_eq!(short_count(987), "987");
        assert_eq!(short_count(1222), "1.2k");
        assert_eq!(short_count(8458), "8.5k");
        assert_eq!(short_count(9960), "10k");
        assert_eq!(short_count(46_300), "46k");
        assert_eq!(short_count(999_400), "999k");
        assert_eq!(short_count(999_600), "1.0M");
        assert_eq!(short_count(12_345_678), "12M");
        for n in [0, 9, 999, 1000, 9999, 10_000, 123_456, 9_999_999, u32::MAX] {
            assert!(short_count(n).len() <= 4, "{n}: {}", short_count(n));
        }
    }
    use super::*;

    /// Framing known answers: ids, empty bodies, multi-line bodies, and
    /// bodies that try to smuggle blank lines or CRs.
    #[test]
    fn frame_known_answers() {
        assert_eq!(frame(true, None, ""), "= \n\n");
        assert_eq!(frame(true, Some("12"), "2"), "=12 2\n\n");
        assert_eq!(
            frame(false, Some("3"), "unknown command"),
            "?3 unknown command\n\n"
        );
        assert_eq!(frame(true, None, "a\nb"), "= a\nb\n\n");
        assert_eq!(frame(true, None, "\nrow1\nrow2\n"), "= \nrow1\nrow2\n\n");
        assert_eq!(frame(true, None, "a\n\n\nb\r\n\n"), "= a\nb\n\n");
        assert_eq!(frame(true, None, "x\x07y"), "= xy\n\n");
    }

    /// Vertices skip the letter I.
    #[test]
    fn vertex_text() {
        assert_eq!(point_text(Point::new(0, 0).unwrap()), "A1");
        assert_eq!(point_text(Point::new(8, 8).unwrap()), "J9");
        assert_eq!(point_text(Point::new(24, 24).unwrap()), "Z25");
        assert_eq!(move_text(Move::Pass), "pass");
    }
}
