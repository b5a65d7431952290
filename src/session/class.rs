//! Classrooms: a channel (a class) holds any number of games, each in its own thread.
//! The teacher's overview of the open games; class assignments (`/class pair`): students
//! in random groups, AI seats for whoever is left over, and the games still open listed
//! at the due date; and the end of a thread's game, announced once in its parent channel.
//!
//! Every claim (an announcement, a due list) is made in the database, so however many
//! paths or processes try, it happens once.

use super::core::Classes;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::core::decode;
use super::{Actor, GameInfo, GameView, Permission, Session, SessionError};
use crate::store::{ActivityRow, AssignmentRow, GameKind, GameRow, Place, Status, Store, StoreTx};
use crate::{climb, daifugo};

/// A student, as a class pairing seats them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub user_id: i64,
    pub name: String,
}

/// One open game as the teacher's overview shows it.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub info: GameInfo,
    /// False in the lobby.
    pub started: bool,
    /// The engine's turn number (0 in the lobby).
    pub turn: u32,
    /// The seat to move, once started.
    pub to_move: Option<usize>,
    /// When someone last acted (ms since the epoch).
    pub last_change: i64,
}

impl GameSummary {
    pub(super) fn of_row(row: &GameRow) -> Result<GameSummary, SessionError> {
        let info = GameInfo::of_row(row)?;
        let (started, turn, to_move) = match (&row.state, row.kind) {
            (None, _) => (false, 0, None),
            (Some(json), GameKind::Climb) => {
                let g: climb::Game = decode("game", json)?;
                (true, g.turn.number, Some(g.current()))
            }
            (Some(json), GameKind::Daifugo) => {
                let g: daifugo::Game = decode("game", json)?;
                (true, g.turn.number, Some(g.current()))
            }
        };
        Ok(GameSummary {
            info,
            started,
            turn,
            to_move,
            last_change: row.updated_at,
        })
    }

    /// The thread (or channel) the game is played in.
    pub fn channel_id(&self) -> i64 {
        self.info.place.channel_id
    }
}

/// Students in random groups of `size` (the order set by `seed`): the last group may be
/// smaller, and the caller fills it with AI seats. Nobody is left out or seated twice.
pub fn groups(members: &[Member], size: usize, seed: u64) -> Vec<Vec<Member>> {
    let mut unique: Vec<Member> = Vec::new();
    for m in members {
        if !unique.iter().any(|u| u.user_id == m.user_id) {
            unique.push(m.clone());
        }
    }
    unique.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    unique.chunks(size.max(1)).map(<[Member]>::to_vec).collect()
}

/// Whether a game is played in `channel` (itself or one of its threads); every game of the
/// server when `channel` is `None`.
pub(super) fn in_class(row: &GameRow, channel: Option<i64>) -> bool {
    channel.is_none_or(|c| row.place.channel_id == c || row.parent_channel_id == Some(c))
}

impl<S: Store> Classes<'_, S> {
    /// The open games of a server, or of one channel and its threads, oldest first, for
    /// a teacher (moderators and the teacher role).
    pub async fn open_games_summary(
        self,
        teacher: &Actor,
        guild_id: i64,
        channel: Option<i64>,
    ) -> Result<Vec<GameSummary>, SessionError> {
        if !self.moderating(teacher, guild_id).await.moderator {
            return Err(SessionError::NotAllowed(Permission::ClassTools));
        }
        self.store()
            .open_games_of(guild_id)
            .await?
            .iter()
            .filter(|r| in_class(r, channel))
            .map(GameSummary::of_row)
            .collect()
    }

    /// Any started game by id, as it stands.
    pub async fn game_by_id(self, id: i64) -> Result<GameView, SessionError> {
        let row = self.store().game(id).await?.ok_or(SessionError::NoGame)?;
        if row.state.is_none() {
            return Err(SessionError::NotStarted);
        }
        self.game_view(row).await
    }

    /// Games played in a thread whose end is still to be announced in the parent channel.
    pub async fn ends_to_announce(self) -> Result<Vec<i64>, SessionError> {
        Ok(self.store().unannounced_ends().await?)
    }

    /// Claim the announcement of a finished or ended game's end: the game and its final
    /// view (none for a game that never started), once (`None` if it was announced
    /// already, or is not over, or not in a thread).
    pub async fn claim_end(
        self,
        game_id: i64,
    ) -> Result<Option<(GameInfo, Option<GameView>)>, SessionError> {
        let Some(row) = self.store().game(game_id).await? else {
            return Ok(None);
        };
        if row.status.is_open() || row.parent_channel_id.is_none() {
            return Ok(None);
        }
        let mut tx = self.store().begin().await?;
        let claimed = tx.claim_end_announcement(game_id).await?;
        tx.commit().await?;
        if !claimed {
            return Ok(None);
        }
        let info = GameInfo::of_row(&row)?;
        let view = match row.state {
            Some(_) => self.game_view(row).await.ok(),
            None => None,
        };
        Ok(Some((info, view)))
    }

    /// Record a class assignment (before its games are opened); returns its id.
    pub async fn new_assignment(self, row: AssignmentRow) -> Result<i64, SessionError> {
        let mut tx = self.store().begin().await?;
        let id = tx.insert_assignment(&row).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Assignments whose due date has come and whose open games were not yet listed.
    pub async fn due_assignments(self) -> Result<Vec<AssignmentRow>, SessionError> {
        Ok(self.store().due_assignments(self.now()).await?)
    }

    /// Claim the due list of an assignment: its games still open, once (`None` if
    /// another request listed them).
    pub async fn claim_due(
        self,
        id: i64,
    ) -> Result<Option<(AssignmentRow, Vec<GameSummary>)>, SessionError> {
        let Some(assignment) = self.store().assignment(id).await? else {
            return Ok(None);
        };
        let mut tx = self.store().begin().await?;
        let claimed = tx.claim_assignment_due(id).await?;
        tx.commit().await?;
        if !claimed {
            return Ok(None);
        }
        let open = self
            .store()
            .assignment_games(id)
            .await?
            .iter()
            .filter(|r| matches!(r.status, Status::Lobby | Status::Active))
            .map(GameSummary::of_row)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((assignment, open)))
    }
}

