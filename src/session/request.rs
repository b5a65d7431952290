//! One grammar for what people type, on Discord and in the terminal: the options of a new
//! game (variant words, AI seats, a turn timeout) and the words of a turn (`move 14 -3
//! x9`, `play +5 14`, `end`, `undo`, `hint 2`…). Every failure is a typed
//! [`RequestError`]; `src/text/` says it in each language. Nothing here looks at a game:
//! moves and Keepers are resolved against the game by the use cases.

use super::dates;
use crate::climb::options::WayStations;
use crate::climb::{Course, Doubles};
use crate::level::{Level, LevelError};
use crate::render::{Look, Palette};
use crate::{climb, daifugo};

/// The shortest turn timeout a game may have (one minute).
pub const MIN_TIMEOUT_SECS: i64 = 60;
/// The longest (two weeks).
pub const MAX_TIMEOUT_SECS: i64 = 14 * 24 * 3600;
/// The most AI seats one request may add.
const MAX_AI_WORDS: usize = 8;

/// What people type that cannot be read. Words are quoted back, at most 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    #[error("`{0}` is not a variant: choose from standard, double-time, sprint, decline, there-and-back, way-stations[=N or =31/37], solitaire, solitaire2, doubles-may, blanks, one-die, one-pawn, add-subtract, hints")]
    UnknownVariant(String),
    #[error("`{0}` and `{1}` cannot be combined: a game goes one way only")]
    CourseConflict(String, String),
    #[error("`{0}`: write stations as primes separated by /, like way-stations=31/37")]
    StationList(String),
    #[error("`{0}`: write how many stations, like way-stations=3")]
    StationCount(String),
    #[error("`{0}` is not a way to draw the pictures: choose from standard, colour-blind, marks (e.g. colour-blind+marks)")]
    UnknownLook(String),
    #[error("`{0}` is not a Prime Daifugo option: choose from basic, advanced, zero, 5/9, 4/6/8, skip, hand-limit[=N], games=N")]
    UnknownDaifugoOption(String),
    #[error("`{0}`: write the limit, like hand-limit=13")]
    HandLimit(String),
    #[error("`{0}`: write the games to win, like games=3")]
    GamesToWin(String),
    #[error("{0}")]
    Level(#[from] LevelError),
    #[error("at most {MAX_AI_WORDS} AI seats at once")]
    TooManyAi,
    #[error("`{0}` is not a duration: write 30m, 12h, 2d (or off)")]
    Duration(String),
    #[error("a turn timeout is between 1 minute and 14 days (or off), not `{0}`")]
    DurationRange(String),
    #[error("`{0}` is not a command: type `help` for the list")]
    NotACommand(String),
    #[error("`{0}` takes nothing after it (not `{1}`): type `{0}` alone")]
    NothingAfter(String, String),
    #[error("`{0}` takes `text` or nothing after it, not `{1}`")]
    BoardWord(String, String),
    #[error("`{0}` needs the Keeper to play, e.g. `{0} +5 14`, `{0} within 40` or `{0} curse 2`")]
    MissingKeeper(String),
    #[error("choose needs the number of a choice, e.g. `choose 1`")]
    ChooseNumber,
    #[error("`{0}`: hint takes how many moves to show, 1 to 10, e.g. `hint 3`")]
    HintCount(String),
    #[error("{0} moves: a hint shows 1 to 5 moves")]
    HintOption(i64),
    #[error("`{0}` is after {end}: a report runs from an earlier day to a later one", end = .1.as_deref().map_or("today".to_string(), |b| format!("`{b}`")))]
    ReportSpan(String, Option<String>),
    #[error("`{0}` is not a game here: play `climb` (Prime Climb) or `daifugo` (Prime Daifugo)")]
    UnknownGame(String),
    #[error("`{0}` is not a due date: write 3d, 1w, 2026-12-01 or 2026-12-01 14:30 (UTC)")]
    DueDate(String),
    #[error("`{0}` is already past: a due date is in the future")]
    DueInPast(String),
    #[error("`{0}` is more than a year away")]
    DueTooLate(String),
    #[error("`{0}` is not a date: write 2026-11-01, or 30d for thirty days ago")]
    ReportDate(String),
    #[error("`{0}` is not a time zone: write its name as in Europe/Paris, America/Toronto or UTC")]
    UnknownTimeZone(String),
    #[error("`{0}` are not quiet hours: write 22:00-07:00 (they may cross midnight), or off")]
    QuietHours(String),
    #[error("`{0}` is not an hour for the digest: write 8, 08:00 or 7pm (on the hour), or off")]
    DigestHour(String),
    #[error("`{0}` is not a day off: write dates as 2026-12-24, ranges as 2026-12-19..2027-01-03, or none")]
    Holidays(String),
    #[error("at most a year of days off")]
    TooManyHolidays,
    #[error("`{0}` is not a time away: write 3d, 12h, 1w or until 2026-12-03 (or off)")]
    AwaySpan(String),
    #[error("`{0}` is already past: time away ends in the future")]
    AwayPast(String),
    #[error("`{asked}` is too long: at most {max_days} days away at once")]
    AwayTooLong { asked: String, max_days: i64 },
    #[error("`{0}` is out of range: a lobby closes after 1 hour to 30 days, a quiet game ends after 1 to 365 days (or off)")]
    TidyRange(String),
    #[error(
        "`{0}`: lobbies close after whole hours, 1h to 30d (or off); `{0}` is not rounded to one"
    )]
    LobbyHours(String),
    /// A tidying span that is not whole hours or days (named by the setting's own error).
    #[error("`{0}` is not a whole number of the setting's unit")]
    TidyUnit(String),
    #[error("`{0}`: games end after whole days of no play, 1d to 365d (or off); `{0}` is not rounded to one")]
    IdleDays(String),
    #[error("`{0}`: days away per month are 0 to 31")]
    AwayDays(String),
    #[error("`{0}`: the puzzle's hour is 0 to 23")]
    PuzzleHour(String),
}

