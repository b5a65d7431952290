//! Prime Climb in play: moves in the notation of §4 (whole or partial), Keepers, card
//! choices, ending and undoing within the Move phase, resigning, AI turns, and the
//! read-only views (board, legal moves, hints). Every change goes through
//! [`Session::commit_climb`]: claim the version, write state and log (and results), commit.

use super::core::Play;
use crate::climb::{self, hint::Hint, Action, Event, Game, Outcome, PawnRef, Phase, Seat};
use crate::level::Level;
use crate::store::{GameKind, GameRow, Place, SeatRow, Stamp, Status, Store, StoreError};

use super::commit::{unless_moved, Change};
use super::core::{decode, encode, logged};
use super::outcome::{Changed, Notice};
use super::ratings::Finish;
use super::request::Command;
use super::{
    ActedTurn, Actor, ClimbView, GameInfo, KeeperError, LobbyView, Look, Session, SessionError,
};

/// A word as quoted back in a message.
fn quoted(word: &str) -> String {
    word.trim().chars().take(40).collect()
}

/// The Move phase ends by itself when every die is used and no Keeper could still be
/// played (a session ruling, so a whole move typed at once finishes the turn); otherwise
/// the player ends it (`end`).
fn should_end_move(game: &Game) -> bool {
    matches!(game.phase, Phase::Move)
        && game.turn.uses.total_left() == 0
        && game.playable_keepers(game.current()).is_empty()
}

/// Write a Keeper play as notation (§4): `14 k+5`, `40 kw`, `kc2`.
fn keeper_notation(
    game: &Game,
    seat: Seat,
    keeper: &str,
    target: Option<&str>,
) -> Result<String, KeeperError> {
    let word = keeper
        .trim()
        .to_lowercase()
        .trim_start_matches("keeper")
        .trim()
        .to_string();
    let word = word.strip_prefix('k').unwrap_or(&word).trim().to_string();
    let target = target.map(str::trim).filter(|t| !t.is_empty());
    let pawn_space = |what: &str| -> Result<u8, KeeperError> {
        if let Some(t) = target {
            let t = t.trim_start_matches("on ").trim();
            return t.parse::<u8>().map_err(|_| KeeperError::NotASpace {
                target: quoted(t),
                keeper: what.to_string(),
            });
        }
        let mine: Vec<u8> = (0..2)
            .filter(|&pawn| !game.is_home(PawnRef { seat, pawn }))
            .map(|pawn| game.players[seat].pawns[pawn])
            .collect();
        match mine.as_slice() {
            [one] => Ok(*one),
            [a, b] if a == b => Ok(*a),
            _ => Err(KeeperError::WhichPawn {
                keeper: what.to_string(),
                example: mine.first().copied().unwrap_or(0),
            }),
        }
    };
    let mut chars = word.chars();
    let sign = chars.next();
    if let (Some(sign @ ('+' | '-' | '−')), Ok(n)) = (sign, chars.as_str().trim().parse::<u8>()) {
        let sign = if sign == '+' { '+' } else { '-' };
        let space = pawn_space(&format!("{sign}{n}"))?;
        return Ok(format!("{space} k{sign}{n}"));
    }
    match word.as_str() {
        "w" | "within" | "send" | "send-within" | "sendwithin" | "renvoi" | "renvoyer" => {
            let space = pawn_space("within")?;
            Ok(format!("{space} kw"))
        }
        "c" | "curse" | "malédiction" | "malediction" | "maudire" => {
            let Some(t) = target else {
                return Err(KeeperError::WhomToCurse);
            };
            let n = match t.parse::<usize>() {
                Ok(n) => n,
                Err(_) => {
                    let lower = t.to_lowercase();
                    let found: Vec<usize> = game
                        .players
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.name.to_lowercase().starts_with(&lower))
                        .map(|(i, _)| i + 1)
                        .collect();
                    match found.as_slice() {
                        [one] => *one,
                        [] => return Err(KeeperError::NoPlayerCalled(quoted(t))),
                        _ => return Err(KeeperError::SeveralPlayers(quoted(t))),
                    }
                }
            };
            Ok(format!("kc{n}"))
        }
        _ => Err(KeeperError::NotAKeeper(quoted(keeper))),
    }
}

