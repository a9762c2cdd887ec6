//! Clocks over GTP: KataGo's `kata-list_time_settings` and every
//! `kata-time_settings` form, bad settings refused with the previous ones
//! kept in force (read back through `tengen-clock`), and long games under
//! each system with `time_left` sent before every move as kgsGtp and
//! gtp2ogs send it, on a scripted server clock (no wall-clock
//! assertions: the server charges each move the budget the engine reports
//! plus a fixed latency).

use tengen::gtp::{self, Engine, EngineOptions};

/// A fresh engine: seeded, and a small playout cap so that the moves of
/// the simulated games are fast whatever the clock allows.
fn engine() -> Engine {
    Engine::new(&EngineOptions {
        seed: Some(1),
        playouts: Some(200),
        size: 9,
        ..EngineOptions::default()
    })
}

/// Sends `commands` to `engine`, one response body per command (`=`/`?`
/// kept as the first character).
fn send(engine: &mut Engine, commands: &[&str]) -> Vec<String> {
    let input: String = commands.iter().map(|c| format!("{c}\n")).collect();
    let mut out = Vec::new();
    gtp::run(std::io::Cursor::new(input.into_bytes()), &mut out, engine).unwrap();
    let out = String::from_utf8(out).unwrap();
    out.split_terminator("\n\n").map(str::to_string).collect()
}

/// The one response to `command`.
fn ask(engine: &mut Engine, command: &str) -> String {
    send(engine, &[command]).remove(0)
}

