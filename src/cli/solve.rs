//! `primeclimb solve`: the exact solitaire solver's answers (`src/climb/solver.rs`) on the
//! command line: expected turns from Start, a table of values, or one position with the
//! best end of the turn for every roll. Parses and validates; the numbers come from the
//! solver.

use std::fmt::Write as _;
use std::io::Write as _;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::UsageError;
use crate::climb::solver::{values, Course, Values};
use crate::climb::{Roll, GOAL, START};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The course: `climb` (both pawns to 101) or `there-and-back` (to 101, then back to 0).
    #[arg(long, value_enum, default_value_t = CourseArg::Climb)]
    pub course: CourseArg,
    /// One position, e.g. `40,77` (101 or `home` = home). On There and Back an `r` marks a
    /// pawn on its way back (`40,77r`); `0r` or `done` is a finished pawn.
    #[arg(long, value_name = "A,B", conflicts_with = "table")]
    pub state: Option<String>,
    /// Print the full table of values as CSV.
    #[arg(long, conflicts_with = "json")]
    pub table: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CourseArg {
    Climb,
    ThereAndBack,
}

impl From<CourseArg> for Course {
    fn from(c: CourseArg) -> Course {
        match c {
            CourseArg::Climb => Course::Climb,
            CourseArg::ThereAndBack => Course::ThereAndBack,
        }
    }
}

/// A pawn as the solver writes it: (space, returning).
type Pawn = (u8, bool);

/// Read one pawn of `--state`.
fn parse_pawn(course: Course, text: &str) -> Result<Pawn, UsageError> {
    let t = text.trim().to_ascii_lowercase();
    match (course, t.as_str()) {
        (Course::ThereAndBack, "done" | "finished") => return Ok((START, true)),
        (Course::Climb, "home") => return Ok((GOAL, false)),
        _ => {}
    }
    let (number, returning) = match t.strip_suffix('r') {
        Some(n) => (n, true),
        None => (t.as_str(), false),
    };
    if returning && course == Course::Climb {
        return Err(UsageError(format!(
            "--state: `{text}`: `r` (on the way back) only exists with --course there-and-back"
        )));
    }
    let space = number
        .parse::<u8>()
        .ok()
        .filter(|&s| s <= GOAL)
        .ok_or_else(|| {
            UsageError(format!(
                "--state: `{text}` is not a space (spaces are 0 to 101{})",
                if course == Course::ThereAndBack {
                    ", with `r` for a pawn on its way back"
                } else {
                    ""
                }
            ))
        })?;
    Ok((space, returning))
}

/// Read `--state A,B`.
pub fn parse_state(course: Course, text: &str) -> Result<[Pawn; 2], UsageError> {
    let parts: Vec<&str> = text.split(',').collect();
    let [a, b] = parts[..] else {
        return Err(UsageError(format!(
            "--state takes exactly two pawns, like `40,77` (got `{text}`)"
        )));
    };
    let pawns = [parse_pawn(course, a)?, parse_pawn(course, b)?];
    if shares_space(pawns[0], pawns[1]) {
        return Err(UsageError(format!(
            "--state: both pawns on {}: two pawns never share a space between turns \
             (§3.3 sends one back; only Start and 101 hold both)",
            pawns[0].0
        )));
    }
    Ok(pawns)
}

/// How a pawn is written in tables and accepted by `--state`.
pub fn label(course: Course, (space, returning): Pawn) -> String {
    match course {
        Course::Climb if space == GOAL => "home".into(),
        Course::ThereAndBack if returning && space == START => "done".into(),
        Course::ThereAndBack if returning && space != GOAL => format!("{space}r"),
        _ => space.to_string(),
    }
}

/// Every pawn of a course, in order of progress.
pub fn all_pawns(course: Course) -> Vec<Pawn> {
    match course {
        Course::Climb => (START..=GOAL).map(|s| (s, false)).collect(),
        Course::ThereAndBack => (START..GOAL)
            .map(|s| (s, false))
            .chain((START..=GOAL).rev().map(|s| (s, true)))
            .collect(),
    }
}

