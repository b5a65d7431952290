//! The class report (`/class report`): one line per student of a server over a span of
//! time, built from the stored game logs (so it covers every game ever played, not only
//! those since the report existed) and from the activity the log does not keep (hints
//! asked, refused moves: noted since then).
//!
//! Each game is played again from its seed and log, action by action. Prime Climb
//! turns played by a person in a card-free position (no Keeper in hand, on a course the
//! exact solver covers: Climb or There and Back Again, without Sprint, Double Time or Way
//! Stations) are measured against the solver: the expected turns to finish after the
//! move made, minus after the best move of that roll, for the player's own race (cards
//! and bumps aside).

use super::core::Standings;
use std::collections::BTreeMap;

use super::core::{decode, logged};
use super::{Actor, Permission, SessionError};
use crate::climb::board::is_prime;
use crate::climb::ops::Op;
use crate::climb::review::{expected, own_bump, solver_course};
use crate::climb::{self, solver, Phase};
use crate::daifugo;
use crate::store::{GameKind, GameRow, Place, Status, Store};

/// What the report covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReportSpan {
    pub guild_id: i64,
    /// From (inclusive) and to (exclusive), ms since the epoch: games opened then, and
    /// activity noted then.
    pub from: i64,
    pub to: i64,
}

/// One student's line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StudentReport {
    pub user_id: i64,
    pub name: String,
    pub climb_games: u32,
    pub climb_wins: u32,
    pub daifugo_games: u32,
    pub daifugo_wins: u32,
    /// Turns the student played (both games).
    pub turns: u32,
    /// How long their turns took, seconds (turns whose start is known).
    pub turn_secs: Vec<f64>,
    /// Prime Climb: die uses by operation, + − × ÷.
    pub ops: [u32; 4],
    /// Prime Climb: steps (die or ±N Keeper) that landed on a prime space (2 to 97).
    pub primes_landed: u32,
    /// Prime Climb: cards drawn.
    pub cards: u32,
    /// Prime Daifugo: primes played.
    pub primes_played: u32,
    /// Hints asked (noted activity).
    pub hints: u32,
    /// Refused moves by kind (noted activity): `off_board`, `die_used`…
    pub refused: BTreeMap<String, u32>,
    /// Prime Climb turns measured against the exact solver, and the expected turns they
    /// lost in all.
    pub solver_turns: u32,
    pub turns_lost: f64,
}

impl StudentReport {
    /// The median time of a turn, in seconds, if any turn was timed.
    pub fn median_turn_secs(&self) -> Option<f64> {
        let mut t = self.turn_secs.clone();
        if t.is_empty() {
            return None;
        }
        t.sort_by(f64::total_cmp);
        let n = t.len();
        Some(if n % 2 == 1 {
            t[n / 2]
        } else {
            (t[n / 2 - 1] + t[n / 2]) / 2.0
        })
    }

    /// Expected turns lost per measured turn.
    pub fn lost_per_turn(&self) -> Option<f64> {
        (self.solver_turns > 0).then(|| self.turns_lost / f64::from(self.solver_turns))
    }
}

/// The whole class.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClassReport {
    pub span: Option<ReportSpan>,
    /// Students by name.
    pub students: Vec<StudentReport>,
    /// Games counted, per kind.
    pub climb_games: u32,
    pub daifugo_games: u32,
}

impl ClassReport {
    /// The class chart as a PNG, from its rows and words (`text::report` writes them).
    /// CPU-bound: async callers run it on a blocking thread.
    pub fn chart_png(
        &self,
        rows: &[crate::render::chart::ChartRow],
        words: &crate::render::chart::ChartWords,
    ) -> Result<Vec<u8>, image::ImageError> {
        crate::render::encode_png(&crate::render::chart::render_class_chart(
            rows,
            words,
            &crate::render::Theme::dark(),
        ))
    }
}

/// The refusal kinds, in the order the report lists them.
pub const REFUSAL_KINDS: [&str; 13] = [
    "off_board",
    "not_exact",
    "die_not_rolled",
    "dice_combined",
    "die_used",
    "not_your_pawn",
    "not_your_turn",
    "cursed",
    "stations_first",
    "keeper",
    "notation",
    "dice_left",
    "add_subtract_only",
];

