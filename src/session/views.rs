//! What the fronts show of a game: its seats and facts ([`GameInfo`]), and the game
//! itself after a change or for a look ([`ClimbView`], [`DaifugoView`], [`GameView`]).

use super::core::{decode, encode};
use super::error::SessionError;
use super::request;
use crate::climb::{self, Event, Game, Phase, Roll, Seat};
use crate::daifugo::{self, Card};
use crate::lang::Lang;
use crate::level::Level;
use crate::render::{self, LastTurn, Look, RenderOptions, Theme, Words};
use crate::store::{GameKind, GameRow, Place, SeatRow, Stamp, Status};

/// A game after a change or for a look: Prime Climb or Prime Daifugo.
#[derive(Clone, Debug)]
pub enum GameView {
    Climb(Box<ClimbView>),
    Daifugo(Box<DaifugoView>),
}

impl GameView {
    /// The Prime Climb view, if it is one.
    pub fn climb(self) -> Option<ClimbView> {
        match self {
            GameView::Climb(v) => Some(*v),
            GameView::Daifugo(_) => None,
        }
    }

    /// The Prime Daifugo view, if it is one.
    pub fn daifugo(self) -> Option<DaifugoView> {
        match self {
            GameView::Daifugo(v) => Some(*v),
            GameView::Climb(_) => None,
        }
    }

    /// What the view says about its game: seats, status, version, language.
    pub fn info(&self) -> &GameInfo {
        match self {
            GameView::Climb(v) => &v.info,
            GameView::Daifugo(v) => &v.info,
        }
    }

    /// Whether the game is over (won, or ended).
    pub fn is_over(&self) -> bool {
        match self {
            GameView::Climb(v) => v.is_over(),
            GameView::Daifugo(v) => v.is_over(),
        }
    }

    /// The seat to move now.
    pub fn to_move(&self) -> usize {
        match self {
            GameView::Climb(v) => v.game.current(),
            GameView::Daifugo(v) => v.game.current(),
        }
    }

    /// The seat that made this change, if a player or an AI did.
    pub fn actor_seat(&self) -> Option<usize> {
        match self {
            GameView::Climb(v) => v.actor_seat,
            GameView::Daifugo(v) => v.actor_seat,
        }
    }

    /// Whether an AI seat is to move now.
    pub fn ai_to_move(&self) -> bool {
        match self {
            GameView::Climb(v) => v.ai_to_move(),
            GameView::Daifugo(v) => v.ai_to_move(),
        }
    }
}

/// One seat of a game, as the fronts show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The seat's number: its place in turn order once the game has started (a lobby's
    /// numbers may have gaps where players left).
    pub seat: i64,
    /// The Discord user; `None` for an AI seat or a player at the terminal.
    pub user_id: Option<i64>,
    pub name: String,
    /// The AI that plays the seat, if one does.
    pub ai: Option<Level>,
}

/// What every view says about its game: which game, where, who plays in which order,
/// where it stands, in which language its messages are written.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    pub id: i64,
    pub kind: GameKind,
    pub place: Place,
    pub status: Status,
    /// Changes so far: a button drawn now carries it (see [`GameInfo::stamp`]).
    pub version: i64,
    /// Who opened the game (Discord user), if a person did.
    pub creator_id: Option<i64>,
    /// The seats in turn order.
    pub seats: Vec<SeatInfo>,
    /// The options the game was opened with.
    pub options: GameOptions,
    /// The language of the game's public messages.
    pub lang: Lang,
    /// How its public pictures are drawn (the server's palette and marks).
    pub look: Look,
    /// The channel whose thread the game is played in (`place` is the thread); `None`:
    /// played in its channel itself.
    pub parent_channel_id: Option<i64>,
    /// The class assignment that opened it, if any.
    pub assignment_id: Option<i64>,
    /// When the game was opened (ms since the epoch).
    pub created_at: i64,
    pub turn_timeout_secs: Option<i64>,
    /// When the turn being played began (ms since the epoch).
    pub turn_started_at: Option<i64>,
}

impl GameInfo {
    pub(super) fn of_row(row: &GameRow) -> Result<GameInfo, SessionError> {
        Ok(GameInfo {
            id: row.id,
            kind: row.kind,
            place: row.place,
            status: row.status,
            version: row.version,
            creator_id: row.creator_id,
            seats: row.seats.iter().map(seat_info).collect(),
            options: GameOptions::of_row(row)?,
            lang: Lang::pick(row.locale.as_deref(), None),
            look: request::stored_look(row.look.as_deref()),
            parent_channel_id: row.parent_channel_id,
            assignment_id: row.assignment_id,
            created_at: row.created_at,
            turn_timeout_secs: row.turn_timeout_secs,
            turn_started_at: row.turn_started_at,
        })
    }