/// The kind of a refused Prime Climb move, for the class report: the mistakes worth
/// counting (`None` for a stale button or a request that is not a move).
pub fn refusal_kind(e: &SessionError) -> Option<&'static str> {
    use crate::climb::ops::ArithError;
    use crate::climb::{RuleError, StepError};
    let step = match e {
        SessionError::NotYourTurn { .. } => return Some("not_your_turn"),
        SessionError::Rule(RuleError::Parse(_)) => return Some("notation"),
        SessionError::Rule(RuleError::AtStep { error, .. } | RuleError::Step(error)) => error,
        SessionError::Rule(RuleError::UsesLeft(_)) => return Some("dice_left"),
        SessionError::Rule(_) | SessionError::Keeper(_) => return Some("other"),
        _ => return None,
    };
    Some(match step {
        StepError::Arith(ArithError::OffBoard { .. }) => "off_board",
        StepError::Arith(ArithError::NotExact { .. }) => "not_exact",
        StepError::DieNotRolled { die, roll }
            if !roll.is_single()
                && (*die == roll.a + roll.b
                    || u16::from(*die) == u16::from(roll.a) * u16::from(roll.b)) =>
        {
            "dice_combined"
        }
        StepError::DieNotRolled { .. } => "die_not_rolled",
        StepError::DieUsedUp { .. } | StepError::NoUsesLeft => "die_used",
        StepError::NoPawnOn(_)
        | StepError::NoSuchPawn(_)
        | StepError::PawnHome
        | StepError::NoPawnNamed => "not_your_pawn",
        // §10 add-and-subtract: under a Curse only − is left; a cursed player asking
        // for something else has forgotten the Curse, as with `Cursed`.
        StepError::Cursed | StepError::CursedSubtractOnly => "cursed",
        StepError::AddSubtractOnly(_) => "add_subtract_only",
        StepError::StationsFirst(_) => "stations_first",
        _ => "keeper",
    })
}

impl<S: Store> Session<S> {
    /// Note what a Discord player did in the game of `place` (a hint asked, a move
    /// refused), for the class report. Best effort: a failure is logged, never shown.
    pub(super) async fn note(&self, place: Place, user_id: i64, kind: &str, detail: &str) {
        if place.guild_id == 0 {
            return;
        }
        let game_id = match self.store().open_game(place).await {
            Ok(Some(row)) => row.id,
            _ => return,
        };
        let row = ActivityRow {
            guild_id: place.guild_id,
            user_id,
            game_id,
            kind: kind.to_string(),
            detail: detail.to_string(),
            at: self.now(),
        };
        let written = async {
            let mut tx = self.store().begin().await?;
            tx.log_activity(&row).await?;
            tx.commit().await
        }
        .await;
        if let Err(e) = written {
            tracing::warn!(game_id, "noting a player's activity failed: {e}");
        }
    }
}

impl<S: Store> Classes<'_, S> {
    /// Note that a Discord player asked for a hint in the game of `place`.
    pub async fn note_hint(self, place: Place, user_id: i64) {
        self.note(place, user_id, "hint", "").await;
    }
}
