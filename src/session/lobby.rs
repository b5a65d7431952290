//! The lobby: create a game, join, leave, add or remove AI seats, start; and ending a game
//! early. Joins and leaves commute, so when two race the loser simply tries again.

use rand::Rng;

use super::climb_play::ClimbView;
use super::daifugo_play::DaifugoView;
use super::{decode, encode, may_manage, Actor, GameView, Session, SessionError};
use crate::climb::{self, ai::Level};
use crate::daifugo;
use crate::store::{
    GameKind, GameRow, GameUpdate, NewGame, Place, SeatRow, Status, Store, StoreError, StoreTx,
};

/// The longest seat name kept (longer names are cut).
pub const MAX_NAME_CHARS: usize = 32;

/// How many times a commuting change (join, leave, add AI) is tried when another request
/// claimed the version first.
const RETRIES: usize = 8;

/// The options of a new game, which also say which game it is.
#[derive(Clone, Debug, PartialEq)]
pub enum GameOptions {
    Climb(climb::Options),
    Daifugo(daifugo::Options),
}

impl GameOptions {
    pub fn kind(&self) -> GameKind {
        match self {
            GameOptions::Climb(_) => GameKind::Climb,
            GameOptions::Daifugo(_) => GameKind::Daifugo,
        }
    }

    /// The most players the game seats.
    pub fn capacity(&self) -> usize {
        match self {
            GameOptions::Climb(o) if o.solitaire => 1,
            GameOptions::Climb(_) => climb::game::MAX_PLAYERS,
            GameOptions::Daifugo(_) => daifugo::options::MAX_PLAYERS,
        }
    }

    /// Check what can be checked before anyone joins (the smallest table these options
    /// allow).
    fn validate_alone(&self) -> Result<(), String> {
        match self {
            GameOptions::Climb(o) => o.validate(if o.solitaire { 1 } else { 2 }),
            GameOptions::Daifugo(o) => o.validate(if o.skip { 3 } else { 2 }),
        }
    }

    /// Check the options for this many players.
    fn validate(&self, players: usize) -> Result<(), String> {
        match self {
            GameOptions::Climb(o) => o.validate(players),
            GameOptions::Daifugo(o) => o.validate(players),
        }
    }

    fn encode(&self) -> Result<String, SessionError> {
        match self {
            GameOptions::Climb(o) => encode(o),
            GameOptions::Daifugo(o) => encode(o),
        }
    }

    /// The options stored with a game.
    pub fn of_row(row: &GameRow) -> Result<GameOptions, SessionError> {
        Ok(match row.kind {
            GameKind::Climb => GameOptions::Climb(decode("options", &row.options)?),
            GameKind::Daifugo => GameOptions::Daifugo(decode("options", &row.options)?),
        })
    }
}

/// What a new game is.
#[derive(Clone, Debug)]
pub struct LobbySpec {
    pub options: GameOptions,
    /// AI seats to add at once, in order.
    pub ai: Vec<Level>,
    /// Turn timeout; `None`: turns never time out.
    pub turn_timeout_secs: Option<i64>,
    /// The creator takes the first seat (on Discord; a teacher may open a game for others).
    pub creator_plays: bool,
    /// Terminal games: the names of the people at the keyboard, in seat order.
    pub local_players: Vec<String>,
    /// The engine's seed; random when `None`.
    pub seed: Option<u64>,
    /// The language of the game's channel messages (a Discord locale).
    pub locale: Option<String>,
    /// §7 Fill in the Blanks: shuffle the server's custom cards into the deck.
    pub fill_in_blanks: bool,
}

impl LobbySpec {
    pub fn climb(options: climb::Options) -> LobbySpec {
        LobbySpec::new(GameOptions::Climb(options))
    }

    pub fn daifugo(options: daifugo::Options) -> LobbySpec {
        LobbySpec::new(GameOptions::Daifugo(options))
    }

    fn new(options: GameOptions) -> LobbySpec {
        LobbySpec {
            options,
            ai: Vec::new(),
            turn_timeout_secs: None,
            creator_plays: true,
            local_players: Vec::new(),
            seed: None,
            locale: None,
            fill_in_blanks: false,
        }
    }
}

/// A lobby (or any game row) as the adapters show it.
#[derive(Clone, Debug)]
pub struct LobbyView {
    pub row: GameRow,
}