impl<S: Store> Session<S> {
    /// Load the started game of a place with its decoded state.
    pub(super) async fn climb(&self, place: Place) -> Result<(GameRow, Game), SessionError> {
        let row = self.active_of(place, GameKind::Climb).await?;
        let game = state_of(&row)?;
        Ok((row, game))
    }

    /// The seat `actor` plays now: their own seat (Discord), or the seat to move when it
    /// is a local player's (terminal). `any_time` allows acting off turn (resigning).
    fn actor_seat(
        row: &GameRow,
        game: &Game,
        actor: &Actor,
        any_time: bool,
    ) -> Result<Seat, SessionError> {
        let current = game.current();
        let seat = match actor.user_id {
            Some(id) => row
                .seats
                .iter()
                .position(|s| s.user_id == Some(id))
                .ok_or(SessionError::NotInGame)?,
            None => {
                let local = |s: &SeatRow| s.user_id.is_none() && s.ai_level.is_none();
                match row.seats.get(current) {
                    Some(s) if local(s) => current,
                    _ if !row.seats.iter().any(local) => return Err(SessionError::NotInGame),
                    _ => current,
                }
            }
        };
        if any_time || seat == current {
            return Ok(seat);
        }
        let name = game.players[current].name.to_string();
        if row.seats.get(current).is_some_and(|s| s.ai_level.is_some()) {
            Err(SessionError::AiTurn { name })
        } else {
            Err(SessionError::NotYourTurn { name })
        }
    }

    async fn act_once(
        &self,
        place: Place,
        actor: &Actor,
        command: Command,
        stamp: Option<Stamp>,
    ) -> Result<ClimbView, SessionError> {
        let (row, game) = self.shown(place, stamp).await?;
        // Resigning is allowed at any time; taking back a finished move until the next
        // player acts.
        let any_time = matches!(command, Command::Resign | Command::Undo);
        let seat = match (actor.user_id, &command) {
            // At the terminal `undo` speaks for the local player who can use it.
            (None, Command::Undo) => match Self::local_undo_seat(&row, &game) {
                Some(seat) => seat,
                None => Self::actor_seat(&row, &game, actor, any_time)?,
            },
            _ => Self::actor_seat(&row, &game, actor, any_time)?,
        };
        if row.seats.get(seat).is_some_and(|s| s.ai_level.is_some()) && !any_time {
            return Err(SessionError::AiTurn {
                name: game.players[seat].name.to_string(),
            });
        }
        let resolved = |text: &str| climb::notation::read(&game, seat, text);
        let (mut actions, mut next, mut events) = match &command {
            Command::Move(text) => {
                let r = resolved(text)?;
                (r.actions, r.game, r.events)
            }
            Command::Keeper { keeper, target } => {
                let r = resolved(&keeper_notation(&game, seat, keeper, target.as_deref())?)?;
                (r.actions, r.game, r.events)
            }
            other => {
                let action = match other {
                    Command::EndMove => Action::EndMove,
                    Command::Undo => Self::undo_action(&game, seat)?,
                    Command::Choose(n) => {
                        let choices = game.pending_choices();
                        if choices.is_empty() {
                            return Err(SessionError::NothingToChoose);
                        }
                        let choice = n.checked_sub(1).and_then(|i| choices.get(i)).ok_or(
                            SessionError::NoSuchChoice {
                                n: *n,
                                count: choices.len(),
                            },
                        )?;
                        Action::Choose(*choice)
                    }
                    _ => Action::Resign,
                };
                let mut next = game.clone();
                let events = next.apply(seat, &action)?;
                (vec![action], next, events)
            }
        };
        let moved = matches!(
            command,
            Command::Move(_) | Command::Keeper { .. } | Command::Choose(_)
        );
        if moved && next.current() == seat && should_end_move(&next) {
            events.extend(next.apply(seat, &Action::EndMove)?);
            actions.push(Action::EndMove);
        }
        self.commit_climb(&row, &game, next, seat, &actions, events, actor.user_id)
            .await
    }

    /// The game of a place, still on, and (`stamp`: as a board showed it) not moved on
    /// since: a board that is gone or older has moved on.
    async fn shown(
        &self,
        place: Place,
        stamp: Option<Stamp>,
    ) -> Result<(GameRow, Game), SessionError> {
        let (row, game) = match self.climb(place).await {
            Err(SessionError::NoGame | SessionError::NotStarted) if stamp.is_some() => {
                return Err(SessionError::Moved)
            }
            other => other?,
        };
        if stamp.is_some_and(|s| s != row.stamp()) {
            return Err(SessionError::Moved);
        }
        if game.is_over() {
            return Err(SessionError::GameOver);
        }
        Ok((row, game))
    }