/// A word as quoted back in a message.
fn quoted(word: &str) -> String {
    // Keys typed where no line editor reads them (arrows, Escape) arrive as control
    // characters: shown, never sent raw to the terminal.
    word.trim()
        .chars()
        .take(40)
        .map(|c| match c {
            '\u{1b}' => '␛',
            c if c.is_control() => '�',
            c => c,
        })
        .collect()
}

/// The words of a list: split on commas, spaces and `+`, empty ones dropped.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split([',', ' ', '+'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
}

/// `name=arg` (lower case, `_` read as `-`).
fn name_and_arg(word: &str) -> (String, Option<String>) {
    let lower = word.to_lowercase().replace('_', "-");
    match lower.split_once('=') {
        Some((n, a)) => (n.to_string(), Some(a.to_string())),
        None => (lower, None),
    }
}

/// Prime Climb options from variant words, e.g. `decline,sprint`, `way-stations=3`,
/// `way-stations=31/37`, `solitaire2`, `one-die,one-pawn,add-subtract`, `standard`; and
/// whether the server's custom cards are asked for (`blanks`, §7 Fill in the Blanks).
pub fn climb_options(text: &str) -> Result<(climb::Options, bool), RequestError> {
    let mut o = climb::Options::default();
    let mut blanks = false;
    // The word that chose the course (decline, there-and-back, solitaire2): a second,
    // different one is refused rather than silently winning.
    let mut course_word: Option<&str> = None;
    for word in words(text) {
        let (name, arg) = name_and_arg(word);
        let course_before = o.course;
        match (name.as_str(), arg) {
            ("standard" | "none", None) => {}
            ("double-time" | "doubletime", None) => o.double_time = true,
            ("sprint" | "prime-sprint", None) => o.sprint = true,
            ("decline" | "prime-decline", None) => o.course = Course::Decline,
            ("there-and-back" | "there-and-back-again", None) => o.course = Course::ThereAndBack,
            ("solitaire" | "solitaire1", None) => o.solitaire = true,
            ("solitaire2", None) => {
                o.solitaire = true;
                o.course = Course::ThereAndBack;
            }
            ("doubles-may", None) => o.doubles = Doubles::May,
            ("blanks" | "fill-in-the-blanks" | "custom", None) => blanks = true,
            // The scaffold variants for younger or beginning players.
            ("one-die" | "onedie", None) => o.one_die = true,
            ("one-pawn" | "onepawn", None) => o.one_pawn = true,
            ("add-subtract" | "addsubtract" | "add-and-subtract", None) => o.add_subtract = true,
            // Not a rule: the best move shown each turn.
            ("hints" | "coach" | "indices", None) => o.hints = true,
            ("way-stations" | "stations", None) => o.way_stations = WayStations::Random(3),
            ("way-stations" | "stations", Some(a)) => {
                o.way_stations = if a.contains('/') || a.parse::<u8>().is_ok_and(|n| n > 20) {
                    let list: Result<Vec<u8>, _> = a.split('/').map(str::parse::<u8>).collect();
                    WayStations::Chosen(list.map_err(|_| RequestError::StationList(quoted(word)))?)
                } else {
                    WayStations::Random(
                        a.parse::<u8>()
                            .map_err(|_| RequestError::StationCount(quoted(word)))?,
                    )
                };
            }
            _ => return Err(RequestError::UnknownVariant(quoted(word))),
        }
        if matches!(
            name.as_str(),
            "decline" | "prime-decline" | "there-and-back" | "there-and-back-again" | "solitaire2"
        ) {
            match course_word {
                Some(first) if o.course != course_before => {
                    return Err(RequestError::CourseConflict(quoted(first), quoted(word)))
                }
                None => course_word = Some(word),
                Some(_) => {}
            }
        }
    }
    Ok((o, blanks))
}