    /// The game and version this view is at (what a button drawn now carries).
    pub fn stamp(&self) -> Stamp {
        Stamp {
            game_id: self.id,
            version: self.version,
        }
    }

    /// The AI level of a seat, if an AI plays it.
    pub fn ai_level(&self, seat: usize) -> Option<Level> {
        self.seats.get(seat)?.ai
    }

    /// The seat of a Discord user.
    pub fn seat_of_user(&self, user_id: i64) -> Option<usize> {
        self.seats.iter().position(|s| s.user_id == Some(user_id))
    }

    /// The Discord user of a seat.
    pub fn user_of(&self, seat: usize) -> Option<i64> {
        self.seats.get(seat)?.user_id
    }
}

fn seat_info(s: &SeatRow) -> SeatInfo {
    SeatInfo {
        seat: s.seat,
        user_id: s.user_id,
        name: s.name.clone(),
        ai: s.ai_level.as_deref().and_then(|l| l.parse().ok()),
    }
}

/// A Prime Climb game as the fronts show it, after a change or for a look.
#[derive(Clone, Debug)]
pub struct ClimbView {
    pub info: GameInfo,
    pub game: Game,
    /// What this change did, in order (empty for a look at the board).
    pub events: Vec<Event>,
    /// The seat that acted.
    pub actor_seat: Option<Seat>,
    /// The turn the change was made in (the engine has already begun the next turn when
    /// a turn ends).
    pub acted_turn: Option<ActedTurn>,
    /// Every event since the last finished turn began: what the picture draws.
    pub(super) recent: Vec<Event>,
}

impl ClimbView {
    pub(crate) fn new(
        info: GameInfo,
        game: Game,
        events: Vec<Event>,
        actor_seat: Option<Seat>,
    ) -> ClimbView {
        ClimbView {
            info,
            recent: events.clone(),
            acted_turn: None,
            game,
            events,
            actor_seat,
        }
    }

    /// The AI level of a seat, if an AI plays it.
    pub fn ai_level(&self, seat: Seat) -> Option<Level> {
        self.info.ai_level(seat)
    }

    /// The turn the picture shows: the one being played if it has begun (steps made or a
    /// card waiting), else the last finished one.
    pub fn last_turn(&self) -> Option<LastTurn> {
        let started =
            !self.game.turn.steps.is_empty() || matches!(self.game.phase, Phase::Choice(_));
        if started && !self.game.is_over() {
            Some(LastTurn::in_progress(&self.game, &self.recent))
        } else {
            LastTurn::from_events(&self.recent)
        }
    }

    /// The board as a PNG (the picture of [`Self::last_turn`]), drawn as `look` asks with
    /// the front's `words` (the picture's language). CPU-bound: async callers run it on a
    /// blocking thread.
    pub fn png(&self, look: Look, words: &dyn Words) -> Result<Vec<u8>, image::ImageError> {
        let opts = RenderOptions {
            theme: Theme::for_look(look),
            ..RenderOptions::default()
        };
        Ok(render::board_png(
            &self.game,
            self.last_turn().as_ref(),
            &opts,
            words,
        ))
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.info.status != Status::Active
    }

    /// Whether an AI seat is to move now (the one place this is decided).
    pub fn ai_to_move(&self) -> bool {
        !self.is_over() && self.ai_level(self.game.current()).is_some()
    }

    /// The seat whose finished move can still be taken back (`undo`), if any.
    pub fn take_back_seat(&self) -> Option<Seat> {
        self.game.take_back_seat().filter(|_| !self.is_over())
    }
}

/// The turn a change was made in: its number, whose it was, its dice, and whether it was
/// under a Curse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActedTurn {
    pub number: u32,
    pub seat: Seat,
    pub roll: Roll,
    pub cursed: bool,
}

/// A Prime Daifugo match as the fronts show it.
#[derive(Clone, Debug)]
pub struct DaifugoView {
    pub info: GameInfo,
    pub game: daifugo::Game,
    /// What this change did, in order (every event: filter with `visible_to`).
    pub events: Vec<daifugo::Event>,
    /// The seat that acted.
    pub actor_seat: Option<Seat>,
    /// The turn number the change was made in.
    pub acted_turn: Option<u32>,
}

impl DaifugoView {
    pub(crate) fn new(
        info: GameInfo,
        game: daifugo::Game,
        events: Vec<daifugo::Event>,
        actor_seat: Option<Seat>,
    ) -> DaifugoView {
        DaifugoView {
            info,
            game,
            events,
            actor_seat,
            acted_turn: None,
        }
    }