impl<S: Store> Standings<'_, S> {
    /// A teacher's report of the server `here` is in (moderators and the teacher role),
    /// from the start of day `from` (or that long ago: `30d`) to the end of day `to`
    /// (defaults: the first game, today).
    pub async fn class_report_for(
        self,
        teacher: &Actor,
        here: Place,
        from: Option<&str>,
        to: Option<&str>,
    ) -> Result<ClassReport, SessionError> {
        if !self.moderating(teacher, here.guild_id).await.moderator {
            return Err(SessionError::NotAllowed(Permission::ClassTools));
        }
        let (from, to) = super::request::report_span(from, to, self.now())?;
        self.class_report(ReportSpan {
            guild_id: here.guild_id,
            from,
            to,
        })
        .await
    }

    /// The report of a server's games and activity over `span`.
    pub async fn class_report(self, span: ReportSpan) -> Result<ClassReport, SessionError> {
        let mut games: Vec<(GameRow, Vec<crate::store::LogRow>)> = Vec::new();
        for kind in [GameKind::Climb, GameKind::Daifugo] {
            for row in self
                .store()
                .games_between(span.guild_id, kind, span.from, span.to)
                .await?
            {
                let log = self.store().log(row.id).await?;
                games.push((row, log));
            }
        }
        let activity = self
            .store()
            .activity(span.guild_id, span.from, span.to)
            .await?;
        // The replays are CPU work: off the async threads.
        let mut report = tokio::task::spawn_blocking(move || build(&games))
            .await
            .map_err(|e| {
                SessionError::Store(crate::store::StoreError::Corrupt(format!("report: {e}")))
            })??;
        for a in activity {
            let line = student(&mut report.students, a.user_id, "");
            match a.kind.as_str() {
                "hint" => line.hints += 1,
                "refused" => *line.refused.entry(a.detail).or_default() += 1,
                _ => {}
            }
        }
        report.students.retain(|s| !s.name.is_empty());
        report.students.sort_by_key(|s| s.name.to_lowercase());
        report.span = Some(span);
        Ok(report)
    }
}

/// The line of a student (added, nameless until a game names them).
fn student<'a>(
    lines: &'a mut Vec<StudentReport>,
    user_id: i64,
    name: &str,
) -> &'a mut StudentReport {
    let i = match lines.iter().position(|s| s.user_id == user_id) {
        Some(i) => i,
        None => {
            lines.push(StudentReport {
                user_id,
                ..StudentReport::default()
            });
            lines.len() - 1
        }
    };
    let line = &mut lines[i];
    if !name.is_empty() {
        line.name = name.to_string();
    }
    line
}

/// Every game played again: the report before the activity is added.
pub fn build(games: &[(GameRow, Vec<crate::store::LogRow>)]) -> Result<ClassReport, SessionError> {
    let mut report = ClassReport::default();
    for (row, log) in games {
        match row.kind {
            GameKind::Climb => {
                climb_game(&mut report, row, log)?;
                report.climb_games += 1;
            }
            GameKind::Daifugo => {
                daifugo_game(&mut report, row, log)?;
                report.daifugo_games += 1;
            }
        }
    }
    Ok(report)
}

/// The students seated in a game: (seat, user id, name).
fn people(row: &GameRow) -> Vec<(usize, i64, String)> {
    row.seats
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.user_id.map(|u| (i, u, s.name.clone())))
        .collect()
}

fn corrupt(row: &GameRow, e: impl std::fmt::Display) -> SessionError {
    SessionError::Store(crate::store::StoreError::Corrupt(format!(
        "game {} does not replay: {e}",
        row.id
    )))
}

/// The best expected turns after this roll: the minimum over every end of the Move
/// phase (a win is 0).
fn best_expected(course: solver::Course, game: &climb::Game) -> Option<f64> {
    let list = climb::legal_outcomes(game);
    (0..list.len())
        .filter_map(|i| list.end(i))
        .filter_map(|o| {
            if o.wins {
                Some(0.0)
            } else {
                expected(course, o.pawns, o.returning)
            }
        })
        .min_by(f64::total_cmp)
}