impl LobbyView {
    /// The options the lobby was created with.
    pub fn options(&self) -> Result<GameOptions, SessionError> {
        GameOptions::of_row(&self.row)
    }

    /// The Prime Climb options (the defaults for another game).
    pub fn climb_options(&self) -> Result<climb::Options, SessionError> {
        match self.options()? {
            GameOptions::Climb(o) => Ok(o),
            GameOptions::Daifugo(_) => Ok(climb::Options::default()),
        }
    }

    /// The most players this lobby seats.
    pub fn capacity(&self) -> usize {
        self.options()
            .map(|o| o.capacity())
            .unwrap_or(climb::game::MAX_PLAYERS)
    }
}

/// A seat name as shown: trimmed, control characters dropped, at most [`MAX_NAME_CHARS`].
pub fn clean_name(name: &str) -> Result<String, SessionError> {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect();
    if cleaned.trim().is_empty() {
        Err(SessionError::BadName)
    } else {
        Ok(cleaned.trim().to_string())
    }
}

/// The name of a new AI seat: "Hard AI", then "Hard AI 2"… (in French for a game whose
/// locale is French: "IA forte").
fn ai_name(level: Level, seats: &[SeatRow], locale: Option<&str>) -> String {
    let french = locale.is_some_and(|l| l.to_ascii_lowercase().starts_with("fr"));
    let base = match (level, french) {
        (Level::Easy, false) => "Easy AI",
        (Level::Medium, false) => "Medium AI",
        (Level::Hard, false) => "Hard AI",
        (Level::Easy, true) => "IA facile",
        (Level::Medium, true) => "IA moyenne",
        (Level::Hard, true) => "IA forte",
    };
    let mut name = base.to_string();
    let mut n = 1;
    while seats.iter().any(|s| s.name == name) {
        n += 1;
        name = format!("{base} {n}");
    }
    name
}

fn next_seat(seats: &[SeatRow]) -> i64 {
    seats.iter().map(|s| s.seat + 1).max().unwrap_or(0)
}

impl<S: Store> Session<S> {
    /// Open a lobby in `place`. The creator takes the first seat (unless the spec says
    /// otherwise), then the local players and AI seats of the spec.
    pub async fn create_lobby(
        &self,
        place: Place,
        actor: &Actor,
        spec: &LobbySpec,
    ) -> Result<LobbyView, SessionError> {
        let mut options = spec.options.clone();
        if let (true, GameOptions::Climb(options)) = (spec.fill_in_blanks, &mut options) {
            options.custom_cards = self
                .custom_cards(place.guild_id)
                .await?
                .into_iter()
                .map(|(_, card)| card)
                .collect();
            if options.custom_cards.is_empty() {
                return Err(SessionError::NoCustomCards);
            }
        }
        // Check what can be checked before anyone joins: the variants and custom cards.
        options.validate_alone().map_err(SessionError::BadOptions)?;
        if let Some(t) = spec.turn_timeout_secs {
            if t <= 0 {
                return Err(SessionError::BadOptions(
                    "a turn timeout must be a positive number of seconds".into(),
                ));
            }
        }
        let mut seats: Vec<SeatRow> = Vec::new();
        if spec.creator_plays && actor.user_id.is_some() {
            seats.push(SeatRow {
                seat: 0,
                user_id: actor.user_id,
                name: clean_name(&actor.name)?,
                ai_level: None,
            });
        }
        for name in &spec.local_players {
            let seat = next_seat(&seats);
            seats.push(SeatRow {
                seat,
                user_id: None,
                name: clean_name(name)?,
                ai_level: None,
            });
        }
        for &level in &spec.ai {
            let seat = next_seat(&seats);
            let name = ai_name(level, &seats, spec.locale.as_deref());
            seats.push(SeatRow {
                seat,
                user_id: None,
                name,
                ai_level: Some(level.name().to_string()),
            });
        }
        let max = options.capacity();
        if seats.len() > max {
            return Err(SessionError::LobbyFull { max });
        }
        let seed = spec.seed.unwrap_or_else(|| rand::thread_rng().gen());
        let new = NewGame {
            kind: options.kind(),
            place,
            creator_id: actor.user_id,
            options: options.encode()?,
            // The seed is stored bit for bit: u64 in the engine, BIGINT in the database.
            seed: seed as i64,
            turn_timeout_secs: spec.turn_timeout_secs,
            locale: spec.locale.clone(),
            now: self.now(),
        };
        let mut tx = self.store().begin().await?;
        let id = tx.insert_game(&new).await?;
        for s in &seats {
            tx.insert_seat(id, s).await?;
        }
        tx.commit().await?;
        self.lobby_by_id(id).await
    }

