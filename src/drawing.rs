//! Where the bot draws its pictures: on the blocking pool, at most one per core at a time
//! (each takes a few megabytes while it is drawn, so the memory stays flat however many
//! games post at once). A message nobody waits on (an AI's turn, a timeout, the outbox,
//! the day's puzzle) draws one picture at a time besides: a burst of them never holds
//! every core while an answer someone waits on (Discord wants it within 3 s) queues
//! behind it. After a picture, a look that waits for its thorough parse (its pictures
//! some 4 % smaller) gets it on one spare blocking thread.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::session::Place;
use crate::text::posts::{Answer, Draft, Picture, Post, Sketch};

tokio::task_local! {
    /// Set while a message nobody waits on is made: its pictures take their turn.
    static BACKGROUND: ();
}

/// The pictures' queues (cheap to clone: every clone shares them).
#[derive(Clone)]
pub struct Drawing {
    cores: Arc<Semaphore>,
    background: Arc<Semaphore>,
    /// Whether a spare thread is making looks' thorough parses.
    refining: Arc<AtomicBool>,
}

impl Default for Drawing {
    fn default() -> Drawing {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Drawing {
            cores: Arc::new(Semaphore::new(cores.clamp(1, 4))),
            background: Arc::new(Semaphore::new(1)),
            refining: Arc::new(AtomicBool::new(false)),
        }
    }
}

impl Drawing {
    /// Draw a picture on a blocking thread (inside [`in_background`], one such at a time).
    /// `None` if it failed (logged): a message then goes without its picture rather than
    /// not at all.
    pub async fn draw<T, F>(&self, draw: F) -> Option<T>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, image::ImageError> + Send + 'static,
    {
        let _turn = match BACKGROUND.try_with(|_| ()) {
            Ok(()) => Some(self.background.acquire().await.ok()?),
            Err(_) => None,
        };
        let _core = self.cores.acquire().await.ok()?;
        let drawn = tokio::task::spawn_blocking(draw).await;
        self.refine_looks();
        match drawn {
            Ok(Ok(picture)) => Some(picture),
            Ok(Err(e)) => {
                tracing::error!("encoding a picture failed: {e}");
                None
            }
            Err(e) => {
                tracing::error!("drawing a picture failed: {e}");
                None
            }
        }
    }

    /// After a picture: if a look drawn in waits for its thorough parse (its pictures
    /// some 4 % smaller), make it on a spare thread, one look after another, while
    /// pictures go on being drawn with the quick one.
    fn refine_looks(&self) {
        if !crate::session::pictures_to_refine() || self.refining.swap(true, Ordering::AcqRel) {
            return;
        }
        /// Lets the next picture start a refiner again, however this one ends.
        struct Done(Arc<AtomicBool>);
        impl Drop for Done {
            fn drop(&mut self) {
                self.0.store(false, Ordering::Release);
            }
        }
        let done = Done(Arc::clone(&self.refining));
        tokio::task::spawn_blocking(move || {
            let _done = done;
            crate::session::refine_pictures();
        });
    }

    /// A post with its picture drawn; if the drawing fails (logged), the post goes without
    /// it rather than not at all.
    pub async fn post(&self, draft: Draft) -> Post {
        let Draft { mut post, sketch } = draft;
        if let Some(Sketch { draw, file, alt }) = sketch {
            let png = self.draw(draw).await;
            post.picture = png.map(|png| Picture { png, file, alt });
        }
        post
    }

    /// An answer with every picture it holds drawn.
    pub async fn answer(&self, mut answer: Answer) -> Drawn {
        let post = std::mem::replace(&mut answer.post, Post::default().into());
        let post = self.post(post).await;
        let followup = match answer.private_followup.take() {
            Some(draft) => Some(self.post(draft).await),
            None => None,
        };
        let mut channel_posts = Vec::new();
        for (place, draft) in std::mem::take(&mut answer.channel_posts) {
            channel_posts.push((place, self.post(draft).await));
        }
        Drawn {
            post,
            followup,
            channel_posts,
            rest: answer,
        }
    }
}

/// An answer with its pictures drawn: its post, its private followup and its posts in
/// the game's place, and the rest of it.
pub struct Drawn {
    pub post: Post,
    pub followup: Option<Post>,
    pub channel_posts: Vec<(Place, Post)>,
    pub rest: Answer,
}

/// Make `message` (a future that builds a message nobody waits on) with its pictures
/// drawn in their turn.
pub async fn in_background<F: Future>(message: F) -> F::Output {
    BACKGROUND.scope((), message).await
}
