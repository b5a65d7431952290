//! The rows the store reads and writes: games, seats, the log, results, ratings,
//! settings, class assignments and the outbox. Plain values; no SQL here.

use super::error::StoreError;

/// The place a game is played: a Discord server and channel (a thread is a channel), or
/// `LOCAL` for the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub guild_id: i64,
    pub channel_id: i64,
}

impl Place {
    /// The one table of terminal games (`primeclimb play`).
    pub const LOCAL: Place = Place {
        guild_id: 0,
        channel_id: 0,
    };
}

/// Which game a row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Climb,
    Daifugo,
}

impl GameKind {
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Climb => "climb",
            GameKind::Daifugo => "daifugo",
        }
    }

    pub fn parse(s: &str) -> Result<GameKind, StoreError> {
        match s {
            "climb" => Ok(GameKind::Climb),
            "daifugo" => Ok(GameKind::Daifugo),
            other => Err(StoreError::Corrupt(format!("unknown game kind {other:?}"))),
        }
    }
}

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Players are joining; the engine game does not exist yet.
    Lobby,
    Active,
    /// Played to the end; results and ratings are recorded.
    Finished,
    /// Stopped early by its creator or a moderator; no results.
    Ended,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Ended => "ended",
        }
    }

    pub fn parse(s: &str) -> Result<Status, StoreError> {
        match s {
            "lobby" => Ok(Status::Lobby),
            "active" => Ok(Status::Active),
            "finished" => Ok(Status::Finished),
            "ended" => Ok(Status::Ended),
            other => Err(StoreError::Corrupt(format!(
                "unknown game status {other:?}"
            ))),
        }
    }

    /// Lobby or active: the game occupies its channel.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Lobby | Status::Active)
    }
}

/// A game as stored, with its seats in turn order.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: i64,
    pub kind: GameKind,
    pub place: Place,
    pub status: Status,
    pub creator_id: Option<i64>,
    /// JSON of the engine's options.
    pub options: String,
    pub seed: i64,
    /// JSON of the engine's game; `None` in the lobby.
    pub state: Option<String>,
    pub version: i64,
    pub turn_timeout_secs: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub turn_started_at: Option<i64>,
    pub reminded: bool,
    pub message_id: Option<i64>,
    /// The Discord locale of the game's channel messages (`fr`, `en-US`…).
    pub locale: Option<String>,
    /// How its pictures are drawn (palette and marks, as words); `None`: standard.
    pub look: Option<String>,
    /// The channel whose thread the game is played in (its `place` is the thread);
    /// `None`: played in its channel itself.
    pub parent_channel_id: Option<i64>,
    /// The class assignment that opened it (`/class pair`), if any.
    pub assignment_id: Option<i64>,
    /// The person to move (`None`: an AI seat, a lobby, a game over).
    pub to_move_user: Option<i64>,
    /// When the player to move was last reminded this turn.
    pub reminded_at: Option<i64>,
    /// The last turn message posted with buttons: channel and message.
    pub post: Option<(i64, i64)>,
    /// The game this one's rematch opened.
    pub rematch_id: Option<i64>,
    pub seats: Vec<SeatRow>,
}

/// A game and one of its versions: what a button drawn for that board carries, so that a
/// click on an older board, or on a game that has ended, is refused as stale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub game_id: i64,
    pub version: i64,
}

impl GameRow {
    /// The game and version this row is at (what a button drawn now carries).
    pub fn stamp(&self) -> Stamp {
        Stamp {
            game_id: self.id,
            version: self.version,
        }
    }
}

/// One player of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: i64,
    /// The Discord user; `None` for an AI seat or a local player.
    pub user_id: Option<i64>,
    pub name: String,
    /// `easy`, `medium` or `hard` for an AI seat.
    pub ai_level: Option<String>,
}