    /// The local seat an `undo` typed at the terminal is for: the player to move while
    /// they have a step to take back, else the player whose finished move can be.
    fn local_undo_seat(row: &GameRow, game: &Game) -> Option<Seat> {
        let local = |seat: Seat| {
            row.seats
                .get(seat)
                .is_some_and(|s| s.user_id.is_none() && s.ai_level.is_none())
        };
        let current = game.current();
        if local(current) && game.turn.can_undo() {
            return Some(current);
        }
        game.take_back_seat().filter(|&s| local(s))
    }

    /// What `undo` means for `seat`: a step of its Move phase, or, when it has none to
    /// take back, its finished move (until the next player acts).
    fn undo_action(game: &Game, seat: Seat) -> Result<Action, SessionError> {
        use climb::game::LastMove;
        let own_last_move = match &game.last_move {
            Some(LastMove::Open(before)) => before.turn.seat == seat,
            Some(LastMove::CardSeen(s)) => *s == seat,
            None => false,
        };
        let current = game.current();
        if seat == current && (game.turn.can_undo() || !own_last_move) {
            return Ok(Action::Undo);
        }
        if own_last_move {
            return Ok(Action::TakeBack);
        }
        let name = game.players[current].name.to_string();
        Err(SessionError::NotYourTurn { name })
    }

    /// [`Play::ai_turn`] on an active game as read in `row` (its state `game`): what
    /// the caller decided on that read (the take-back window has passed) holds for the
    /// turn played, since a change made since (a person's move) makes the play a
    /// conflict, and nothing is played.
    pub(super) async fn ai_turn_on(
        &self,
        row: GameRow,
        game: Game,
    ) -> Result<Option<ClimbView>, SessionError> {
        let seat = game.current();
        let level = match row.seats.get(seat).and_then(|s| s.ai_level.as_deref()) {
            Some(l) if !game.is_over() => l.parse::<Level>().map_err(|e| {
                SessionError::Store(StoreError::Corrupt(format!("seat {seat}: {e}")))
            })?,
            _ => return Ok(None),
        };
        self.play().play_for(row, game, level).await
    }

    /// Until when an AI seat to move waits before playing: the end of the window in which
    /// the previous player may take their move back (ms since the epoch), if it is open.
    pub(super) fn take_back_until(row: &GameRow, game: &Game, window_ms: i64) -> Option<i64> {
        game.take_back_seat()?;
        let until = row.turn_started_at?.saturating_add(window_ms);
        Some(until)
    }

    /// Write one change (see `commit_change`), and keep the events the picture needs.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn commit_climb(
        &self,
        row: &GameRow,
        before: &Game,
        after: Game,
        seat: Seat,
        actions: &[Action],
        events: Vec<Event>,
        user_id: Option<i64>,
    ) -> Result<ClimbView, SessionError> {
        let new_turn = after.is_over() || after.turn.number != before.turn.number;
        // The earlier steps of a turn played in several requests, for the picture.
        let mut recent = Vec::new();
        if new_turn && (!before.turn.steps.is_empty() || matches!(before.phase, Phase::Choice(_))) {
            for r in self
                .store()
                .log_since_turn(row.id, i64::from(before.turn.number))
                .await?
            {
                recent.extend(decode::<Vec<Event>>("log", &r.events)?);
            }
        }
        let change = Change {
            seat,
            user_id,
            turn_before: before.turn.number,
            new_turn,
            to_move: (!after.is_over()).then(|| after.current()),
            state: encode(&after)?,
            actions: encode(actions)?,
            events: encode(&events)?,
            finish: after.is_over().then(|| Finish::climb(&after)),
        };
        let (row, _results) = self.commit_change(row, change).await?;
        recent.extend(events.iter().cloned());
        let mut view = ClimbView::new(GameInfo::of_row(&row)?, after, events, Some(seat));
        view.recent = recent;
        view.acted_turn = Some(ActedTurn {
            number: before.turn.number,
            seat: before.turn.seat,
            roll: before.turn.roll,
            cursed: before.turn.cursed,
        });
        Ok(view)
    }

    /// A view of a stored game with the recent log (for pictures).
    pub(super) async fn view_of(&self, row: GameRow) -> Result<ClimbView, SessionError> {
        let game = state_of(&row)?;
        // The previous turn and this one: enough for the last finished turn (a Roll again
        // turn has its own number).
        let since = i64::from(game.turn.number.saturating_sub(1));
        let mut recent = Vec::new();
        for r in self.store().log_since_turn(row.id, since).await? {
            recent.extend(decode::<Vec<Event>>("log", &r.events)?);
        }
        let mut view = ClimbView::new(GameInfo::of_row(&row)?, game, Vec::new(), None);
        view.recent = recent;
        Ok(view)
    }
}

