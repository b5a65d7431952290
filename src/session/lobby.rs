//! The lobby: create a game, join, leave, add or remove AI seats, start; and ending a game
//! early. Joins and leaves commute, so when two race the loser simply tries again.

use super::core::ended_update;
use super::core::Lobbies;
use rand::Rng;

use super::core::{encode, may_manage};
use super::ClimbView;
use super::DaifugoView;
use super::{
    Actor, GameInfo, GameOptions, GameView, Permission, Session, SessionError, MAX_NAME_CHARS,
};
use crate::lang::Lang;
use crate::level::Level;
use crate::render::Look;
use crate::store::{
    GameRow, GameUpdate, NewGame, Place, SeatRow, Status, Store, StoreError, StoreTx,
};
use crate::{climb, daifugo};

/// How many times a commuting change (join, leave, add AI) is tried when another request
/// claimed the version first.
const RETRIES: usize = 8;

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
    /// Discord users seated at once, in order (a class pairing): id and name.
    pub members: Vec<(i64, String)>,
    /// The engine's seed; random when `None`.
    pub seed: Option<u64>,
    /// The language of the game's public messages and AI seat names.
    pub lang: Lang,
    /// §7 Fill in the Blanks: shuffle the server's custom cards into the deck.
    pub fill_in_blanks: bool,
    /// How the game's pictures are drawn; `None`: the server's default (`/settings`).
    pub look: Option<Look>,
    /// The game is played in a thread (its place) of this channel.
    pub parent_channel_id: Option<i64>,
    /// The class assignment that opens it.
    pub assignment_id: Option<i64>,
    /// Exactly these seats, in this order (a rematch); when set, the creator, members,
    /// local players and AI seats above are not used.
    pub seats: Vec<SeatRow>,
}

impl LobbySpec {
    pub fn climb(options: climb::Options) -> LobbySpec {
        LobbySpec::new(GameOptions::Climb(options))
    }

    pub fn daifugo(options: daifugo::Options) -> LobbySpec {
        LobbySpec::new(GameOptions::Daifugo(options))
    }

    pub fn new(options: GameOptions) -> LobbySpec {
        LobbySpec {
            options,
            ai: Vec::new(),
            turn_timeout_secs: None,
            creator_plays: true,
            local_players: Vec::new(),
            seed: None,
            lang: Lang::En,
            look: None,
            members: Vec::new(),
            parent_channel_id: None,
            assignment_id: None,
            fill_in_blanks: false,
            seats: Vec::new(),
        }
    }
}

/// A lobby (or any game before or after play) as the fronts show it.
#[derive(Clone, Debug)]
pub struct LobbyView {
    pub info: GameInfo,
}

impl LobbyView {
    fn of_row(row: &GameRow) -> Result<LobbyView, SessionError> {
        Ok(LobbyView {
            info: GameInfo::of_row(row)?,
        })
    }

