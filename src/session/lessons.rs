//! The guided first game (`/climb learn`, `primeclimb learn`): each person's step is
//! kept in the store, so a learner who stops goes on where they were, on Discord and in
//! the terminal alike (the terminal's learner is user 0 of its own database).

use super::core::Learning;
use super::{Session, SessionError};
use crate::climb::lessons::{self, Checked, Lesson, LessonError, COUNT};
use crate::render::Look;
use crate::store::{Store, StoreTx};

/// Where a learner stands, or what their try did.
#[derive(Clone, Debug)]
pub enum Learn {
    /// The step to do now (0-based) and its position.
    Step(usize, Lesson),
    /// Every step is done: the whole game comes next.
    Done,
    /// A try at step `.0`: its check; when passed, the next step (or `None`: done).
    Tried {
        step: usize,
        lesson: Lesson,
        checked: Box<Checked>,
        next: Option<Lesson>,
    },
    /// A try that cannot be played: the step stays.
    Refused(usize, Lesson, LessonError),
}

impl<S: Store> Session<S> {
    async fn save_lesson_step(&self, user_id: i64, step: usize) -> Result<(), SessionError> {
        let mut tx = self.store().begin().await?;
        tx.set_lesson_step(user_id, step as i64, self.now()).await?;
        tx.commit().await?;
        Ok(())
    }
}

impl<S: Store> Learning<'_, S> {
    /// `/climb learn` in a server: [`Learning::learn`], and the look the learner draws
    /// their own pictures in (the server's if they never chose).
    pub async fn learn_in(
        self,
        guild_id: Option<i64>,
        user_id: i64,
        answer: Option<&str>,
        restart: bool,
    ) -> Result<(Learn, Look), SessionError> {
        let learned = self.learn(user_id, answer, restart).await?;
        let look = match guild_id {
            Some(guild) => self.servers().own_look(user_id, guild).await,
            None => Look::default(),
        };
        Ok((learned, look))
    }

    /// The learner's step (with `restart`, from the first again), or the check of their
    /// try (`answer`, a move in the notation of §4). A passed step is saved at once.
    pub async fn learn(
        self,
        user_id: i64,
        answer: Option<&str>,
        restart: bool,
    ) -> Result<Learn, SessionError> {
        let mut step = if restart {
            self.save_lesson_step(user_id, 0).await?;
            0
        } else {
            usize::try_from(self.store().lesson_step(user_id).await?).unwrap_or(0)
        };
        if step > COUNT {
            step = COUNT;
        }
        let Some(lesson) = lessons::lesson(step) else {
            return Ok(Learn::Done);
        };
        let Some(answer) = answer.map(str::trim).filter(|a| !a.is_empty()) else {
            return Ok(Learn::Step(step, lesson));
        };
        match lesson.check(answer) {
            Err(e) => Ok(Learn::Refused(step, lesson, e)),
            Ok(checked) => {
                let next = if checked.passed {
                    self.save_lesson_step(user_id, step + 1).await?;
                    lessons::lesson(step + 1)
                } else {
                    Some(lesson.clone())
                };
                Ok(Learn::Tried {
                    step,
                    lesson,
                    checked: Box::new(checked),
                    next,
                })
            }
        }
    }
}