    /// The AI level of a seat, if an AI plays it.
    pub fn ai_level(&self, seat: Seat) -> Option<Level> {
        self.info.ai_level(seat)
    }

    /// The seat of a Discord user.
    pub fn seat_of_user(&self, user_id: i64) -> Option<Seat> {
        self.info.seat_of_user(user_id)
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.info.status != Status::Active
    }

    /// Whether an AI seat is to move now (the one place this is decided).
    pub fn ai_to_move(&self) -> bool {
        !self.is_over() && self.ai_level(self.game.current()).is_some()
    }

    /// The table everyone sees, as a PNG: play area, hand sizes, deck, top discard (never
    /// a hand), drawn as `look` asks with the front's `words`. CPU-bound: async callers run
    /// it on a blocking thread.
    pub fn table_png(&self, look: Look, words: &dyn Words) -> Result<Vec<u8>, image::ImageError> {
        render::encode_png(&render::daifugo::render_table(
            &self.game,
            &Theme::for_look(look),
            words,
        ))
    }

    /// A seat's hand as a PNG, only for that player.
    pub fn hand_png(
        &self,
        seat: Seat,
        look: Look,
        words: &dyn Words,
    ) -> Result<Vec<u8>, image::ImageError> {
        render::encode_png(&render::daifugo::render_hand(
            &self.game,
            seat,
            &Theme::for_look(look),
            words,
        ))
    }

    /// A seat's hand, as cards, in the order shown (by value).
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        self.hand_ids(seat)
            .into_iter()
            .map(|id| self.game.card(id))
            .collect()
    }

    /// A seat's cards in the order they are shown (by value).
    pub fn hand_ids(&self, seat: Seat) -> Vec<daifugo::CardId> {
        render::daifugo::hand_order(&self.game, seat)
    }

    /// The events `viewer` may see: a card drawn by someone else is hidden (§4.3: each
    /// player sees only their own hand). `None` is everyone (a public message).
    pub fn visible_to(&self, viewer: Option<Seat>) -> Vec<daifugo::Event> {
        self.events
            .iter()
            .filter_map(|e| match e {
                daifugo::Event::Drew { seat, .. } if Some(*seat) != viewer => None,
                other => Some(other.clone()),
            })
            .collect()
    }
}

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
    pub fn validate_alone(&self) -> Result<(), SessionError> {
        match self {
            GameOptions::Climb(o) => self.validate(if o.solitaire { 1 } else { 2 }),
            GameOptions::Daifugo(o) => self.validate(if o.skip { 3 } else { 2 }),
        }
    }

    /// Check the options for this many players.
    pub fn validate(&self, players: usize) -> Result<(), SessionError> {
        match self {
            GameOptions::Climb(o) => Ok(o.validate(players)?),
            GameOptions::Daifugo(o) => Ok(o.validate(players)?),
        }
    }

    pub(super) fn encode(&self) -> Result<String, SessionError> {
        match self {
            GameOptions::Climb(o) => encode(o),
            GameOptions::Daifugo(o) => encode(o),
        }
    }

    /// The options stored with a game.
    pub(crate) fn of_row(row: &GameRow) -> Result<GameOptions, SessionError> {
        Ok(match row.kind {
            GameKind::Climb => GameOptions::Climb(decode("options", &row.options)?),
            GameKind::Daifugo => GameOptions::Daifugo(decode("options", &row.options)?),
        })
    }
}

/// Make now what the first requests would otherwise wait for: the exact solitaire values
/// the hard AI and hints use, and the board picture's cached layers (its static board,
/// palette and parse) in the default look, for each of the front's picture `words`; then
/// those looks' thorough parse. CPU-bound, a second or two: a front runs it on a blocking
/// thread at start (pictures drawn meanwhile use the quick parse).
pub fn warm_up(words: &[&dyn Words]) {
    crate::climb::solver::values(crate::climb::solver::Course::Climb);
    for words in words {
        render::prepare(&RenderOptions::default(), *words);
    }
    for words in words {
        render::refine(&RenderOptions::default(), *words);
    }
}

/// Whether a look pictures were drawn in waits for its thorough parse (which makes its
/// pictures some 4 % smaller): a front that draws then runs [`refine_pictures`] on a
/// spare thread.
pub fn pictures_to_refine() -> bool {
    render::refining_wanted()
}

/// Make the thorough parse of every look that waits for it (half a second of one core
/// each); how many were made.
pub fn refine_pictures() -> usize {
    render::refine_waiting()
}
