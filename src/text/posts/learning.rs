//! The posts that look back or teach: a finished game's review with its chart, a class
//! report with its chart and spreadsheet, a day's puzzle and a lesson's step with their
//! positions. Each is a [`Draft`]: the front draws its picture.

use super::replies;
use super::{lobby, Button, Draft, File, Picture, Post, Row, Style, MAX_CONTENT};
use super::{Answer, Shown};
use crate::climb::lessons::Lesson;
use crate::climb::puzzle::Puzzle;
use crate::daifugo::puzzle::Puzzle as DaifugoPuzzle;
use crate::lang::Lang;
use crate::render::replay::FittedReplay;
use crate::session::ids::Click;
use crate::session::lessons::Learn;
use crate::session::replay::ReplayView;
use crate::session::report::ClassReport;
use crate::session::review::{PositionView, ReviewView};
use crate::session::{
    GameKind, GameSummary, Look, Opened, OpenedGame, PuzzleShown, SessionError, Status,
};
use crate::text::{self, Markup};

const M: Markup = Markup::Discord;

/// A position's board (a puzzle, a lesson's step) under `post`, drawn in `look`.
fn position(
    post: Post,
    game: crate::climb::Game,
    file: &'static str,
    alt: String,
    look: Look,
    lang: Lang,
) -> Draft {
    Draft::new(post, file, alt, move || {
        PositionView { game }.png(look, text::pictures::words(lang))
    })
}

/// `post` with a Prime Climb puzzle's board.
fn puzzle_board(post: Post, puzzle: &Puzzle, look: Look, lang: Lang) -> Draft {
    let alt = text::puzzle::climb_alt(puzzle, lang);
    position(post, puzzle.game.clone(), "puzzle.png", alt, look, lang)
}

/// A day's Prime Climb puzzle: the question and the board.
pub fn climb_puzzle(puzzle: &Puzzle, look: Look, lang: Lang) -> Draft {
    let command = text::puzzle::answer_command(GameKind::Climb);
    let question = text::puzzle::climb_question(puzzle, command, lang, M);
    puzzle_board(Post::text(question), puzzle, look, lang)
}

/// The day's puzzles of both games, posted in a server's puzzle channel, with the Prime
/// Climb puzzle's board.
pub fn daily_puzzles(climb: &Puzzle, daifugo: &DaifugoPuzzle, look: Look, lang: Lang) -> Draft {
    let post = Post::text(text::puzzle::daily_post(climb, daifugo, lang));
    puzzle_board(post, climb, look, lang)
}

/// A lesson's step `i`: its words (after `head`, what the last try did) and its position.
pub fn lesson_step(
    i: usize,
    lesson: &Lesson,
    look: Look,
    lang: Lang,
    head: Option<String>,
) -> Draft {
    let mut words = head.map(|h| vec![h]).unwrap_or_default();
    let how = text::lessons::how_to_answer(lang, M);
    words.push(text::lessons::step_text(i, lesson, &how, lang, M));
    let game = lesson.game();
    let alt = text::alt::board_alt(&game, None, lang);
    position(
        Post::text(words.join("\n\n")),
        game,
        "lesson.png",
        alt,
        look,
        lang,
    )
}

/// A finished game's review: each turn against the solver's best (in a file when too
/// long for a message), with the chart of the players' standing when there is one.
pub fn review(reviewed: &ReviewView, lang: Lang) -> Draft {
    let (info, review) = (&reviewed.info, &reviewed.review);
    let people: Vec<bool> = (0..info.seats.len())
        .map(|s| info.ai_level(s).is_none())
        .collect();
    let message = text::review::review_message(info.id, review, &people, MAX_CONTENT, lang);
    let mut post = Post::text(message.content);
    post.file = (message.file).map(|(name, body)| File {
        bytes: body.into_bytes(),
        name,
    });
    let series = text::review::chart_series(review);
    if series.is_empty() {
        return Draft::plain(post);
    }
    let alt = text::review::chart_alt(&series, lang);
    let words = text::review::chart_words(info.id, lang);
    let (look, drawn) = (info.look, reviewed.clone());
    Draft::new(post, "review.png", alt, move || {
        drawn.chart_png(&series, &words, look)
    })
}