    async fn lobby_by_id(&self, id: i64) -> Result<LobbyView, SessionError> {
        let row = self.store().game(id).await?.ok_or(SessionError::NoGame)?;
        Ok(LobbyView { row })
    }

    /// The open game of a place, lobby or not.
    pub async fn lobby(&self, place: Place) -> Result<LobbyView, SessionError> {
        Ok(LobbyView {
            row: self.open(place).await?,
        })
    }

    /// Run a lobby change, trying again when another change claimed the version first.
    async fn lobby_change<F>(&self, place: Place, change: F) -> Result<LobbyView, SessionError>
    where
        F: Fn(&GameRow) -> Result<LobbyEdit, SessionError> + Send + Sync,
    {
        for _ in 0..RETRIES {
            let row = self.open(place).await?;
            if row.status != Status::Lobby {
                return Err(SessionError::AlreadyStarted);
            }
            let edit = change(&row)?;
            let mut tx = self.store().begin().await?;
            match tx.claim(row.id, row.version, self.now()).await {
                Err(StoreError::Conflict) => continue,
                other => other?,
            }
            match &edit {
                LobbyEdit::Add(seat) => tx.insert_seat(row.id, seat).await?,
                LobbyEdit::Remove(seat) => tx.delete_seat(row.id, *seat).await?,
            }
            let remaining_humans = match &edit {
                LobbyEdit::Remove(seat) => row
                    .seats
                    .iter()
                    .filter(|s| s.seat != *seat && s.ai_level.is_none())
                    .count(),
                _ => 1,
            };
            if remaining_humans == 0 {
                // The last person left: the lobby closes and frees the channel.
                tx.update_game(
                    row.id,
                    &GameUpdate {
                        status: Status::Ended,
                        options: row.options.clone(),
                        state: None,
                        turn_started_at: None,
                        reminded: false,
                    },
                )
                .await?;
            }
            tx.commit().await?;
            return self.lobby_by_id(row.id).await;
        }
        Err(SessionError::Moved)
    }

    /// Take a seat in the lobby.
    pub async fn join(&self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
        let name = clean_name(&actor.name)?;
        self.lobby_change(place, |row| {
            if actor.user_id.is_some() && row.seats.iter().any(|s| s.user_id == actor.user_id) {
                return Err(SessionError::AlreadyJoined);
            }
            check_room(row)?;
            Ok(LobbyEdit::Add(SeatRow {
                seat: next_seat(&row.seats),
                user_id: actor.user_id,
                name: name.clone(),
                ai_level: None,
            }))
        })
        .await
    }

    /// Leave the lobby (once the game has started, resign instead).
    pub async fn leave(&self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
        self.lobby_change(place, |row| {
            let seat = match actor.user_id {
                Some(id) => row.seats.iter().find(|s| s.user_id == Some(id)),
                // At the terminal: the last local player added.
                None => row
                    .seats
                    .iter()
                    .rev()
                    .find(|s| s.user_id.is_none() && s.ai_level.is_none()),
            };
            seat.map(|s| LobbyEdit::Remove(s.seat))
                .ok_or(SessionError::NotInGame)
        })
        .await
    }

    /// Add an AI seat (players in the lobby, its creator or a moderator).
    pub async fn add_ai(
        &self,
        place: Place,
        actor: &Actor,
        level: Level,
    ) -> Result<LobbyView, SessionError> {
        self.lobby_change(place, |row| {
            check_seated_or_manager(row, actor)?;
            check_room(row)?;
            Ok(LobbyEdit::Add(SeatRow {
                seat: next_seat(&row.seats),
                user_id: None,
                name: ai_name(level, &row.seats, row.locale.as_deref()),
                ai_level: Some(level.name().to_string()),
            }))
        })
        .await
    }

    /// Remove the AI seat added last.
    pub async fn remove_ai(&self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
        self.lobby_change(place, |row| {
            check_seated_or_manager(row, actor)?;
            row.seats
                .iter()
                .rev()
                .find(|s| s.ai_level.is_some())
                .map(|s| LobbyEdit::Remove(s.seat))
                .ok_or(SessionError::NoSuchAi(0))
        })
        .await
    }