/// The pawns shown in the summary grid.
fn grid_pawns(course: Course) -> Vec<Pawn> {
    match course {
        Course::Climb => (0..=100)
            .step_by(10)
            .map(|s| (s, false))
            .chain([(GOAL, false)])
            .collect(),
        Course::ThereAndBack => (0..=80)
            .step_by(20)
            .map(|s| (s, false))
            .chain([(GOAL, true)])
            .chain((0..=80).rev().step_by(20).map(|s| (s, true)))
            .collect(),
    }
}

/// Two pawns on one space (not Start, not 101) never stand so between turns (§3.3).
fn shares_space(a: Pawn, b: Pawn) -> bool {
    a.0 == b.0 && a.0 != START && a.0 != GOAL
}

fn course_title(course: Course) -> &'static str {
    match course {
        Course::Climb => "Solitaire, no cards: both pawns to 101",
        Course::ThereAndBack => {
            "Solitaire, no cards, There and Back Again: both pawns to 101 and back to 0"
        }
    }
}

#[derive(Serialize)]
struct JsonGrid {
    course: String,
    from_start: f64,
    pawns: Vec<String>,
    /// `values[i][j]`: expected turns with pawns `pawns[i]` and `pawns[j]` (null where
    /// two pawns would share a space).
    values: Vec<Vec<Option<f64>>>,
}

#[derive(Serialize)]
struct JsonEnd {
    pawns: [String; 2],
    wins: bool,
    expected: f64,
}

#[derive(Serialize)]
struct JsonRoll {
    roll: [u8; 2],
    best: JsonEnd,
}

#[derive(Serialize)]
struct JsonState {
    course: String,
    pawns: [String; 2],
    expected_turns: f64,
    rolls: Vec<JsonRoll>,
}

pub fn run(args: &SolveArgs) -> Result<()> {
    let course = Course::from(args.course);
    // Validate before solving: a typo should not cost a solve.
    let state = args
        .state
        .as_deref()
        .map(|s| parse_state(course, s))
        .transpose()?;
    let v = values(course);
    let out = match state {
        Some(pawns) if args.json => serde_json::to_string(&state_json(v, pawns))? + "\n",
        Some(pawns) => state_text(v, pawns),
        None if args.table => table_csv(v),
        None if args.json => serde_json::to_string(&grid_json(v))? + "\n",
        None => summary_text(v),
    };
    // A closed pipe (`| head`) is not an error worth a panic.
    match std::io::stdout().lock().write_all(out.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => Ok(r?),
    }
}

fn value(v: &Values, a: Pawn, b: Pawn) -> f64 {
    // Every pawn listed by `all_pawns` exists on its course.
    v.get([a, b]).unwrap_or(f64::NAN)
}

/// The default output: expected turns from Start and a coarse grid of values.
pub fn summary_text(v: &Values) -> String {
    let course = v.course();
    let mut s = String::new();
    let _ = writeln!(s, "{}, best play.", course_title(course));
    let _ = writeln!(s, "Expected turns from Start: {:.6}\n", v.from_start());
    let _ = writeln!(
        s,
        "Expected turns to finish (rows: one pawn, columns: the other{}):",
        match course {
            Course::Climb => "",
            Course::ThereAndBack => "; r = on its way back, done = finished",
        }
    );
    let grid = grid_pawns(course);
    let width = 6;
    let mut head = format!("{:>width$}", "");
    for &b in &grid {
        let _ = write!(head, " {:>width$}", label(course, b));
    }
    let _ = writeln!(s, "{head}");
    for &a in &grid {
        let mut line = format!("{:>width$}", label(course, a));
        for &b in &grid {
            let cell = if shares_space(a, b) {
                "·".to_string()
            } else {
                format!("{:.2}", value(v, a, b))
            };
            let _ = write!(line, " {cell:>width$}");
        }
        let _ = writeln!(s, "{line}");
    }
    let _ = writeln!(
        s,
        "(· two pawns never share a space between turns: §3.3 sends one back.)\n\
         Full table: --table (CSV). One position, with the best play for each roll: --state A,B."
    );
    s
}