/// How pictures are drawn, from words: a palette (`standard`, `colour-blind`) and
/// `marks` (a shape on each factor), e.g. `colour-blind+marks`. Unnamed parts are off.
pub fn look(text: &str) -> Result<Look, RequestError> {
    let mut look = Look::default();
    for word in words(text) {
        let (name, arg) = name_and_arg(word);
        match (name.as_str(), arg) {
            ("standard" | "default" | "normal", None) => look.palette = Palette::Standard,
            (
                "colour-blind" | "color-blind" | "colourblind" | "colorblind" | "cb" | "daltonien",
                None,
            ) => look.palette = Palette::ColourBlind,
            ("marks" | "mark" | "glyphs" | "shapes" | "formes", None) => look.marks = true,
            ("no-marks" | "nomarks", None) => look.marks = false,
            _ => return Err(RequestError::UnknownLook(quoted(word))),
        }
    }
    Ok(look)
}

/// A look as the words [`look`] reads back: `standard`, `colour-blind+marks`…
pub fn look_words(look: Look) -> String {
    let palette = match look.palette {
        Palette::Standard => "standard",
        Palette::ColourBlind => "colour-blind",
    };
    if look.marks {
        format!("{palette}+marks")
    } else {
        palette.to_string()
    }
}

/// A stored look (`None`, or words that no longer read: the standard look).
pub fn stored_look(words: Option<&str>) -> Look {
    words.and_then(|w| look(w).ok()).unwrap_or_default()
}

