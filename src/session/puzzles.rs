//! Daily puzzles (`/climb puzzle`, `/daifugo puzzle`): the day's puzzle in the server's
//! time zone (the same for every server on that date), answers graded exactly by the
//! engines, the first answer of a day recorded for streaks and the server's puzzle
//! standings, and the day's post in a server's puzzle channel, claimed once.

use super::calendar::{self, Calendar};
use super::core::Learning;
use super::SessionError;
use crate::store::{GameKind, GuildSettings, PuzzleAnswerRow, Store, StoreTx};
use crate::{climb, daifugo};

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

impl<S: Store> Learning<'_, S> {
    /// Today's puzzle day in a server's time zone (UTC outside a server).
    pub async fn puzzle_day(self, guild_id: Option<i64>) -> Result<i64, SessionError> {
        let zone = match guild_id {
            Some(g) => self.store().settings(g).await?.time_zone,
            None => "UTC".to_string(),
        };
        let tz = calendar::zone_or_utc(Some(&zone));
        Ok(calendar::day_number(self.now(), &tz))
    }

    /// Grade an answer to today's puzzle of `kind`, and record it if it is the person's
    /// first of the day. A malformed answer is refused and records nothing.
    pub async fn answer_puzzle(
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
    pub async fn puzzle_standings(
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

    /// The servers whose puzzle channel should receive today's puzzles now (their local
    /// hour has come): (settings, day).
    pub async fn puzzle_posts_due(self) -> Result<Vec<(GuildSettings, i64)>, SessionError> {
        let now = self.now();
        let mut due = Vec::new();
        for s in self.store().puzzle_servers().await? {
            let tz = Calendar::new(&s.time_zone, false, "").tz;
            if calendar::local_minutes(now, &tz) >= s.puzzle_hour * 60 {
                let day = calendar::day_number(now, &tz);
                due.push((s, day));
            }
        }
        Ok(due)
    }

    /// Claim the post of day `day`'s puzzles in a server's channel: true once.
    pub async fn claim_puzzle_post(self, guild_id: i64, day: i64) -> Result<bool, SessionError> {
        let mut tx = self.store().begin().await?;
        let claimed = tx.claim_puzzle_post(guild_id, day, self.now()).await?;
        tx.commit().await?;
        Ok(claimed)
    }
}
