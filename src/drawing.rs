//! Where the bot draws its pictures: on the blocking pool, at most one per core at a time
//! (each takes a few megabytes while it is drawn, so the memory stays flat however many
//! games post at once). A message nobody waits on (an AI's turn, a timeout, the outbox,
//! the day's puzzle) has its pictures drawn one at a time on a thread of their own, at a
//! lower priority than the rest of the bot (a nice value [`BACKGROUND_NICENESS`] higher):
//! a burst of them never holds a core while an answer someone waits on (Discord wants it
//! within 3 s), the database or the bot's own work wants it. After a picture, a look that
//! waits for its thorough parse (its pictures some 4 % smaller) gets it on one spare
//! blocking thread.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, OnceLock};

use tokio::sync::Semaphore;

use crate::session::Place;
use crate::text::posts::{Answer, Draft, Picture, Post, Sketch};

tokio::task_local! {
    /// Set while a message nobody waits on is made: its pictures take their turn.
    static BACKGROUND: ();
}

/// How much lower the priority of the pictures nobody waits on is than the rest of the
/// bot's: a nice value this much higher (at most 19). The kernel then gives such a thread
/// about a tenth of a core while other threads want it, and all of an idle one.
pub const BACKGROUND_NICENESS: i32 = 10;

/// The pictures' queues (cheap to clone: every clone shares them).
#[derive(Clone)]
pub struct Drawing {
    cores: Arc<Semaphore>,
    background: Arc<Semaphore>,
    /// The thread of the pictures nobody waits on, started with the first of them.
    lowly: Arc<OnceLock<Option<mpsc::Sender<Job>>>>,
    /// Whether a spare thread is making looks' thorough parses.
    refining: Arc<AtomicBool>,
}

/// Work for the thread of the pictures nobody waits on.
type Job = Box<dyn FnOnce() + Send>;

/// A picture drawn, or why not.
type Outcome<T> = Result<Result<T, image::ImageError>, String>;

impl Default for Drawing {
    fn default() -> Drawing {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Drawing {
            cores: Arc::new(Semaphore::new(cores.clamp(1, 4))),
            background: Arc::new(Semaphore::new(1)),
            lowly: Arc::default(),
            refining: Arc::new(AtomicBool::new(false)),
        }
    }
}

impl Drawing {
    /// Draw a picture on a blocking thread; inside [`in_background`], on the thread of
    /// the pictures nobody waits on, one at a time, in the order asked. `None` if it
    /// failed (logged): a message then goes without its picture rather than not at all.
    pub async fn draw<T, F>(&self, draw: F) -> Option<T>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, image::ImageError> + Send + 'static,
    {
        let drawn = if BACKGROUND.try_with(|_| ()).is_ok() {
            let _turn = self.background.acquire().await.ok()?;
            match self.lowly() {
                Some(lowly) => Self::draw_on(lowly, draw).await,
                None => self.draw_on_core(draw).await?,
            }
        } else {
            self.draw_on_core(draw).await?
        };
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

    /// On the blocking pool, with a core's turn.
    async fn draw_on_core<T, F>(&self, draw: F) -> Option<Outcome<T>>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, image::ImageError> + Send + 'static,
    {
        let _core = self.cores.acquire().await.ok()?;
        Some(
            tokio::task::spawn_blocking(draw)
                .await
                .map_err(|e| e.to_string()),
        )
    }

    /// On the thread of the pictures nobody waits on.
    async fn draw_on<T, F>(lowly: &mpsc::Sender<Job>, draw: F) -> Outcome<T>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, image::ImageError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let drawn = std::panic::catch_unwind(AssertUnwindSafe(draw))
                .map_err(|_| "it panicked".to_string());
            let _ = tx.send(drawn);
        });
        lowly
            .send(job)
            .map_err(|_| "the background thread is gone".to_string())?;
        rx.await
            .unwrap_or_else(|_| Err("the background thread is gone".into()))
    }

    /// The thread of the pictures nobody waits on (`None`: it could not be started, and
    /// they are drawn as answers are).
    fn lowly(&self) -> Option<&mpsc::Sender<Job>> {
        self.lowly
            .get_or_init(|| {
                let (tx, rx) = mpsc::channel::<Job>();
                let started = std::thread::Builder::new()
                    .name("background pictures".into())
                    .spawn(move || {
                        lower_priority();
                        // Until every clone of the `Drawing` is dropped.
                        while let Ok(job) = rx.recv() {
                            job();
                        }
                    });
                match started {
                    Ok(_) => Some(tx),
                    Err(e) => {
                        tracing::warn!("no thread for the background pictures: {e}");
                        None
                    }
                }
            })
            .as_ref()
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

/// Lower the calling thread's priority by [`BACKGROUND_NICENESS`] (Linux keeps a nice
/// value per thread; an unprivileged process cannot raise it back, so only threads of
/// their own call this). Elsewhere, nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: getpriority and setpriority read and set a number of the calling thread
    // (`0`: the caller); they touch no memory of ours.
    unsafe {
        let now = libc::getpriority(libc::PRIO_PROCESS, 0);
        let lower = (now + BACKGROUND_NICENESS).min(19);
        if libc::setpriority(libc::PRIO_PROCESS, 0, lower) != 0 {
            tracing::warn!("could not lower a background thread's priority");
        }
    }
}
