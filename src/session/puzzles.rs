//! Daily puzzles (`/climb puzzle`, `/daifugo puzzle`): the day's puzzle in the server's
//! time zone (the same for every server on that date), answers graded exactly by the
//! engines, the first answer of a day recorded for streaks and the server's puzzle
//! standings, and the day's post in a server's puzzle channel, claimed once.

use super::calendar;
use super::core::Learning;
use super::settings::ServerSettings;
use super::SessionError;
use crate::lang::Lang;
use crate::render::Look;
use crate::store::{GameKind, Place, PuzzleAnswerRow, Store, StoreTx};
use crate::{climb, daifugo};

/// A day's puzzles to post in a server's puzzle channel (claimed already).
#[derive(Clone, Debug)]
pub struct PuzzlePost {
    pub place: Place,
    /// The day's puzzles.
    pub climb: Box<climb::puzzle::Puzzle>,
    pub daifugo: Box<daifugo::puzzle::Puzzle>,
    pub lang: Lang,
    /// How the server draws its pictures.
    pub look: Look,
}

/// What recording an answer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleRecord {
    /// This was the first answer of the day: it counts.
    pub counted: bool,
    /// Days in a row solved, today's included.
    pub streak: u32,
    /// Puzzles solved in all.
    pub solved: u32,
}

/// One line of a server's puzzle standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleStanding {
    pub user_id: i64,
    pub solved: u32,
    /// Days in a row solved, up to today (or yesterday, if today's is still to do).
    pub streak: u32,
    pub best_streak: u32,
}

/// A grade of either game's puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleGrade {
    Climb(climb::puzzle::Grade),
    Daifugo(daifugo::puzzle::Grade),
}

impl PuzzleGrade {
    pub fn is_right(&self) -> bool {
        match self {
            PuzzleGrade::Climb(g) => g.is_right(),
            PuzzleGrade::Daifugo(g) => g.is_right(),
        }
    }
}

/// The stored word of a puzzle's game.
fn kind_word(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Climb => "climb",
        GameKind::Daifugo => "daifugo",
    }
}

/// The current and the best runs of consecutive days in `days` (sorted, distinct), the
/// current one ending today or yesterday.
pub fn streaks(days: &[i64], today: i64) -> (u32, u32) {
    let mut best = 0u32;
    let mut run = 0u32;
    let mut prev: Option<i64> = None;
    for &d in days {
        run = match prev {
            Some(p) if d == p + 1 => run + 1,
            _ => 1,
        };
        best = best.max(run);
        prev = Some(d);
    }
    let current = match prev {
        Some(last) if last >= today - 1 => run,
        _ => 0,
    };
    (current, best)
}

/// What `/climb puzzle` and `/daifugo puzzle` ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleAsk {
    /// Today's puzzle.
    Today,
    /// An answer to today's puzzle.
    Answer(String),
    /// The server's puzzle standings.
    Standings,
}

/// What they answer.
#[derive(Clone, Debug)]
pub enum PuzzleShown {
    /// Today's Prime Climb puzzle, and the look the asker draws their own pictures in.
    Climb {
        puzzle: Box<climb::puzzle::Puzzle>,
        look: Look,
    },
    /// Today's Prime Daifugo puzzle.
    Daifugo(Box<daifugo::puzzle::Puzzle>),
    /// An answer graded, and the asker's record.
    Graded(PuzzleGrade, PuzzleRecord),
    Standings(Vec<PuzzleStanding>),
}