    /// The most players this lobby seats.
    pub fn capacity(&self) -> usize {
        self.info.options.capacity()
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

/// The name of a new AI seat: "Hard AI", then "Hard AI 2"… in the game's language
/// ("IA forte"). When the game starts, seats of the same name are numbered from 1.
fn ai_name(level: Level, seats: &[SeatRow], lang: Lang) -> String {
    let base = level.seat_name(lang);
    let mut name = base.to_string();
    let mut n = 1;
    while seats.iter().any(|s| s.name == name) {
        n += 1;
        name = format!("{base} {n}");
    }
    name
}

/// Tell seats with the same name apart: "Hard AI 1", "Hard AI 2" (the first one was
/// named before there was a second), "Alex 1", "Alex 2". Names stay within
/// [`MAX_NAME_CHARS`].
fn distinct_names(seats: &mut [SeatRow]) {
    let base = |s: &SeatRow| -> String {
        // An AI seat named "Hard AI 2" when it was added counts as a "Hard AI".
        match s.ai_level.as_deref().and_then(|l| l.parse::<Level>().ok()) {
            Some(level)
                if Lang::ALL
                    .iter()
                    .any(|&lang| s.name.starts_with(level.seat_name(lang))) =>
            {
                Lang::ALL
                    .iter()
                    .map(|&lang| level.seat_name(lang))
                    .find(|b| s.name.starts_with(b))
                    .unwrap_or(level.name())
                    .to_string()
            }
            _ => s.name.clone(),
        }
    };
    let bases: Vec<String> = seats.iter().map(base).collect();
    for (i, seat) in seats.iter_mut().enumerate() {
        let same = bases.iter().filter(|b| **b == bases[i]).count();
        if same > 1 {
            let number = bases[..=i].iter().filter(|b| **b == bases[i]).count();
            let suffix = format!(" {number}");
            let room = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
            let head: String = bases[i].chars().take(room).collect();
            seat.name = format!("{}{suffix}", head.trim_end());
        } else {
            seat.name = bases[i].clone();
        }
    }
}

fn next_seat(seats: &[SeatRow]) -> i64 {
    seats.iter().map(|s| s.seat + 1).max().unwrap_or(0)
}

impl<S: Store> Session<S> {
    async fn lobby_by_id(&self, id: i64) -> Result<LobbyView, SessionError> {
        let row = self.store().game(id).await?.ok_or(SessionError::NoGame)?;
        LobbyView::of_row(&row)
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
                        ai_to_move: false,
                        to_move_user: None,
                    },
                )
                .await?;
            }
            tx.commit().await?;
            return self.lobby_by_id(row.id).await;
        }
        Err(SessionError::Moved)
    }
}