/// Prime Daifugo options from words, e.g. `advanced`, `zero,skip`, `hand-limit`,
/// `hand-limit=15`, `games=3`, `basic`.
pub fn daifugo_options(text: &str) -> Result<daifugo::Options, RequestError> {
    let mut o = daifugo::Options::default();
    for word in words(text) {
        let (name, arg) = name_and_arg(word);
        let number = |bad: fn(String) -> RequestError| -> Result<u8, RequestError> {
            arg.as_deref()
                .and_then(|a| a.parse::<u8>().ok())
                .ok_or_else(|| bad(quoted(word)))
        };
        match (name.as_str(), &arg) {
            ("basic" | "standard", None) => {}
            ("advanced", None) => {
                o.zero = true;
                o.five_nine = true;
                o.four_six_eight = true;
            }
            ("zero" | "0", None) => o.zero = true,
            ("5/9" | "five-nine", None) => o.five_nine = true,
            ("4/6/8" | "four-six-eight", None) => o.four_six_eight = true,
            ("skip", None) => o.skip = true,
            ("hand-limit" | "limit", None) => o.hand_limit = Some(13),
            ("hand-limit" | "limit", Some(_)) => {
                o.hand_limit = Some(number(RequestError::HandLimit)?)
            }
            ("games", Some(_)) => o.games_to_win = number(RequestError::GamesToWin)?,
            _ => return Err(RequestError::UnknownDaifugoOption(quoted(word))),
        }
    }
    Ok(o)
}

/// Prime Daifugo options from `/daifugo start`'s choices, as [`daifugo_options`] reads
/// the same words: `advanced` (the 0, [5/9] and [4/6/8] cards), `skip`, `hand-limit` (of
/// 13 cards) and the games to win (the default when not given).
pub fn daifugo_choices(
    advanced: bool,
    skip: bool,
    hand_limit: bool,
    games: Option<u8>,
) -> daifugo::Options {
    daifugo::Options {
        zero: advanced,
        five_nine: advanced,
        four_six_eight: advanced,
        skip,
        hand_limit: hand_limit.then_some(13),
        games_to_win: games.unwrap_or(daifugo::options::DEFAULT_GAMES_TO_WIN),
    }
}

/// AI seats, e.g. `hard` or `easy,medium` (`easy medium` works too).
pub fn levels(text: &str) -> Result<Vec<Level>, RequestError> {
    let levels: Vec<Level> = text
        .split([',', ' '])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::parse::<Level>)
        .collect::<Result<_, _>>()?;
    if levels.len() > MAX_AI_WORDS {
        return Err(RequestError::TooManyAi);
    }
    Ok(levels)
}

/// A turn timeout: `off`, `90s`, `30m`, `12h`, `2d`, `1h30m`, or a bare number of
/// minutes (`j`/`jour` for days in French). `None` is off.
pub fn duration(text: &str) -> Result<Option<i64>, RequestError> {
    let t = text.trim().to_lowercase().replace(' ', "");
    if matches!(
        t.as_str(),
        "off" | "none" | "no" | "0" | "" | "aucun" | "non"
    ) {
        return Ok(None);
    }
    let secs = span_secs(&t).ok_or_else(|| RequestError::Duration(quoted(text)))?;
    if !(MIN_TIMEOUT_SECS..=MAX_TIMEOUT_SECS).contains(&secs) {
        return Err(RequestError::DurationRange(quoted(text)));
    }
    Ok(Some(secs))
}

/// A span of time in seconds from words such as `30m`, `12h`, `2d`, `1d12h` or a number
/// of minutes (already lower case, without spaces).
pub(crate) fn span_secs(t: &str) -> Option<i64> {
    if let Ok(minutes) = t.parse::<i64>() {
        return minutes.checked_mul(60);
    }
    let mut total: i64 = 0;
    let mut number = String::new();
    let mut any = false;
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let mut unit = c.to_string();
        while let Some(&n) = chars.peek() {
            if n.is_alphabetic() {
                unit.push(n);
                chars.next();
            } else {
                break;
            }
        }
        let n: i64 = number.parse().ok()?;
        number.clear();
        let scale = match unit.as_str() {
            "s" | "sec" | "secs" | "second" | "seconds" | "seconde" | "secondes" => 1,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            "h" | "hr" | "hrs" | "hour" | "hours" | "heure" | "heures" => 3_600,
            "d" | "j" | "day" | "days" | "jour" | "jours" => 86_400,
            "w" | "week" | "weeks" | "semaine" | "semaines" => 7 * 86_400,
            _ => return None,
        };
        total = n.checked_mul(scale).and_then(|x| total.checked_add(x))?;
        any = true;
    }
    (number.is_empty() && any).then_some(total)
}

