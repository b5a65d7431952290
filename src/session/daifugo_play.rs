//! Prime Daifugo in play: each request is one action in the players' notation (`3 10`,
//! `5/9:9 7`, `draw`, `d`, `discard 4`, `pass`, `skip`), one version-checked transaction,
//! like Prime Climb's moves. AI seats play a whole turn per transaction. The views keep
//! every event; what a player may see of them (a drawn card is its drawer's secret) is the
//! adapters' to filter, with [`DaifugoView::visible_to`].

use super::core::Play;
use crate::daifugo::{self, Action, Event, Game, Seat};
use crate::level::Level;
use crate::store::{GameKind, GameRow, Place, Stamp, Status, Store, StoreError};

use super::commit::{unless_moved, Change};
use super::core::{decode, encode, logged};
use super::outcome::{Changed, Notice};
use super::ratings::Finish;
use super::{Actor, DaifugoView, GameInfo, LobbyView, Look, Session, SessionError};

/// Actions an AI may take in one turn before the turn must have passed (a draw, a D card
/// and its discard, then a play: four at most).
const MAX_AI_ACTIONS: usize = 8;

impl<S: Store> Session<S> {
    /// The started Prime Daifugo game of a place.
    async fn daifugo(&self, place: Place) -> Result<(GameRow, Game), SessionError> {
        let row = self.active_of(place, GameKind::Daifugo).await?;
        let game = daifugo_state(&row)?;
        Ok((row, game))
    }

    async fn daifugo_act_once(
        &self,
        place: Place,
        actor: &Actor,
        text: &str,
        stamp: Option<Stamp>,
    ) -> Result<DaifugoView, SessionError> {
        let (row, game) = match self.daifugo(place).await {
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
        let seat = Self::daifugo_seat(&row, &game, actor)?;
        let action = daifugo::notation::read(&game, seat, text)?;
        let mut next = game.clone();
        let events = next.apply(seat, &action)?;
        self.commit_daifugo(&row, &game, next, seat, &[action], events, actor.user_id)
            .await
    }

    /// The seat the actor plays now (see the Prime Climb counterpart).
    fn daifugo_seat(row: &GameRow, game: &Game, actor: &Actor) -> Result<Seat, SessionError> {
        let current = game.current();
        let seat = match actor.user_id {
            Some(id) => row
                .seats
                .iter()
                .position(|s| s.user_id == Some(id))
                .ok_or(SessionError::NotInGame)?,
            None => current,
        };
        let name = game.players[current].name.clone();
        let ai = row.seats.get(current).is_some_and(|s| s.ai_level.is_some());
        match (seat == current, ai) {
            (true, false) => Ok(seat),
            (_, true) => Err(SessionError::AiTurn { name }),
            (false, false) => Err(SessionError::NotYourTurn { name }),
        }
    }

    /// [`Play::daifugo_ai_turn`] on the game as read in `row` (a change since makes
    /// the play a conflict: nothing is played).
    pub(super) async fn daifugo_ai_turn_on(
        &self,
        row: GameRow,
    ) -> Result<Option<DaifugoView>, SessionError> {
        if row.status != Status::Active || row.kind != GameKind::Daifugo {
            return Ok(None);
        }
        let game = daifugo_state(&row)?;
        let seat = game.current();
        let level = match row.seats.get(seat).and_then(|s| s.ai_level.as_deref()) {
            Some(l) if !game.is_over() => l.parse::<Level>().map_err(|e| {
                SessionError::Store(StoreError::Corrupt(format!("seat {seat}: {e}")))
            })?,
            _ => return Ok(None),
        };
        self.daifugo_play_for(row, game, Some(level)).await
    }

    /// Play the rest of the turn of the seat to move: with the AI at `level`, or, with
    /// `None`, the timeout's skip (`Game::idle_action`: finish a pending discard, draw
    /// when SKIP is the only card, then pass). `None` if another
    /// request played first.
    pub(super) async fn daifugo_play_for(
        &self,
        row: GameRow,
        game: Game,
        level: Option<Level>,
    ) -> Result<Option<DaifugoView>, SessionError> {
        let seat = game.current();
        let turn = game.turn.number;
        let mut next = game.clone();
        let mut actions = Vec::new();
        let mut events = Vec::new();
        while !next.is_over()
            && next.current() == seat
            && next.turn.number == turn
            && actions.len() < MAX_AI_ACTIONS
        {
            let action = match level {
                Some(level) => daifugo::ai::next_action(&next, level),
                None => next.idle_action(),
            };
            let Some(action) = action else { break };
            let happened = next.apply(seat, &action).map_err(|e| {
                SessionError::Store(StoreError::Corrupt(format!(
                    "the AI chose an illegal action: {e}"
                )))
            })?;
            events.extend(happened);
            actions.push(action);
        }
        if actions.is_empty() {
            return Ok(None);
        }
        unless_moved(
            self.commit_daifugo(&row, &game, next, seat, &actions, events, None)
                .await,
        )
    }

    /// Write one change (see `commit_change`).
    #[allow(clippy::too_many_arguments)]
    async fn commit_daifugo(
        &self,
        row: &GameRow,
        before: &Game,
        after: Game,
        seat: Seat,
        actions: &[Action],
        events: Vec<Event>,
        user_id: Option<i64>,
    ) -> Result<DaifugoView, SessionError> {
        let change = Change {
            seat,
            user_id,
            turn_before: before.turn.number,
            new_turn: after.turn.number != before.turn.number,
            to_move: (!after.is_over()).then(|| after.current()),
            state: encode(&after)?,
            actions: encode(actions)?,
            events: encode(&events)?,
            finish: after.is_over().then(|| Finish::daifugo(&after)),
        };
        let (row, _results) = self.commit_change(row, change).await?;
        let mut view = DaifugoView::new(GameInfo::of_row(&row)?, after, events, Some(seat));
        view.acted_turn = Some(before.turn.number);
        Ok(view)
    }
}

/// What `/daifugo board` shows.
#[derive(Clone, Debug)]
pub enum TableAsked {
    /// The table, and the direct messages owed when it becomes the match's turn message.
    Table {
        view: Box<DaifugoView>,
        notices: Vec<Notice>,
    },
    /// Its lobby, while the match has not started.
    Lobby(Box<LobbyView>),
}

/// A person's own hand (see [`Play::hand`]).
#[derive(Clone, Debug)]
pub struct Hand {
    pub view: DaifugoView,
    pub seat: Seat,
    /// The look of its picture, when one was asked for.
    pub look: Option<Look>,
}

impl<S: Store> Play<'_, S> {
    /// Do what a player typed, in the notation: a play (`3 10`), `draw`, `d`,
    /// `discard 4`, `pass` or `skip`.
    pub async fn daifugo_act(
        self,
        place: Place,
        actor: &Actor,
        text: &str,
        stamp: Option<Stamp>,
    ) -> Result<Changed<DaifugoView>, SessionError> {
        let view = self.daifugo_act_once(place, actor, text, stamp).await?;
        let mut changed = self.changed_daifugo(view).await;
        // Still their turn: their hand is shown to them, drawn their way.
        if let Some(user) = actor.user_id {
            let seat = changed.view.seat_of_user(user);
            if seat == Some(changed.view.game.current()) && !changed.ended {
                changed.asker_look = Some(self.servers().own_look(user, place.guild_id).await);
            }
        }
        Ok(changed)
    }