impl<S: Store> Lobbies<'_, S> {
    /// Open a lobby in `place`. The creator takes the first seat (unless the spec says
    /// otherwise), then the local players and AI seats of the spec.
    pub async fn create_lobby(
        self,
        place: Place,
        actor: &Actor,
        spec: &LobbySpec,
    ) -> Result<LobbyView, SessionError> {
        let mut options = spec.options.clone();
        if let (true, GameOptions::Climb(options)) = (spec.fill_in_blanks, &mut options) {
            options.custom_cards = self
                .servers()
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
        options.validate_alone()?;
        if let Some(t) = spec.turn_timeout_secs {
            if !(super::request::MIN_TIMEOUT_SECS..=super::request::MAX_TIMEOUT_SECS).contains(&t) {
                return Err(super::request::RequestError::DurationRange(format!("{t} s")).into());
            }
        }
        let mut seats: Vec<SeatRow> = spec
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatRow {
                seat: i as i64,
                ..s.clone()
            })
            .collect();
        if spec.seats.is_empty() && spec.creator_plays && actor.user_id.is_some() {
            seats.push(SeatRow {
                seat: 0,
                user_id: actor.user_id,
                name: clean_name(&actor.name)?,
                ai_level: None,
            });
        }
        let extra = spec.seats.is_empty();
        for (user_id, name) in spec.members.iter().filter(|_| extra) {
            if seats.iter().any(|s| s.user_id == Some(*user_id)) {
                continue;
            }
            let seat = next_seat(&seats);
            seats.push(SeatRow {
                seat,
                user_id: Some(*user_id),
                name: clean_name(name)?,
                ai_level: None,
            });
        }
        for name in spec.local_players.iter().filter(|_| extra) {
            let seat = next_seat(&seats);
            seats.push(SeatRow {
                seat,
                user_id: None,
                name: clean_name(name)?,
                ai_level: None,
            });
        }
        for &level in spec.ai.iter().filter(|_| extra) {
            let seat = next_seat(&seats);
            let name = ai_name(level, &seats, spec.lang);
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
        let look = match spec.look {
            Some(look) => look,
            None => self.servers().settings(place.guild_id).await?.look,
        };
        let new = NewGame {
            kind: options.kind(),
            place,
            creator_id: actor.user_id,
            options: options.encode()?,
            // The seed is stored bit for bit: u64 in the engine, BIGINT in the database.
            seed: seed as i64,
            turn_timeout_secs: spec.turn_timeout_secs,
            locale: Some(spec.lang.code().to_string()),
            look: Some(super::request::look_words(look)),
            parent_channel_id: spec.parent_channel_id,
            assignment_id: spec.assignment_id,
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

    /// The open game of a place, lobby or not.
    pub async fn lobby(self, place: Place) -> Result<LobbyView, SessionError> {
        LobbyView::of_row(&self.open(place).await?)
    }

    /// Take a seat in the lobby.
    pub async fn join(self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
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
    pub async fn leave(self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
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
        self,
        place: Place,
        actor: &Actor,
        level: Level,
    ) -> Result<LobbyView, SessionError> {
        let actor = &self.moderating(actor, place.guild_id).await;
        self.lobby_change(place, |row| {
            check_seated_or_manager(row, actor)?;
            check_room(row)?;
            Ok(LobbyEdit::Add(SeatRow {
                seat: next_seat(&row.seats),
                user_id: None,
                name: ai_name(level, &row.seats, Lang::pick(row.locale.as_deref(), None)),
                ai_level: Some(level.name().to_string()),
            }))
        })
        .await
    }

    /// Remove the AI seat added last.
    pub async fn remove_ai(self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
        let actor = &self.moderating(actor, place.guild_id).await;
        self.lobby_change(place, |row| {
            check_seated_or_manager(row, actor)?;
            row.seats
                .iter()
                .rev()
                .find(|s| s.ai_level.is_some())
                .map(|s| LobbyEdit::Remove(s.seat))
                .ok_or(SessionError::NoSuchAi)
        })
        .await
    }

    /// Start the game: the seats in join order become the turn order (§2), the engine
    /// deals and rolls for the first player, who is chosen at random.
    pub async fn start(self, place: Place, actor: &Actor) -> Result<GameView, SessionError> {
        let actor = &self.moderating(actor, place.guild_id).await;
        let row = self.open(place).await?;
        if row.status != Status::Lobby {
            return Err(SessionError::AlreadyStarted);
        }
        if !may_manage(&row, actor) && seat_of(&row, actor).is_none() {
            return Err(SessionError::NotAllowed(Permission::StartGame));
        }
        let options = GameOptions::of_row(&row)?;
        let mut seats: Vec<SeatRow> = row
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatRow {
                seat: i as i64,
                ..s.clone()
            })
            .collect();
        distinct_names(&mut seats);
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        options.validate(names.len())?;
        let seed = row.seed as u64;
        let state = match &options {
            GameOptions::Climb(o) => Started::Climb(climb::Game::new(o.clone(), &names, seed)?),
            GameOptions::Daifugo(o) => {
                Started::Daifugo(daifugo::Game::new(o.clone(), &names, seed)?)
            }
        };
        let now = self.now();
        let first = match &state {
            Started::Climb(g) => g.current(),
            Started::Daifugo(g) => g.current(),
        };
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
                ai_to_move: seats.get(first).is_some_and(|s| s.ai_level.is_some()),
                to_move_user: seats.get(first).and_then(|s| s.user_id),
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
        let info = GameInfo::of_row(&row)?;
        Ok(match state {
            Started::Climb(game) => {
                GameView::Climb(Box::new(ClimbView::new(info, game, Vec::new(), None)))
            }
            Started::Daifugo(game) => {
                GameView::Daifugo(Box::new(DaifugoView::new(info, game, Vec::new(), None)))
            }
        })
    }

    /// End the open game early (its creator or a moderator): no results, no ratings, and
    /// the channel is free for a new game.
    pub async fn end_game(self, place: Place, actor: &Actor) -> Result<LobbyView, SessionError> {
        let actor = &self.moderating(actor, place.guild_id).await;
        let row = self.open(place).await?;
        let creator = actor.user_id.is_some() && actor.user_id == row.creator_id;
        if !(creator || actor.moderator) {
            return Err(SessionError::NotAllowed(Permission::EndGame));
        }
        let mut tx = self.store().begin().await?;
        tx.claim(row.id, row.version, self.now()).await?;
        tx.update_game(row.id, &ended_update(&row)).await?;
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
        Err(SessionError::NotAllowed(Permission::ChangeSeats))
    }
}