fn grid_json(v: &Values) -> JsonGrid {
    let course = v.course();
    let grid = grid_pawns(course);
    JsonGrid {
        course: course.to_string(),
        from_start: v.from_start(),
        pawns: grid.iter().map(|&p| label(course, p)).collect(),
        values: grid
            .iter()
            .map(|&a| {
                grid.iter()
                    .map(|&b| (!shares_space(a, b)).then(|| value(v, a, b)))
                    .collect()
            })
            .collect(),
    }
}

/// `--table`: every pair of pawns, as CSV (empty where two pawns would share a space).
pub fn table_csv(v: &Values) -> String {
    let course = v.course();
    let pawns = all_pawns(course);
    let mut s = String::from("pawn");
    for &b in &pawns {
        let _ = write!(s, ",{}", label(course, b));
    }
    s.push('\n');
    for &a in &pawns {
        s.push_str(&label(course, a));
        for &b in &pawns {
            if shares_space(a, b) {
                s.push(',');
            } else {
                let _ = write!(s, ",{:.9}", value(v, a, b));
            }
        }
        s.push('\n');
    }
    s
}

/// The distinct rolls (order of the dice does not matter), low die first.
fn distinct_rolls() -> impl Iterator<Item = Roll> {
    Roll::all().filter(|r| r.a <= r.b)
}

fn both_finished(course: Course, pawns: [Pawn; 2]) -> bool {
    let done = |p: Pawn| match course {
        Course::Climb => p.0 == GOAL,
        Course::ThereAndBack => p == (START, true),
    };
    done(pawns[0]) && done(pawns[1])
}

/// `--state A,B` as text: the value and the best end of the turn for every roll.
pub fn state_text(v: &Values, pawns: [Pawn; 2]) -> String {
    let course = v.course();
    let mut s = String::new();
    let names = pawns.map(|p| label(course, p));
    let _ = writeln!(s, "{}.", course_title(course));
    let _ = writeln!(
        s,
        "Pawns {} and {}: {:.6} expected turns to finish, with best play.",
        names[0],
        names[1],
        value(v, pawns[0], pawns[1])
    );
    if both_finished(course, pawns) {
        let _ = writeln!(s, "Both pawns have finished: the game is over.");
        return s;
    }
    let _ = writeln!(
        s,
        "\nBest end of this turn for each roll, and the expected turns left after it:"
    );
    let _ = writeln!(s, "{:<7} {:<12} then", "roll", "best end");
    for roll in distinct_rolls() {
        let Some(best) = v.turn_ends(pawns, roll).and_then(|e| e.first().copied()) else {
            continue;
        };
        let end = if best.wins {
            "wins".to_string()
        } else {
            best.pawns.map(|p| label(course, p)).join(" ")
        };
        let _ = writeln!(
            s,
            "{:<7} {:<12} {:.4}",
            format!("{} {}", roll.a, roll.b),
            end,
            best.expected
        );
    }
    s
}

fn state_json(v: &Values, pawns: [Pawn; 2]) -> JsonState {
    let course = v.course();
    let rolls = if both_finished(course, pawns) {
        Vec::new()
    } else {
        distinct_rolls()
            .filter_map(|roll| {
                let best = v.turn_ends(pawns, roll)?.first().copied()?;
                Some(JsonRoll {
                    roll: [roll.a, roll.b],
                    best: JsonEnd {
                        pawns: best.pawns.map(|p| label(course, p)),
                        wins: best.wins,
                        expected: best.expected,
                    },
                })
            })
            .collect()
    };
    JsonState {
        course: course.to_string(),
        pawns: pawns.map(|p| label(course, p)),
        expected_turns: value(v, pawns[0], pawns[1]),
        rolls,
    }
}