    /// If an AI seat is to move, play its whole turn. `None` if no AI is to move or
    /// another request played first.
    pub async fn daifugo_ai_turn(self, place: Place) -> Result<Option<DaifugoView>, SessionError> {
        let Some(row) = self.store().open_game(place).await? else {
            return Ok(None);
        };
        self.daifugo_ai_turn_on(row).await
    }

    /// `/daifugo board`: the match of a place as it stands, or its lobby while it has not
    /// started.
    pub async fn table_asked(
        self,
        place: Place,
        turn_message: bool,
    ) -> Result<TableAsked, SessionError> {
        match self.daifugo_board(place).await {
            Ok(view) => {
                let notices = self
                    .clocks()
                    .notices_due(view.info.id, turn_message)
                    .await?;
                Ok(TableAsked::Table {
                    view: Box::new(view),
                    notices,
                })
            }
            Err(SessionError::NotStarted) => Ok(TableAsked::Lobby(Box::new(
                self.lobbies().lobby(place).await?,
            ))),
            Err(e) => Err(e),
        }
    }

    /// The Prime Daifugo match of a place as it stands (the open one, else the last one
    /// played there).
    pub async fn daifugo_board(self, place: Place) -> Result<DaifugoView, SessionError> {
        let row = self.latest_of(place, GameKind::Daifugo).await?;
        let game = daifugo_state(&row)?;
        Ok(DaifugoView::new(
            GameInfo::of_row(&row)?,
            game,
            Vec::new(),
            None,
        ))
    }

    /// A person's own hand in the Prime Daifugo match of a place, for their eyes only: the
    /// match, their seat, and, for a picture of it (`drawn`), the look they draw their own
    /// pictures in. `game`: the match a button was shown for (another one there now:
    /// [`SessionError::Moved`]).
    pub async fn hand(
        self,
        place: Place,
        user: i64,
        game: Option<i64>,
        drawn: bool,
    ) -> Result<Hand, SessionError> {
        let view = match self.daifugo_board(place).await {
            Ok(view) if game.is_none_or(|id| id == view.info.id) => view,
            Err(e) if game.is_none() => return Err(e),
            _ => return Err(SessionError::Moved),
        };
        let seat = view.seat_of_user(user).ok_or(SessionError::NotInGame)?;
        let look = if drawn {
            Some(self.servers().own_look(user, place.guild_id).await)
        } else {
            None
        };
        Ok(Hand { view, seat, look })
    }

    /// Rebuild a match from its seed, seats and log (see `replay`).
    pub async fn daifugo_replay(self, game_id: i64) -> Result<Game, SessionError> {
        let row = self
            .store()
            .game(game_id)
            .await?
            .ok_or(SessionError::NoGame)?;
        let options: daifugo::Options = decode("options", &row.options)?;
        let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
        let mut game = Game::new(options, &names, row.seed as u64)?;
        for entry in self.store().log(game_id).await? {
            let (seat, actions) = logged::<Action>(&entry)?;
            for a in &actions {
                game.apply(seat, a).map_err(|e| {
                    SessionError::Store(StoreError::Corrupt(format!(
                        "log entry {} does not replay: {e}",
                        entry.version
                    )))
                })?;
            }
        }
        Ok(game)
    }
}

/// The decoded engine state of a started Prime Daifugo game.
pub(crate) fn daifugo_state(row: &GameRow) -> Result<Game, SessionError> {
    let json = row.state.as_deref().ok_or(SessionError::NotStarted)?;
    decode("game state", json)
}