/// The start of a day written `2026-11-01` (UTC), ms since the epoch; or, for `30d`,
/// `2w`, that long before `now`.
pub fn report_date(text: &str, now: i64) -> Result<i64, RequestError> {
    let t = text.trim().to_lowercase();
    if let Some(secs) = span_secs(&t.replace(' ', "")) {
        return Ok(now.saturating_sub(secs.saturating_mul(1000)));
    }
    match dates::date(&t) {
        Some(d) => Ok(dates::start_ms(d)),
        None => Err(RequestError::ReportDate(quoted(text))),
    }
}

/// The longest a class assignment may run before it is due (a school year).
pub const MAX_DUE_DAYS: i64 = 366;

/// When a class assignment is due, in ms since the epoch: in a span from `now`
/// (`3d`, `1w`, `12h`), or on a date (`2026-12-01`: the end of that day, UTC) or a date
/// and time (`2026-12-01 14:30`, UTC). It must be in the future, within a year.
pub fn due_date(text: &str, now: i64) -> Result<i64, RequestError> {
    let bad = || RequestError::DueDate(quoted(text));
    let t = text.trim().to_lowercase();
    let at = if let Some(secs) = span_secs(&t.replace(' ', "")) {
        secs.checked_mul(1000)
            .and_then(|ms| now.checked_add(ms))
            .ok_or_else(bad)?
    } else {
        let (date, time) = match t.split_once([' ', 't']) {
            Some((d, h)) => (d, Some(h.trim())),
            None => (t.as_str(), None),
        };
        let day_start = dates::date(date).map(dates::start_ms).ok_or_else(bad)?;
        match time {
            None => day_start + 86_400_000 - 1,
            Some(hm) => {
                let (h, mi) = hm.split_once(':').ok_or_else(bad)?;
                let (h, mi): (i64, i64) = (
                    h.parse().map_err(|_| bad())?,
                    mi.parse().map_err(|_| bad())?,
                );
                if !(0..24).contains(&h) || !(0..60).contains(&mi) {
                    return Err(bad());
                }
                day_start + (h * 60 + mi) * 60_000
            }
        }
    };
    if at <= now {
        return Err(RequestError::DueInPast(quoted(text)));
    }
    if at - now > MAX_DUE_DAYS * 86_400_000 {
        return Err(RequestError::DueTooLate(quoted(text)));
    }
    Ok(at)
}

pub use super::dates::days_from_civil;

/// Which game a word names (`climb`, `daifugo`), for the terminal.
pub fn game_kind(word: &str) -> Result<crate::store::GameKind, RequestError> {
    match word.trim().to_lowercase().as_str() {
        "climb" | "prime-climb" | "primeclimb" => Ok(crate::store::GameKind::Climb),
        "daifugo" | "prime-daifugo" | "primedaifugo" => Ok(crate::store::GameKind::Daifugo),
        _ => Err(RequestError::UnknownGame(quoted(word))),
    }
}

/// What a player asks for during a Prime Climb game (the same words on Discord and in
/// the terminal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Steps in the notation of §4, a whole turn or part of one: `14 -3 x9`, `x9`.
    Move(String),
    /// Play a Keeper: `+5` / `-5` / `within` / `curse`, with its pawn (a space) or its
    /// target (a player's name or number).
    Keeper {
        keeper: String,
        target: Option<String>,
    },
    /// Finish the Move phase: bump, draw, next player.
    EndMove,
    /// Take back the last step of this Move phase, or a finished move of yours that
    /// revealed no card, until the next player acts.
    Undo,
    /// Answer the drawn card's choice, numbered from 1 as listed.
    Choose(usize),
    /// Leave the game (allowed at any time).
    Resign,
}

/// A line typed during a Prime Climb game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClimbLine {
    Act(Command),
    /// Every legal way to finish the turn (at most `limit` shown).
    Moves,
    /// The best `n` moves, explained.
    Hint(usize),
    /// The board: the picture, or the whole position as text.
    Board {
        text: bool,
    },
    /// The rules, by topic.
    Rules(Option<String>),
    /// The factor colours (§1).
    Colours,
    /// The review of the game, once it is over.
    Review,
    Help,
    Quit,
    Empty,
}