/// What a new game row starts with (status `lobby`, version 0).
#[derive(Clone, Debug)]
pub struct NewGame {
    pub kind: GameKind,
    pub place: Place,
    pub creator_id: Option<i64>,
    pub options: String,
    pub seed: i64,
    pub turn_timeout_secs: Option<i64>,
    pub locale: Option<String>,
    pub look: Option<String>,
    pub parent_channel_id: Option<i64>,
    pub assignment_id: Option<i64>,
    pub now: i64,
}

/// The changing part of a game row, written after a successful [`StoreTx::claim`].
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub status: Status,
    pub options: String,
    pub state: Option<String>,
    pub turn_started_at: Option<i64>,
    pub reminded: bool,
    /// An AI seat is to move (the turn clock's safety net, see `OpenGame::ai_to_move`).
    pub ai_to_move: bool,
    /// The person to move, if a person is.
    pub to_move_user: Option<i64>,
}

/// One entry of the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRow {
    pub version: i64,
    pub turn: i64,
    pub seat: i64,
    pub user_id: Option<i64>,
    /// JSON array of the engine's actions.
    pub actions: String,
    /// JSON array of the engine's events.
    pub events: String,
    pub at: i64,
}

/// Where one seat of a finished game placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    pub game_id: i64,
    pub seat: i64,
    pub guild_id: i64,
    pub kind: GameKind,
    /// `standard`, `solitaire1` or `solitaire2`.
    pub mode: String,
    pub user_id: Option<i64>,
    pub ai_level: Option<String>,
    pub name: String,
    pub place: i64,
    pub won: bool,
    pub turns: i64,
    pub finished_at: i64,
}

/// A player's rating in one server for one game kind.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub guild_id: i64,
    pub kind: GameKind,
    /// A Discord user, or an AI level's id (see `session::ratings`).
    pub user_id: i64,
    pub name: String,
    pub mu: f64,
    pub sigma: f64,
    pub games: i64,
    pub wins: i64,
    pub updated_at: i64,
}

/// A player's best solitaire score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestScore {
    pub user_id: Option<i64>,
    pub name: String,
    pub mode: String,
    pub turns: i64,
    pub game_id: i64,
}

/// One player's record in one server for one game kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    pub games: i64,
    pub wins: i64,
}

/// A server's settings (defaults when the server never set any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    pub guild_id: i64,
    pub turn_timeout_secs: Option<i64>,
    /// `ai` (an AI plays the idle turn) or `skip`.
    pub on_timeout: String,
    pub default_variant: String,
    pub teacher_role_id: Option<i64>,
    /// How the server's game pictures are drawn (palette and marks, as words).
    pub look: Option<String>,
    /// New games open in their own thread (when the bot may create threads).
    pub threads: bool,
    /// How long a leaderboard season lasts: `month`, `quarter` or `year`.
    pub season: String,
    /// Reminders every so often until the time is up (`None`: once, at half time).
    pub remind_every_secs: Option<i64>,
    /// The server's time zone (IANA, e.g. `Europe/Paris`): its weekends and holidays.
    pub time_zone: String,
    /// Turn clocks stop on Saturdays and Sundays.
    pub weekends_off: bool,
    /// Days the turn clocks stop: `2026-12-24,2026-12-25`.
    pub holidays: String,
    /// Days away (`/away`) a person may take per month.
    pub away_days: i64,
    /// A lobby nobody started closes after this many hours.
    pub lobby_hours: i64,
    /// A game nobody has touched for this many days ends, without ratings.
    pub idle_days: i64,
    /// The channel that receives the day's puzzles, if any.
    pub puzzle_channel: Option<i64>,
    /// The local hour the day's puzzles are posted.
    pub puzzle_hour: i64,
    /// The language of that post (`en`, `fr`).
    pub puzzle_lang: String,
}