    /// Start the game: the seats in join order become the turn order (§2), the engine
    /// deals and rolls for the first player, who is chosen at random.
    pub async fn start(&self, place: Place, actor: &Actor) -> Result<GameView, SessionError> {
        let row = self.open(place).await?;
        if row.status != Status::Lobby {
            return Err(SessionError::AlreadyStarted);
        }
        if !may_manage(&row, actor) && seat_of(&row, actor).is_none() {
            return Err(SessionError::NotAllowed(
                "a player in the lobby, its creator or a moderator can start the game",
            ));
        }
        let options = GameOptions::of_row(&row)?;
        let seats: Vec<SeatRow> = row
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatRow {
                seat: i as i64,
                ..s.clone()
            })
            .collect();
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        options
            .validate(names.len())
            .map_err(SessionError::BadOptions)?;
        let seed = row.seed as u64;
        let state = match &options {
            GameOptions::Climb(o) => Started::Climb(climb::Game::new(o.clone(), &names, seed)?),
            GameOptions::Daifugo(o) => Started::Daifugo(
                daifugo::Game::new(o.clone(), &names, seed)
                    .map_err(|e| SessionError::BadOptions(e.to_string()))?,
            ),
        };
        let now = self.now();
        let mut tx = self.store().begin().await?;
        tx.claim(row.id, row.version, now).await?;
        tx.replace_seats(row.id, &seats).await?;
        tx.update_game(
            row.id,
            &GameUpdate {
                status: Status::Active,
                options: row.options.clone(),
                state: Some(match &state {
                    Started::Climb(g) => encode(g)?,
                    Started::Daifugo(g) => encode(g)?,
                }),
                turn_started_at: Some(now),
                reminded: false,
            },
        )
        .await?;
        tx.commit().await?;
        let row = GameRow {
            status: Status::Active,
            version: row.version + 1,
            turn_started_at: Some(now),
            updated_at: now,
            reminded: false,
            seats,
            state: None,
            ..row
        };
        Ok(match state {
            Started::Climb(game) => GameView::Climb(Box::new(ClimbView::new(
                row,
                game,
                Vec::new(),
                None,
                Vec::new(),
            ))),
            Started::Daifugo(game) => GameView::Daifugo(Box::new(DaifugoView::new(
                row,
                game,
                Vec::new(),
                None,
                Vec::new(),
            ))),
        })
    }

    /// End the open game early (its creator or a moderator): no results, no ratings, and
    /// the channel is free for a new game.
    pub async fn end_game(&self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
        let row = self.open(place).await?;
        let creator = actor.user_id.is_some() && actor.user_id == row.creator_id;
        if !(creator || actor.moderator) {
            return Err(SessionError::NotAllowed(
                "the game's creator or a moderator can end it",
            ));
        }
        let mut tx = self.store().begin().await?;
        tx.claim(row.id, row.version, self.now()).await?;
        tx.update_game(
            row.id,
            &GameUpdate {
                status: Status::Ended,
                options: row.options.clone(),
                state: row.state.clone(),
                turn_started_at: row.turn_started_at,
                reminded: row.reminded,
            },
        )
        .await?;
        tx.commit().await?;
        self.lobby_by_id(row.id).await
    }
}

/// One change to a lobby's seats.
enum LobbyEdit {
    Add(SeatRow),
    Remove(i64),
}

/// A game just dealt.
enum Started {
    Climb(climb::Game),
    Daifugo(daifugo::Game),
}

fn check_room(row: &GameRow) -> Result<(), SessionError> {
    let max = GameOptions::of_row(row)
        .map(|o| o.capacity())
        .unwrap_or(climb::game::MAX_PLAYERS);
    if row.seats.len() >= max {
        Err(SessionError::LobbyFull { max })
    } else {
        Ok(())
    }
}

/// The seat of a Discord actor in the game.
fn seat_of<'a>(row: &'a GameRow, actor: &Actor) -> Option<&'a SeatRow> {
    actor
        .user_id
        .and_then(|id| row.seats.iter().find(|s| s.user_id == Some(id)))
}

fn check_seated_or_manager(row: &GameRow, actor: &Actor) -> Result<(), SessionError> {
    if may_manage(row, actor) || seat_of(row, actor).is_some() {
        Ok(())
    } else {
        Err(SessionError::NotAllowed(
            "a player in the lobby, its creator or a moderator can change the seats",
        ))
    }
}