impl<S: Store> Learning<'_, S> {
    /// `/climb puzzle`, `/daifugo puzzle`: today's puzzle of `kind` in the server's
    /// calendar, an answer graded and recorded, or the server's standings.
    pub async fn puzzle(
        self,
        guild_id: i64,
        user_id: i64,
        kind: GameKind,
        ask: PuzzleAsk,
    ) -> Result<PuzzleShown, SessionError> {
        Ok(match ask {
            PuzzleAsk::Standings => {
                PuzzleShown::Standings(self.puzzle_standings(guild_id, kind).await?)
            }
            PuzzleAsk::Answer(words) => {
                let (_, grade, record) =
                    self.answer_puzzle(guild_id, user_id, kind, &words).await?;
                PuzzleShown::Graded(grade, record)
            }
            PuzzleAsk::Today => {
                let day = self.puzzle_day(Some(guild_id)).await?;
                match kind {
                    GameKind::Climb => PuzzleShown::Climb {
                        puzzle: Box::new(climb::puzzle::of_day(day)),
                        look: self.servers().own_look(user_id, guild_id).await,
                    },
                    GameKind::Daifugo => {
                        PuzzleShown::Daifugo(Box::new(daifugo::puzzle::of_day(day)))
                    }
                }
            }
        })
    }

    /// Today's puzzle day in a server's time zone (UTC outside a server).
    async fn puzzle_day(self, guild_id: Option<i64>) -> Result<i64, SessionError> {
        let tz = match guild_id {
            Some(g) => self.servers().settings(g).await?.calendar.tz,
            None => jiff::tz::TimeZone::UTC,
        };
        Ok(calendar::day_number(self.now(), &tz))
    }

    /// Grade an answer to today's puzzle of `kind`, and record it if it is the person's
    /// first of the day. A malformed answer is refused and records nothing.
    async fn answer_puzzle(
        self,
        guild_id: i64,
        user_id: i64,
        kind: GameKind,
        answer: &str,
    ) -> Result<(i64, PuzzleGrade, PuzzleRecord), SessionError> {
        let day = self.puzzle_day(Some(guild_id)).await?;
        let grade = match kind {
            GameKind::Climb => {
                PuzzleGrade::Climb(climb::puzzle::of_day(day).grade(answer).map_err(
                    |e| match e {
                        climb::puzzle::AnswerError::Move(r) => SessionError::Rule(r),
                        climb::puzzle::AnswerError::Unfinished => SessionError::PuzzleUnfinished,
                        climb::puzzle::AnswerError::Spaces(w) => SessionError::PuzzleSpaces(w),
                    },
                )?)
            }
            GameKind::Daifugo => {
                PuzzleGrade::Daifugo(daifugo::puzzle::of_day(day).grade(answer).map_err(
                    |daifugo::puzzle::AnswerError::NotANumber(w)| SessionError::PuzzleNumber(w),
                )?)
            }
        };
        let mut tx = self.store().begin().await?;
        let counted = tx
            .record_puzzle_answer(&PuzzleAnswerRow {
                guild_id,
                user_id,
                kind: kind_word(kind).to_string(),
                day,
                correct: grade.is_right(),
                answered_at: self.now(),
            })
            .await?;
        tx.commit().await?;
        let me = self
            .puzzle_standings(guild_id, kind)
            .await?
            .into_iter()
            .find(|s| s.user_id == user_id);
        Ok((
            day,
            grade,
            PuzzleRecord {
                counted,
                streak: me.as_ref().map_or(0, |s| s.streak),
                solved: me.as_ref().map_or(0, |s| s.solved),
            },
        ))
    }

    /// A server's puzzle standings of `kind`: the longest current streak first, then the
    /// most solved.
    async fn puzzle_standings(
        self,
        guild_id: i64,
        kind: GameKind,
    ) -> Result<Vec<PuzzleStanding>, SessionError> {
        let today = self.puzzle_day(Some(guild_id)).await?;
        let rows = self
            .store()
            .puzzle_answers(guild_id, kind_word(kind))
            .await?;
        let mut users: Vec<i64> = rows.iter().map(|r| r.user_id).collect();
        users.sort_unstable();
        users.dedup();
        let mut out: Vec<PuzzleStanding> = users
            .into_iter()
            .map(|user_id| {
                let mut days: Vec<i64> = rows
                    .iter()
                    .filter(|r| r.user_id == user_id && r.correct)
                    .map(|r| r.day)
                    .collect();
                days.sort_unstable();
                days.dedup();
                let (streak, best_streak) = streaks(&days, today);
                PuzzleStanding {
                    user_id,
                    solved: days.len() as u32,
                    streak,
                    best_streak,
                }
            })
            .collect();
        out.sort_by(|a, b| {
            (b.streak, b.solved, b.best_streak)
                .cmp(&(a.streak, a.solved, a.best_streak))
                .then(a.user_id.cmp(&b.user_id))
        });
        Ok(out)
    }

    /// The day's puzzle posts due now (each server's local hour has come), claimed: each
    /// server's channel gets a day's puzzles once, whatever the process. A claim the
    /// database refuses now is tried at the next tick.
    pub async fn claim_puzzle_posts(self) -> Result<Vec<PuzzlePost>, SessionError> {
        let now = self.now();
        let mut due = Vec::new();
        for row in self.store().puzzle_servers().await? {
            let s = ServerSettings::of_row(&row);
            let Some(posts) = s.puzzles else {
                continue;
            };
            let tz = &s.calendar.tz;
            if calendar::local_minutes(now, tz) < posts.hour * 60 {
                continue;
            }
            let day = calendar::day_number(now, tz);
            // Those claimed already are posted whatever happens to the next claim.
            let claimed = async {
                let mut tx = self.store().begin().await?;
                let claimed = tx.claim_puzzle_post(s.guild_id, day, now).await?;
                tx.commit().await?;
                Ok::<_, crate::store::StoreError>(claimed)
            }
            .await;
            let claimed = match claimed {
                Ok(claimed) => claimed,
                Err(e) => {
                    tracing::warn!(guild = s.guild_id, "claiming a puzzle post failed: {e}");
                    break;
                }
            };
            if claimed {
                due.push(PuzzlePost {
                    place: Place {
                        guild_id: s.guild_id,
                        channel_id: posts.channel,
                    },
                    climb: Box::new(climb::puzzle::of_day(day)),
                    daifugo: Box::new(daifugo::puzzle::of_day(day)),
                    lang: posts.lang,
                    look: s.look,
                });
            }
        }
        Ok(due)
    }
}