fn climb_game(
    report: &mut ClassReport,
    row: &GameRow,
    log: &[crate::store::LogRow],
) -> Result<(), SessionError> {
    let options: climb::Options = decode("options", &row.options)?;
    let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
    let mut game =
        climb::Game::new(options.clone(), &names, row.seed as u64).map_err(|e| corrupt(row, e))?;
    let people = people(row);
    let person = |seat: usize| people.iter().find(|(s, _, _)| *s == seat);
    for (_, user, name) in &people {
        student(&mut report.students, *user, name).climb_games += 1;
    }
    let course = solver_course(&options);
    // The turn being played: whose, since when, and the best the solver saw at its start.
    let mut turn_start: Option<(usize, u32, i64)> = None;
    let mut best_at_start: Option<f64> = None;
    for entry in log {
        let (seat, actions) = logged::<climb::Action>(entry)?;
        for action in &actions {
            // The start of a person's turn in a card-free position: what the best move
            // would leave.
            if game.phase == Phase::Move && game.turn.steps.is_empty() && best_at_start.is_none() {
                let mover = game.current();
                let card_free = game.players[mover].keepers.is_empty();
                if let (Some(c), true, Some(_)) = (course, card_free, person(mover)) {
                    best_at_start = best_expected(c, &game);
                }
            }
            // The position just before the Move phase ends: the move that was made.
            let chosen = match (action, course, best_at_start) {
                (climb::Action::EndMove, Some(c), Some(_)) if game.phase == Phase::Move => {
                    let (pawns, returning) = own_bump(&game);
                    expected(c, pawns, returning)
                }
                _ => None,
            };
            let mover = game.current();
            let number = game.turn.number;
            let events = game.apply(seat, action).map_err(|e| corrupt(row, e))?;
            if let (Some(chosen), Some(best), Some((_, user, _))) =
                (chosen, best_at_start, person(mover))
            {
                let line = student(&mut report.students, *user, "");
                line.solver_turns += 1;
                line.turns_lost += (chosen - best).max(0.0);
            }
            for event in &events {
                tally_climb(report, &people, event);
            }
            // A turn ended: time it, and the next one starts now.
            if game.turn.number != number || game.is_over() {
                if let (Some((s, n, since)), Some((_, user, _))) = (turn_start, person(mover)) {
                    if s == mover && n == number {
                        let line = student(&mut report.students, *user, "");
                        line.turn_secs
                            .push((entry.at - since).max(0) as f64 / 1000.0);
                    }
                }
                if let Some((_, user, _)) = person(mover) {
                    student(&mut report.students, *user, "").turns += 1;
                }
                turn_start = Some((game.current(), game.turn.number, entry.at));
                best_at_start = None;
            }
        }
    }
    if row.status == Status::Finished {
        if let Some((_, user, _)) = game.winner.and_then(person) {
            student(&mut report.students, *user, "").climb_wins += 1;
        }
    }
    Ok(())
}

fn tally_climb(report: &mut ClassReport, people: &[(usize, i64, String)], event: &climb::Event) {
    use climb::Event;
    let user_of = |seat: usize| {
        people
            .iter()
            .find(|(s, _, _)| *s == seat)
            .map(|(_, user, _)| *user)
    };
    let lands_on_prime = |to: u8| (2..=97).contains(&to) && is_prime(u32::from(to));
    match *event {
        Event::Stepped { seat, op, to, .. } => {
            if let Some(user) = user_of(seat) {
                let line = student(&mut report.students, user, "");
                let i = match op {
                    Op::Add => 0,
                    Op::Sub => 1,
                    Op::Mul => 2,
                    Op::Div => 3,
                };
                line.ops[i] += 1;
                line.primes_landed += u32::from(lands_on_prime(to));
            }
        }
        Event::KeeperMoved { seat, to, .. } => {
            if let Some(user) = user_of(seat) {
                student(&mut report.students, user, "").primes_landed +=
                    u32::from(lands_on_prime(to));
            }
        }
        Event::Drew { seat, .. } => {
            if let Some(user) = user_of(seat) {
                student(&mut report.students, user, "").cards += 1;
            }
        }
        _ => {}
    }
}

fn daifugo_game(
    report: &mut ClassReport,
    row: &GameRow,
    log: &[crate::store::LogRow],
) -> Result<(), SessionError> {
    let options: daifugo::Options = decode("options", &row.options)?;
    let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
    let mut game =
        daifugo::Game::new(options, &names, row.seed as u64).map_err(|e| corrupt(row, e))?;
    let people = people(row);
    let person = |seat: usize| {
        people
            .iter()
            .find(|(s, _, _)| *s == seat)
            .map(|(_, u, _)| *u)
    };
    for (_, user, name) in &people {
        student(&mut report.students, *user, name).daifugo_games += 1;
    }
    let mut turn_start: Option<(usize, u32, i64)> = None;
    for entry in log {
        let (seat, actions) = logged::<daifugo::Action>(entry)?;
        for action in &actions {
            let mover = game.current();
            let number = game.turn.number;
            let events = game.apply(seat, action).map_err(|e| corrupt(row, e))?;
            for event in &events {
                if let daifugo::Event::Played { seat, .. } = event {
                    if let Some(user) = person(*seat) {
                        student(&mut report.students, user, "").primes_played += 1;
                    }
                }
            }
            if game.turn.number != number || game.is_over() {
                if let Some(user) = person(mover) {
                    let line = student(&mut report.students, user, "");
                    line.turns += 1;
                    if let Some((s, n, since)) = turn_start {
                        if s == mover && n == number {
                            line.turn_secs
                                .push((entry.at - since).max(0) as f64 / 1000.0);
                        }
                    }
                }
                turn_start = Some((game.current(), game.turn.number, entry.at));
            }
        }
    }
    if row.status == Status::Finished {
        if let Some(user) = game.match_winner.and_then(person) {
            student(&mut report.students, user, "").daifugo_wins += 1;
        }
    }
    Ok(())
}
