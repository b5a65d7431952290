//! `/class pair`: a class's students in random groups, one game per group in a place of
//! its own (a thread on Discord), started at once, AI seats filling the last group; an
//! assignment that lists the games still open when it is due.
//!
//! The whole use case is here: the teacher's words are read and checked (the server's
//! settings where nothing is said), before any student is read or any place opened. What
//! only the front can do (read who is in the class, open and close a place) it does
//! through [`ClassFront`]; what follows (each game's first board, who it pings, notices,
//! AI turns) comes back as each game's [`Changed`] outcome.

use std::future::Future;

use super::core::Classes;
use super::outcome::Changed;
use super::request;
use super::{
    groups, Actor, ClassRefusal, GameOptions, GameView, LobbySpec, Member, Permission, SessionError,
};
use crate::lang::Lang;
use crate::level::Level;
use crate::store::{AssignmentRow, GameKind, Place, Store};

/// The most students one `/class pair` seats (a large class is paired in parts).
pub const MAX_STUDENTS: usize = 200;

/// What a teacher asks of `/class pair`, in their words.
#[derive(Clone, Debug)]
pub struct PairWords {
    /// The channel the class is paired in (each game gets a place of its own in it).
    pub here: Place,
    pub teacher: Actor,
    pub kind: GameKind,
    /// Variants or options; none: the server's default variant.
    pub variant: Option<String>,
    /// The level of the AI seats that fill the last group (`medium` when not said).
    pub ai: Option<String>,
    /// Turn timeout; none: the server's.
    pub timeout: Option<String>,
    /// When the assignment is due (`3d`, `2026-12-01`), if it is one.
    pub due: Option<String>,
    /// Players per game (2 when not said).
    pub size: Option<i64>,
    /// The language of the games.
    pub lang: Lang,
    /// The front can open a place of its own for each game here (on Discord: a thread,
    /// which the bot may open in this channel, and the channel is not a thread itself).
    pub places_possible: bool,
}

/// Why the front could not read the class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudentsError {
    /// It may not see who has a role.
    Hidden,
    /// Another failure (the service did not answer), for the log.
    Unreadable(String),
}

/// What only the front can do for a pairing: read who is in the class, open a place
/// for one group's game, and close a place a game could not use.
pub trait ClassFront: Sync {
    /// The students (without the teacher and without bots).
    fn students(&self) -> impl Future<Output = Result<Vec<Member>, StudentsError>> + Send;
    /// A new place for one group's game, or why not (said to the teacher).
    fn open_place(
        &self,
        kind: GameKind,
        group: &[Member],
    ) -> impl Future<Output = Result<Place, String>> + Send;
    /// A place opened for a game that could not be made goes away again.
    fn close_place(&self, place: Place) -> impl Future<Output = ()> + Send;
}

/// A class paired: the assignment, each game opened (and what follows from it), and the
/// groups whose game could not be made.
#[derive(Debug)]
pub struct Paired {
    pub assignment: i64,
    pub due_at: Option<i64>,
    pub games: Vec<PairedGame>,
    pub failed: Vec<(Vec<Member>, PairFailure)>,
}

/// One group's game, started.
#[derive(Debug)]
pub struct PairedGame {
    pub group: Vec<Member>,
    pub game: Changed<GameView>,
}

/// Why one group's game could not be made (the others were).
#[derive(Debug)]
pub enum PairFailure {
    /// The front could not open its place.
    Place(String),
    /// The game was refused.
    Refused(SessionError),
}

/// The players a group has in this game: `(min, max)`.
pub fn group_sizes(options: &GameOptions) -> (usize, usize) {
    match options {
        GameOptions::Climb(_) => (2, crate::climb::game::MAX_PLAYERS),
        GameOptions::Daifugo(o) if o.skip => (3, 3),
        GameOptions::Daifugo(_) => (2, crate::daifugo::options::MAX_PLAYERS),
    }
}