/// What `/climb board` shows.
#[derive(Clone, Debug)]
pub enum BoardAsked {
    /// The game, and, when it was asked for (a private board), the look the asker draws
    /// their own pictures in.
    Game {
        view: Box<ClimbView>,
        own_look: Option<Look>,
        /// The direct messages owed now that the board becomes the game's turn message.
        notices: Vec<Notice>,
    },
    /// Its lobby, while the game has not started.
    Lobby(Box<LobbyView>),
}

impl<S: Store> Play<'_, S> {
    /// Do what a player asks. A `stamp` (from a button) must match the channel's game and
    /// its version, or the request is refused as stale. A refused move of a Discord
    /// player is noted by its kind, for the class report.
    pub async fn act(
        self,
        place: Place,
        actor: &Actor,
        command: Command,
        stamp: Option<Stamp>,
    ) -> Result<Changed<ClimbView>, SessionError> {
        let result = self.act_once(place, actor, command, stamp).await;
        if let (Err(e), Some(user)) = (&result, actor.user_id) {
            if let Some(kind) = super::class::refusal_kind(e) {
                self.note(place, user, "refused", kind).await;
            }
        }
        Ok(self.changed_climb(result?).await)
    }

    /// If an AI seat is to move in the place's game, play its decision (a whole Move
    /// phase, or a card choice) through the same path as a player. `None` when no AI is
    /// to move, or when another request played first.
    pub async fn ai_turn(self, place: Place) -> Result<Option<ClimbView>, SessionError> {
        let Some(row) = self.store().open_game(place).await? else {
            return Ok(None);
        };
        if row.status != Status::Active || row.kind != GameKind::Climb {
            return Ok(None);
        }
        let game = state_of(&row)?;
        self.ai_turn_on(row, game).await
    }

    /// Play the seat to move with the AI at `level` (an AI seat, or an idle player whose
    /// turn timed out). `None` if another request played first.
    pub async fn play_for(
        self,
        row: GameRow,
        game: Game,
        level: Level,
    ) -> Result<Option<ClimbView>, SessionError> {
        let seat = game.current();
        // The first decision of a process may solve the solver's table (up to 2 s of
        // CPU): that one runs off the async threads; the rest take a fraction of a
        // millisecond and run here.
        let (game, actions) = if climb::ai::decides_at_once(&game.options) {
            let actions = climb::ai::next_actions(&game, level);
            (game, actions)
        } else {
            tokio::task::spawn_blocking(move || {
                let actions = climb::ai::next_actions(&game, level);
                (game, actions)
            })
            .await
            .map_err(|e| SessionError::Store(StoreError::Corrupt(format!("AI task: {e}"))))?
        };
        let mut next = game.clone();
        let events = next.apply_all(seat, &actions).map_err(|e| {
            SessionError::Store(StoreError::Corrupt(format!(
                "the AI chose an illegal move: {e}"
            )))
        })?;
        unless_moved(
            self.commit_climb(&row, &game, next, seat, &actions, events, None)
                .await,
        )
    }

    /// `/climb board`: the game of a place as it stands, with the look `look_of` draws
    /// their own pictures in (for a private board); or the lobby while the game has not
    /// started.
    pub async fn board_asked(
        self,
        place: Place,
        look_of: Option<i64>,
        turn_message: bool,
    ) -> Result<BoardAsked, SessionError> {
        match self.board(place).await {
            Ok(view) => {
                let own_look = match look_of {
                    Some(user) => Some(self.servers().own_look(user, place.guild_id).await),
                    None => None,
                };
                let notices = self
                    .clocks()
                    .notices_due(view.info.id, turn_message)
                    .await?;
                Ok(BoardAsked::Game {
                    view: Box::new(view),
                    own_look,
                    notices,
                })
            }
            Err(SessionError::NotStarted) => Ok(BoardAsked::Lobby(Box::new(
                self.lobbies().lobby(place).await?,
            ))),
            Err(e) => Err(e),
        }
    }

    /// The game of a place as it stands (the open one, else the last one played there),
    /// with the events the picture of the last turn needs.
    pub async fn board(self, place: Place) -> Result<ClimbView, SessionError> {
        let row = self.latest_of(place, GameKind::Climb).await?;
        self.view_of(row).await
    }

    /// The board shown (`stamp`), for its player to move, and only them, while it is
    /// current: a pawn picked to see its steps. Nothing changes.
    pub async fn for_mover(
        self,
        place: Place,
        actor: &Actor,
        stamp: Stamp,
    ) -> Result<ClimbView, SessionError> {
        let (row, game) = self.shown(place, Some(stamp)).await?;
        Session::<S>::actor_seat(&row, &game, actor, false)?;
        Ok(ClimbView::new(
            GameInfo::of_row(&row)?,
            game,
            Vec::new(),
            None,
        ))
    }

    /// Every legal end of the current Move phase, sorted, each with a move that reaches it.
    pub async fn legal_moves(
        self,
        place: Place,
    ) -> Result<(ClimbView, Vec<Outcome>), SessionError> {
        let (row, game) = self.climb(place).await?;
        if game.is_over() {
            return Err(SessionError::GameOver);
        }
        let outcomes = if matches!(game.phase, Phase::Move) {
            climb::legal_outcomes(&game).sorted()
        } else {
            Vec::new()
        };
        Ok((
            ClimbView::new(GameInfo::of_row(&row)?, game, Vec::new(), None),
            outcomes,
        ))
    }

    /// The `n` best moves for the player to move, each explained (factor colours, bumps,
    /// cards). Computed on a blocking thread (the hard AI's tables).
    pub async fn hint(
        self,
        place: Place,
        n: usize,
    ) -> Result<(ClimbView, Vec<Hint>), SessionError> {
        let (row, game) = self.climb(place).await?;
        if game.is_over() {
            return Err(SessionError::GameOver);
        }
        let n = n.clamp(1, 10);
        let (game, hints) = tokio::task::spawn_blocking(move || {
            let hints = climb::hint::hint(&game, n);
            (game, hints)
        })
        .await
        .map_err(|e| SessionError::Store(StoreError::Corrupt(format!("hint task: {e}"))))?;
        Ok((
            ClimbView::new(GameInfo::of_row(&row)?, game, Vec::new(), None),
            hints,
        ))
    }

    /// The hints a person asks for (`/climb hint`, the Hint button): as [`Play::hint`],
    /// and noted for the class report.
    pub async fn hint_for(
        self,
        place: Place,
        n: usize,
        user_id: i64,
    ) -> Result<(ClimbView, Vec<Hint>), SessionError> {
        let found = self.hint(place, n).await?;
        self.classes().note_hint(place, user_id).await;
        Ok(found)
    }

    /// Rebuild a game from its seed, its seats and its log, as a check that the stored
    /// state is exactly what the recorded actions produce.
    pub async fn replay(self, game_id: i64) -> Result<Game, SessionError> {
        let row = self
            .store()
            .game(game_id)
            .await?
            .ok_or(SessionError::NoGame)?;
        let options: climb::Options = decode("options", &row.options)?;
        let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
        let mut game = Game::new(options, &names, row.seed as u64)?;
        for entry in self.store().log(game_id).await? {
            let (seat, actions) = logged::<Action>(&entry)?;
            game.apply_all(seat, &actions).map_err(|e| {
                SessionError::Store(StoreError::Corrupt(format!(
                    "log entry {} does not replay: {e}",
                    entry.version
                )))
            })?;
        }
        Ok(game)
    }
}

/// The decoded engine state of a started game.
pub(crate) fn state_of(row: &GameRow) -> Result<Game, SessionError> {
    let json = row.state.as_deref().ok_or(SessionError::NotStarted)?;
    decode("game state", json)
}