/// The words that end the Move phase or take back a step, in both languages.
fn end_or_undo(word: &str) -> Option<Command> {
    match word {
        "end" | "done" | "e" | "fin" | "finir" => Some(Command::EndMove),
        "undo" | "u" | "annuler" => Some(Command::Undo),
        _ => None,
    }
}

/// Read a line typed in a Prime Climb game. `choosing`: a card waits for a choice, so a
/// bare number is the choice.
pub fn climb_line(line: &str, choosing: bool) -> Result<ClimbLine, RequestError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let lower = word.to_lowercase();
    // A command that takes nothing: extra words are refused, never ignored.
    let alone = |parsed: ClimbLine| -> Result<ClimbLine, RequestError> {
        if rest.is_empty() {
            Ok(parsed)
        } else {
            Err(RequestError::NothingAfter(quoted(word), quoted(rest)))
        }
    };
    if let Some(command) = end_or_undo(&lower) {
        return alone(ClimbLine::Act(command));
    }
    match lower.as_str() {
        "" => Ok(ClimbLine::Empty),
        "move" | "m" | "coup" | "déplacer" | "deplacer" => {
            Ok(ClimbLine::Act(Command::Move(rest.to_string())))
        }
        "play" | "keeper" | "carte" | "jouer" => {
            let rest = rest.strip_prefix("keeper").map(str::trim).unwrap_or(rest);
            if rest.is_empty() {
                return Err(RequestError::MissingKeeper(quoted(word)));
            }
            let (keeper, target) = match rest.split_once(char::is_whitespace) {
                Some((k, t)) => (k.to_string(), Some(t.trim().to_string())),
                None => (rest.to_string(), None),
            };
            Ok(ClimbLine::Act(Command::Keeper { keeper, target }))
        }
        "choose" | "c" | "choisir" => match rest.parse::<usize>() {
            Ok(n) => Ok(ClimbLine::Act(Command::Choose(n))),
            Err(_) => Err(RequestError::ChooseNumber),
        },
        "resign" | "abandonner" => alone(ClimbLine::Act(Command::Resign)),
        "moves" | "coups" => alone(ClimbLine::Moves),
        "hint" | "h" | "indice" | "conseil" => Ok(ClimbLine::Hint(hint_count(rest)?)),
        "board" | "b" | "plateau" => board_words(word, rest).map(|text| ClimbLine::Board { text }),
        "rules" | "règles" | "regles" => Ok(ClimbLine::Rules(
            (!rest.is_empty()).then(|| rest.to_lowercase()),
        )),
        "colours" | "colors" | "couleurs" => alone(ClimbLine::Colours),
        "review" | "analyse" | "analyser" => alone(ClimbLine::Review),
        "help" | "?" | "aide" => alone(ClimbLine::Help),
        "quit" | "exit" | "q" | "quitter" => alone(ClimbLine::Quit),
        _ if choosing && line.parse::<usize>().is_ok() => {
            Ok(ClimbLine::Act(Command::Choose(line.parse().unwrap_or(0))))
        }
        // A bare move: `14 -3 x9`, `x9`, `k+5`.
        _ if line.starts_with(|c: char| {
            c.is_ascii_digit() || "+-−x×*/÷k!".contains(c.to_ascii_lowercase())
        }) =>
        {
            Ok(ClimbLine::Act(Command::Move(line.to_string())))
        }
        _ => Err(RequestError::NotACommand(quoted(word))),
    }
}

/// What may follow `board`: `text` (the position in words) or nothing (the picture).
fn board_words(word: &str, rest: &str) -> Result<bool, RequestError> {
    match rest.to_lowercase().as_str() {
        "" => Ok(false),
        "text" | "texte" => Ok(true),
        _ => Err(RequestError::BoardWord(quoted(word), quoted(rest))),
    }
}