impl<S: Store> Classes<'_, S> {
    /// Pair a class (see the module's words). Everything is checked before a student is
    /// read or a place opened; a group whose game cannot be made is said, and the others
    /// are played.
    pub async fn pair(
        self,
        words: PairWords,
        front: &impl ClassFront,
    ) -> Result<Paired, SessionError> {
        let here = words.here;
        let teacher = self.moderating(&words.teacher, here.guild_id).await;
        if !teacher.moderator {
            return Err(SessionError::NotAllowed(Permission::ClassTools));
        }
        let settings = self.servers().settings(here.guild_id).await?;
        let options = match words.kind {
            GameKind::Climb => {
                let variant = words
                    .variant
                    .clone()
                    .unwrap_or_else(|| settings.default_variant.clone());
                GameOptions::Climb(request::climb_options(&variant)?.0)
            }
            GameKind::Daifugo => GameOptions::Daifugo(request::daifugo_options(
                words.variant.as_deref().unwrap_or(""),
            )?),
        };
        let level = match words.ai.as_deref() {
            Some(text) => *request::levels(text)?.first().unwrap_or(&Level::Medium),
            None => Level::Medium,
        };
        let turn_timeout_secs = match words.timeout.as_deref() {
            Some(t) => request::duration(t)?,
            None => settings.turn_timeout_secs,
        };
        let due_at = words
            .due
            .as_deref()
            .map(|d| request::due_date(d, self.now()))
            .transpose()?;
        let (min, max) = group_sizes(&options);
        let size = usize::try_from(words.size.unwrap_or(2))
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or(SessionError::Class(ClassRefusal::GroupSize { min, max }))?;
        if !settings.threads || !words.places_possible {
            return Err(SessionError::Class(ClassRefusal::NeedsPlaces));
        }
        let students = match front.students().await {
            Ok(s) if s.is_empty() => return Err(SessionError::Class(ClassRefusal::NoStudents)),
            Ok(s) if s.len() > MAX_STUDENTS => {
                return Err(SessionError::Class(ClassRefusal::TooManyStudents {
                    max: MAX_STUDENTS,
                }))
            }
            Ok(s) => s,
            Err(StudentsError::Hidden) => {
                return Err(SessionError::Class(ClassRefusal::MembersHidden))
            }
            Err(StudentsError::Unreadable(e)) => {
                tracing::warn!("reading the students failed: {e}");
                return Err(SessionError::Class(ClassRefusal::StudentsUnreadable));
            }
        };
        let spec = LobbySpec {
            turn_timeout_secs,
            lang: words.lang,
            ..LobbySpec::new(options)
        };
        let now = self.now();
        let assignment = self
            .new_assignment(AssignmentRow {
                id: 0,
                guild_id: here.guild_id,
                channel_id: here.channel_id,
                teacher_id: teacher.user_id.unwrap_or(0),
                kind: words.kind,
                created_at: now,
                due_at,
            })
            .await?;
        let mut paired = Paired {
            assignment,
            due_at,
            games: Vec::new(),
            failed: Vec::new(),
        };
        let seed = u64::try_from(now).unwrap_or(0) ^ u64::try_from(assignment).unwrap_or(0);
        for group in groups(&students, size, seed) {
            let place = match front.open_place(words.kind, &group).await {
                Ok(place) => place,
                Err(why) => {
                    paired.failed.push((group, PairFailure::Place(why)));
                    continue;
                }
            };
            let spec = LobbySpec {
                members: group.iter().map(|m| (m.user_id, m.name.clone())).collect(),
                ai: vec![level; size.saturating_sub(group.len())],
                creator_plays: false,
                parent_channel_id: Some(here.channel_id),
                assignment_id: Some(assignment),
                ..spec.clone()
            };
            let opened = async {
                let lobbies = self.lobbies();
                lobbies.create_lobby(place, &teacher, &spec).await?;
                lobbies.start(place, &teacher).await
            }
            .await;
            match opened {
                Ok(view) => {
                    let game = self.changed(view).await;
                    paired.games.push(PairedGame { group, game });
                }
                Err(e) => {
                    front.close_place(place).await;
                    paired.failed.push((group, PairFailure::Refused(e)));
                }
            }
        }
        Ok(paired)
    }
}