/// A class report: its summary, and for a class with students the chart and the
/// spreadsheet (one row per student).
pub fn class_report(class: &ClassReport, lang: Lang) -> Draft {
    let mut post = Post::text(text::report::message(class, lang));
    if class.students.is_empty() {
        return Draft::plain(post);
    }
    post.file = Some(File {
        bytes: text::report::csv(class, lang).into_bytes(),
        name: "class-report.csv".into(),
    });
    let rows = text::report::chart_rows(class);
    let words = text::report::chart_words(class, lang);
    let alt = text::report::chart_alt(class, lang);
    let drawn = class.clone();
    Draft::new(post, "class-chart.png", alt, move || {
        drawn.chart_png(&rows, &words)
    })
}

/// What to do once every step is done (after `head`, what the last try did): the whole
/// game is one click away (or the command it stands for).
fn whole_game(lang: Lang, head: Option<String>) -> Answer {
    let words = text::lessons::whole_game(lang, M);
    let mut post = Post::text(match head {
        Some(head) => format!("{head}\n\n{words}"),
        None => words,
    });
    post.components = vec![Row::Buttons(vec![Button::new(Click::LearnPlay.id())
        .label(text::lessons::play_label(lang))
        .emoji('🎲')
        .style(Style::Success)])];
    Answer::new(post, Shown::Private)
}

/// The answer to `/climb learn`, only for the learner: the step to do, what a try did
/// (and the next step when its goal is met), or the whole game once every step is done.
pub fn learned(learned: Learn, look: Look, lang: Lang) -> Answer {
    match learned {
        Learn::Done => whole_game(lang, None),
        Learn::Step(i, lesson) => {
            Answer::new(lesson_step(i, &lesson, look, lang, None), Shown::Private)
        }
        Learn::Refused(_, lesson, e) => {
            Answer::private(text::lessons::refused_text(&e, &lesson.shape(), lang, M))
        }
        Learn::Tried {
            step,
            lesson,
            checked,
            next,
        } => {
            let said = text::lessons::checked_text(&lesson, &checked, lang, M);
            match (checked.passed, next) {
                (true, Some(next)) => {
                    let draft = lesson_step(step + 1, &next, look, lang, Some(said));
                    Answer::new(draft, Shown::Private)
                }
                (true, None) => whole_game(lang, Some(said)),
                (false, _) => Answer::private(said),
            }
        }
    }
}

/// The answer to the graduation's button: the private message the button was on says
/// where the whole game is (in the clicker's language); its board is posted there for
/// everyone, in the game's language, as every later turn message is.
pub fn graduated(opened: Opened, activity: bool, lang: Lang) -> Answer {
    let at = opened.at;
    let place = at.place;
    let (post, ai, notices) = match opened.what {
        OpenedGame::Started(changed) => {
            let mut board = replies::public(&changed.view, activity, changed.info().lang);
            board.post.ping(&changed.pings);
            (board, changed.ai_next, changed.notices)
        }
        // Started at once, a game is never left a lobby; were it one, it is shown.
        OpenedGame::Lobby(view) => (
            lobby::lobby_post(&view, view.info.lang).into(),
            false,
            Vec::new(),
        ),
    };
    let mut said = text::lessons::game_is_in(place.channel_id, lang);
    if let Some(note) = text::bot::placed_note(at.note, lang) {
        said = format!("{note}\n{said}");
    }
    let mut answer = Answer::new(Post::text(said), Shown::Update)
        .then_ai(place, ai)
        .then_notify(notices);
    if let Some(parent) = at.parent {
        let welcome = text::bot::thread_welcome(GameKind::Climb, parent, lang);
        answer
            .channel_posts
            .push((place, Post::text(welcome).into()));
    }
    answer.channel_posts.push((place, post));
    answer
}