/// `tengen-clock`'s budget for `color` ("black" or "white"), in seconds.
fn budget(engine: &mut Engine, color: &str) -> f64 {
    let clock = ask(engine, "tengen-clock");
    let line = clock
        .lines()
        .find(|l| l.trim_start_matches("= ").starts_with(color))
        .unwrap_or_else(|| panic!("{clock}"));
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

/// The systems are listed, as gtp2ogs looks for them, and every form is
/// accepted and read back in the same words.
#[test]
fn kata_time_settings_forms() {
    let mut e = engine();
    let list = ask(&mut e, "kata-list_time_settings");
    assert_eq!(
        list,
        "= none absolute byoyomi canadian fischer fischer-capped"
    );
    for name in [
        "kata-list_time_settings",
        "kata-time_settings",
        "tengen-clock",
    ] {
        assert_eq!(ask(&mut e, &format!("known_command {name}")), "= true");
        assert!(ask(&mut e, "list_commands").lines().any(|l| l == name));
    }
    for (form, shown) in [
        ("none", "none"),
        ("absolute 600", "absolute 600"),
        ("absolute 0.5", "absolute 0.5"),
        ("byoyomi 0 1 5", "byoyomi 0 1 5"),
        ("BYOYOMI 600 30 5", "byoyomi 600 30 5"),
        ("byoyomi 300 30 0", "absolute 300"),
        ("canadian 600 300 25", "canadian 600 300 25"),
        ("canadian 0 1 1", "canadian 0 1 1"),
        ("fischer 300 10", "fischer 300 10"),
        ("fischer 0.5 0.25", "fischer 0.5 0.25"),
        (
            "fischer-capped 300 10 600 60",
            "fischer-capped 300 10 600 60",
        ),
        ("fischer-capped 300 10 -1 -1", "fischer 300 10"),
        ("fischer-capped 300 10 -1 30", "fischer-capped 300 10 -1 30"),
    ] {
        let answers = send(
            &mut e,
            &[&format!("kata-time_settings {form}"), "tengen-clock"],
        );
        assert_eq!(answers[0], "= ", "{form}");
        assert!(
            answers[1].starts_with(&format!("= system {shown}\n")),
            "{form}: {}",
            answers[1]
        );
    }
    // KGS's command takes KGS's systems only.
    assert_eq!(ask(&mut e, "kgs-time_settings byoyomi 0 1 5"), "= ");
    assert_eq!(
        ask(&mut e, "kgs-time_settings fischer 300 10"),
        "? syntax error"
    );
}

/// Negative, non-finite or absurd times, fractional stones, unknown
/// systems, wrong argument counts and resign thresholds outside 0–1 get
/// `? syntax error`, and the settings and time left before stay in force.
#[test]
fn bad_settings_keep_the_previous_ones() {
    let mut e = engine();
    let setup = send(
        &mut e,
        &[
            "kata-time_settings byoyomi 10 1 5",
            "time_left b 0.8 3",
            "time_left w 7 0",
            "tengen-search_param resign_threshold 0.1",
        ],
    );
    assert!(setup.iter().all(|a| a == "= "), "{setup:?}");
    let before = ask(&mut e, "tengen-clock");
    assert_eq!(
        before,
        "= system byoyomi 10 1 5\nblack 0.800 3 budget 0.470\nwhite 7.000 0 budget 0.883"
    );
    let params = ask(&mut e, "tengen-search_param");
    for bad in [
        "kata-time_settings byoyomi -1 1 5",
        "kata-time_settings byoyomi 10 1 2.5",
        "kata-time_settings absolute nan",
        "kata-time_settings absolute inf",
        "kata-time_settings absolute 1e300",
        "kata-time_settings fischer 300",
        "kata-time_settings fischer 300 -2",
        "kata-time_settings fischer-capped 300 10 200 30",
        "kata-time_settings hourglass 60",
        "kata-time_settings",
        "kgs-time_settings fischer 300 10",
        "time_settings 1e12 0 0",
        "time_settings 300 -30 5",
        "time_settings 300 30 2.5",
        "time_left b inf 0",
        "time_left b 1e300 0",
        "time_left b 5 1.5",
        "time_left b nan 0",
        "tengen-search_param resign_threshold 1.5",
        "tengen-search_param resign_threshold -0.1",
        "tengen-search_param resign_threshold nan",
        "tengen-search_param resign_moves 0",
    ] {
        assert_eq!(ask(&mut e, bad), "? syntax error", "{bad}");
        assert_eq!(ask(&mut e, "tengen-clock"), before, "after {bad}");
        assert_eq!(ask(&mut e, "tengen-search_param"), params, "after {bad}");
    }
}

/// One player's clock on a server that sends `time_left` before each
/// move: main time, then Canadian or Japanese periods, or Fischer.
#[derive(Clone)]
struct Server {
    kind: &'static str,
    main: f64,
    period: f64,
    count: u32,
    increment: f64,
    seconds: f64,
    stones: u32,
    overtime: bool,
}

impl Server {
    fn new(kind: &'static str, main: f64, period: f64, count: u32, increment: f64) -> Server {
        let mut s = Server {
            kind,
            main,
            period,
            count,
            increment,
            seconds: main,
            stones: 0,
            overtime: false,
        };
        if main <= 0.0 && matches!(kind, "byoyomi" | "canadian") {
            s.enter_overtime();
        }
        s
    }

    fn enter_overtime(&mut self) {
        self.overtime = true;
        self.seconds = self.period;
        self.stones = self.count;
    }

    /// The settings command.
    fn settings(&self) -> String {
        match self.kind {
            "absolute" => format!("kata-time_settings absolute {}", self.main),
            "fischer" => format!(
                "kata-time_settings fischer {} {}",
                self.main, self.increment
            ),
            kind => format!(
                "kata-time_settings {kind} {} {} {}",
                self.main, self.period, self.count
            ),
        }
    }

    /// `time_left` as kgsGtp and gtp2ogs send it: STONES 0 in main time;
    /// in overtime the stones left (Canadian) or periods left (byo-yomi).
    fn time_left(&self, color: &str) -> String {
        let stones = if self.overtime { self.stones } else { 0 };
        format!("time_left {color} {:.3} {stones}", self.seconds)
    }

    /// Charges a move of `t` seconds; false on a loss on time.
    fn charge(&mut self, mut t: f64) -> bool {
        if !self.overtime {
            if self.kind == "fischer" {
                self.seconds -= t;
                let ok = self.seconds >= 0.0;
                self.seconds += self.increment;
                return ok;
            }
            if t <= self.seconds {
                self.seconds -= t;
                return true;
            }
            if self.kind == "absolute" {
                return false;
            }
            t -= self.seconds;
            self.enter_overtime();
        }
        if self.kind == "canadian" {
            self.seconds -= t;
            if self.seconds < 0.0 {
                return false;
            }
            self.stones -= 1;
            if self.stones == 0 {
                self.enter_overtime();
            }
            return true;
        }
        while t > self.period {
            t -= self.period;
            self.stones -= 1;
            if self.stones == 0 {
                return false;
            }
        }
        self.seconds = self.period;
        true
    }
}

/// Simulated latency beyond the budget per move.
const LATENCY: f64 = 0.1;

/// Long 9x9 games (Tengen playing both colours, 120 moves each) under
/// every system: never a loss on time, and in byo-yomi, once main time
/// is gone, each move may take more than half a period.
#[test]
fn long_games_lose_no_time() {
    let systems = [
        Server::new("byoyomi", 0.0, 1.0, 5, 0.0),
        Server::new("byoyomi", 5.0, 1.0, 1, 0.0),
        Server::new("canadian", 0.0, 1.0, 1, 0.0),
        Server::new("canadian", 10.0, 5.0, 5, 0.0),
        Server::new("fischer", 1.0, 0.5, 0, 0.5),
        Server::new("absolute", 60.0, 0.0, 0, 0.0),
    ];
    for template in systems {
        let mut e = engine();
        let settings = template.settings();
        assert_eq!(send(&mut e, &["boardsize 9", &settings]), ["= ", "= "]);
        let server = Server::new(
            template.kind,
            template.main,
            template.period,
            template.count,
            template.increment,
        );
        let mut clocks = [server.clone(), server];
        for n in 0..240 {
            let (color, clock) = if n % 2 == 0 {
                ("black", &mut clocks[0])
            } else {
                ("white", &mut clocks[1])
            };
            assert_eq!(ask(&mut e, &clock.time_left(color)), "= ");
            let b = budget(&mut e, color);
            if clock.overtime && clock.kind == "byoyomi" {
                assert!(
                    b > clock.period / 2.0 * 0.9 && b < clock.period,
                    "{settings}: {b}"
                );
            }
            assert!(
                clock.charge(b + LATENCY),
                "{settings}: {color} lost on time at move {n} (budget {b})"
            );
            // Moves go on (passes once the game is over: the clock is
            // what is tested; 200 playouts never resign).
            let mv = ask(&mut e, &format!("genmove {color}"));
            assert!(mv.starts_with("= ") && mv != "= resign", "{mv}");
        }
    }
}