impl GuildSettings {
    pub fn defaults(guild_id: i64) -> GuildSettings {
        GuildSettings {
            guild_id,
            turn_timeout_secs: None,
            on_timeout: "ai".into(),
            default_variant: String::new(),
            teacher_role_id: None,
            look: None,
            threads: true,
            season: "month".into(),
            remind_every_secs: None,
            time_zone: "UTC".into(),
            weekends_off: false,
            holidays: String::new(),
            away_days: 7,
            lobby_hours: 48,
            idle_days: 14,
            puzzle_channel: None,
            puzzle_hour: 8,
            puzzle_lang: "en".into(),
        }
    }
}

/// A class assignment (`/class pair`): the games opened together, and when they are due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssignmentRow {
    pub id: i64,
    pub guild_id: i64,
    /// Where the teacher asked (the due list is posted there).
    pub channel_id: i64,
    pub teacher_id: i64,
    pub kind: GameKind,
    pub created_at: i64,
    pub due_at: Option<i64>,
}

/// A person's own settings: how their private pictures are drawn, how they are told it
/// is their turn, their time zone, quiet hours and digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserSettings {
    pub user_id: i64,
    pub look: Option<String>,
    /// `ping` (in the game's channel), `dm` or `none`.
    pub notify: String,
    /// IANA time zone; `None`: UTC.
    pub time_zone: Option<String>,
    /// Quiet hours, minutes after local midnight: from, to (may cross midnight).
    pub quiet_from: Option<i64>,
    pub quiet_to: Option<i64>,
    /// The local hour of the daily digest by DM.
    pub digest_hour: Option<i64>,
    /// When the last digest went (ms).
    pub digest_sent: Option<i64>,
    /// Discord refused a DM: notifications go to the channel.
    pub dm_closed: bool,
    /// The language they last used with the bot (`en`, `fr`): their direct messages'.
    pub lang: Option<String>,
}

impl UserSettings {
    pub fn defaults(user_id: i64) -> UserSettings {
        UserSettings {
            user_id,
            look: None,
            notify: "ping".into(),
            time_zone: None,
            quiet_from: None,
            quiet_to: None,
            digest_hour: None,
            digest_sent: None,
            dm_closed: false,
            lang: None,
        }
    }
}

/// A person's answer to a day's puzzle (the first one of the day counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleAnswerRow {
    pub guild_id: i64,
    pub user_id: i64,
    /// `climb` or `daifugo`.
    pub kind: String,
    /// Days since 1970-01-01 in the server's time zone.
    pub day: i64,
    pub correct: bool,
    pub answered_at: i64,
}

/// A time away (`/away`): the person's turn clocks in the server stop meanwhile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwayRow {
    pub guild_id: i64,
    pub user_id: i64,
    pub from_at: i64,
    pub until_at: i64,
}

/// What a player did that the game log does not keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityRow {
    pub guild_id: i64,
    pub user_id: i64,
    pub game_id: i64,
    /// `hint` or `refused`.
    pub kind: String,
    /// For a refusal, its kind (`off_board`, `die_used`…); empty otherwise.
    pub detail: String,
    pub at: i64,
}

/// An open game whose turn clock may need attention (timeouts, AI seats after a restart).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenGame {
    pub id: i64,
    pub kind: GameKind,
    pub place: Place,
    pub status: Status,
    pub version: i64,
    pub turn_timeout_secs: Option<i64>,
    pub turn_started_at: Option<i64>,
    pub reminded: bool,
    /// When the game last changed (ms since the epoch).
    pub updated_at: i64,
    /// An AI seat is to move.
    pub ai_to_move: bool,
    /// The person to move, if a person is.
    pub to_move_user: Option<i64>,
    /// When they were last reminded this turn.
    pub reminded_at: Option<i64>,
    pub created_at: i64,
    /// The turn (its start) whose player was told by direct message.
    pub notified_turn: Option<i64>,
}

/// A game's public message waiting in the outbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingPost {
    pub game_id: i64,
    pub place: Place,
    /// The version the message is for.
    pub version: i64,
}