/// The answer to a puzzle command (answered with `command`): today's puzzle or an answer
/// graded, only for the asker (no spoilers), or the server's puzzle standings.
pub fn puzzle(shown: PuzzleShown, kind: GameKind, lang: Lang) -> Answer {
    match shown {
        PuzzleShown::Standings(rows) => Answer::public(Post::text(text::puzzle::standings(
            &rows,
            text::lobby::title(kind),
            lang,
            M,
        ))),
        PuzzleShown::Climb { puzzle, look } => {
            Answer::new(climb_puzzle(&puzzle, look, lang), Shown::Private)
        }
        PuzzleShown::Daifugo(puzzle) => Answer::private(text::puzzle::daifugo_question(
            &puzzle,
            text::puzzle::answer_command(kind),
            lang,
            M,
        )),
        PuzzleShown::Graded(grade, record) => Answer::private(format!(
            "{}\n{}",
            text::puzzle::grade(&grade, lang, M),
            text::puzzle::record(&record, lang)
        )),
    }
}

/// One page of a teacher's open games (`page`, from 0), with buttons to the pages before
/// and after; only for the teacher, and in place of the page `clicked` from.
pub fn class_games(
    games: &[GameSummary],
    now: i64,
    everywhere: bool,
    (page, clicked): (u16, bool),
    lang: Lang,
) -> Answer {
    let (content, pages) =
        text::class::games_overview(games, now, everywhere, usize::from(page), lang);
    let mut post = Post::text(content);
    if pages > 1 {
        let page = usize::from(page).min(pages - 1);
        let button = |to: usize, label: &str| {
            let to = u16::try_from(to).unwrap_or(u16::MAX);
            let click = Click::ClassGames {
                everywhere,
                page: to,
            };
            Button::new(click.id()).label(label).style(Style::Secondary)
        };
        post.components = vec![Row::Buttons(vec![
            button(page.saturating_sub(1), text::class::previous_page(lang)).disabled(page == 0),
            button(page + 1, text::class::next_page(lang)).disabled(page + 1 >= pages),
        ])];
        if clicked {
            return Answer::new(post, Shown::Update);
        }
    }
    Answer::new(post, Shown::Private)
}

/// A replay still to draw: the GIF of the whole game (`draw`, made to fit the upload
/// limit, showing one turn in `every` when the game is long), then the answer that shows
/// it, or says it could not be drawn (`finish`, given what `draw` made).
pub struct ReplayDraft {
    pub draw: Box<dyn FnOnce() -> Result<FittedReplay, image::ImageError> + Send + Sync>,
    pub finish: Box<dyn FnOnce(Option<FittedReplay>) -> Answer + Send + Sync>,
}

/// The replay of a game, shown as `shown`; a game with no turn yet is refused (in words).
pub fn replay(replay: ReplayView, shown: Shown, lang: Lang) -> Result<ReplayDraft, String> {
    let info = replay.info.clone();
    let turns = replay.frames.len().saturating_sub(1);
    let finished = info.status != Status::Active;
    let Some((last, _)) = replay.frames.last() else {
        return Err(text::errors::refusal(&SessionError::NotStarted, lang));
    };
    let alt = text::review::replay_alt(info.id, turns, last, lang);
    let finish = move |fitted: Option<FittedReplay>| {
        let Some(fitted) = fitted else {
            return Answer::private(text::review::replay_failed(lang));
        };
        let (every, m) = (fitted.every, Markup::Discord);
        let mut post = Post::text(text::review::replay_text(
            info.id, turns, every, finished, lang, m,
        ));
        post.picture = Some(Picture {
            png: fitted.gif,
            file: "replay.gif",
            alt,
        });
        Answer::new(post, shown)
    };
    Ok(ReplayDraft {
        draw: Box::new(move || replay.gif(text::pictures::words(lang))),
        finish: Box::new(finish),
    })
}