/// `hint` alone shows 3 moves; `hint N` shows N (1 to 10).
fn hint_count(rest: &str) -> Result<usize, RequestError> {
    if rest.is_empty() {
        return Ok(3);
    }
    match rest.parse::<usize>() {
        Ok(n) if (1..=10).contains(&n) => Ok(n),
        _ => Err(RequestError::HintCount(quoted(rest))),
    }
}

/// `/climb hint count:N`: 1 to 5 moves, 3 when not given. Discord keeps the option in
/// range, but a number outside it is refused, not quietly changed.
pub fn hint_option(count: Option<i64>) -> Result<usize, RequestError> {
    match count {
        None => Ok(3),
        Some(n) => usize::try_from(n)
            .ok()
            .filter(|n| (1..=5).contains(n))
            .ok_or(RequestError::HintOption(n)),
    }
}

/// A report's span from `/class report from:… to:…`, in ms: from the start of `from`'s
/// day (or that long ago) to the end of `to`'s day (or now). A start after the end is
/// refused, not turned into an empty report.
pub fn report_span(
    from: Option<&str>,
    to: Option<&str>,
    now: i64,
) -> Result<(i64, i64), RequestError> {
    let start = match from {
        Some(d) => report_date(d, now)?,
        None => 0,
    };
    let end = match to {
        // The whole last day.
        Some(d) => report_date(d, now)? + 86_400_000,
        None => now + 1,
    };
    if end <= start {
        return Err(RequestError::ReportSpan(
            quoted(from.unwrap_or_default()),
            to.map(quoted),
        ));
    }
    Ok((start, end))
}

/// What `/climb move` was given: steps, or the words that end the turn or take a step
/// back.
pub fn climb_move(text: &str) -> Command {
    match end_or_undo(&text.trim().to_lowercase()) {
        Some(command) => command,
        None => Command::Move(text.to_string()),
    }
}

/// A line typed in a Prime Daifugo game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DaifugoLine {
    /// An action in the notation (`3 10`, `draw`, `d`, `discard 4`, `pass`, `skip`),
    /// checked against the hand by the use case.
    Act(String),
    Hand,
    Hint,
    Board {
        text: bool,
    },
    Rules,
    Help,
    Quit,
    Resign,
    Empty,
}

/// Read a line typed in a Prime Daifugo game. Commands that take nothing refuse extra
/// words; everything else is an action for the use case to read (`3 10`, `draw`).
pub fn daifugo_line(line: &str) -> Result<DaifugoLine, RequestError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let alone = |parsed: DaifugoLine| -> Result<DaifugoLine, RequestError> {
        if rest.is_empty() {
            Ok(parsed)
        } else {
            Err(RequestError::NothingAfter(quoted(word), quoted(rest)))
        }
    };
    match word.to_lowercase().as_str() {
        "" => Ok(DaifugoLine::Empty),
        "help" | "?" | "aide" => alone(DaifugoLine::Help),
        "quit" | "exit" | "q" | "quitter" => alone(DaifugoLine::Quit),
        "hand" | "main" => alone(DaifugoLine::Hand),
        "hint" | "h" | "indice" | "conseil" => alone(DaifugoLine::Hint),
        "board" | "table" | "b" | "plateau" => {
            board_words(word, rest).map(|text| DaifugoLine::Board { text })
        }
        "rules" | "règles" | "regles" => alone(DaifugoLine::Rules),
        "resign" | "abandonner" => alone(DaifugoLine::Resign),
        "play" | "jouer" => Ok(DaifugoLine::Act(rest.to_string())),
        "piocher" | "pioche" | "pioché" => alone(DaifugoLine::Act("draw".into())),
        "passer" | "passe" => alone(DaifugoLine::Act("pass".into())),
        "sauter" | "saute" => alone(DaifugoLine::Act("skip".into())),
        "défausser" | "defausser" | "défausse" | "defausse" => {
            Ok(DaifugoLine::Act(format!("discard {rest}")))
        }
        _ => Ok(DaifugoLine::Act(line.to_string())),
    }
}
