//! A game's page as HTML: the shell, and the parts the live page swaps in (the board,
//! whose turn, the turns, the board in words). Every word comes from `text::web` or the
//! other `text` rooms and is escaped here, once; the board is the SVG of `render`.

use crate::lang::Lang;
use crate::render::svg::escape;
use crate::render::{board_svg_in, LastTurn, RenderOptions, Theme};
use crate::session::{ClassWatched, GameKind, GameView, SeasonBoard, Watched};
use crate::text::{self, alt, pictures, web as words, Markup};

/// The parts of a game's page that change as the game goes on.
pub struct Parts {
    pub version: i64,
    pub to_move: String,
    /// The board: an SVG (Prime Climb) or the table's picture (Prime Daifugo).
    pub board: String,
    /// The list of turns, newest first, "Now" at the top.
    pub turns: String,
    /// The board in words, for screen readers and anyone who wants it spelt out.
    pub text: String,
}

/// Lines of text as HTML: those that begin "• " as a list, the others as paragraphs.
fn lines_html(lines: &[String]) -> String {
    let mut out = String::new();
    let mut in_list = false;
    for line in lines {
        match line.strip_prefix("• ") {
            Some(item) => {
                if !in_list {
                    out.push_str("<ul>");
                    in_list = true;
                }
                out.push_str(&format!("<li>{}</li>", escape(item)));
            }
            None => {
                if in_list {
                    out.push_str("</ul>");
                    in_list = false;
                }
                out.push_str(&format!("<p>{}</p>", escape(line)));
            }
        }
    }
    if in_list {
        out.push_str("</ul>");
    }
    out
}

/// The board of Prime Climb `game` after `turn`, in the game's look, as an SVG whose ids
/// begin with `ids`.
pub fn climb_board(
    game: &crate::climb::Game,
    turn: Option<&LastTurn>,
    look: crate::render::Look,
    lang: Lang,
    ids: &str,
) -> String {
    let opts = RenderOptions {
        theme: Theme::for_look(look),
        ..RenderOptions::default()
    };
    let title = alt::board_alt(game, turn, lang);
    board_svg_in(game, turn, &opts, pictures::words(lang), &title, ids)
}

/// The parts of `watched`'s page in `lang`.
pub fn parts(watched: &Watched, lang: Lang) -> Parts {
    let info = watched.info();
    match watched {
        Watched::Climb { view, turns } => {
            let last = view.last_turn();
            let mut items = vec![format!(
                r#"<li><button type="button" data-turn="now" aria-current="true">{}</button></li>"#,
                escape(words::page_words(info.id, false, lang).now)
            )];
            for (k, (game, turn)) in turns.iter().enumerate().skip(1).rev() {
                if let Some(turn) = turn {
                    items.push(format!(
                        r#"<li><button type="button" data-turn="{k}">{}</button></li>"#,
                        escape(&words::turn_story(game, turn, lang))
                    ));
                }
            }
            Parts {
                version: info.version,
                to_move: words::to_move(&view.game, lang),
                board: climb_board(&view.game, last.as_ref(), info.look, lang, ""),
                turns: format!(r#"<ol class="turns">{}</ol>"#, items.join("")),
                text: lines_html(&alt::board_text(
                    &view.game,
                    last.as_ref(),
                    lang,
                    Markup::Plain,
                )),
            }
        }
        Watched::Daifugo(view) => {
            let lines = alt::table_text(&view.game, lang, Markup::Plain);
            Parts {
                version: info.version,
                to_move: lines.get(1).cloned().unwrap_or_default(),
                board: daifugo_table(&view.game, info.look, lang),
                turns: String::new(),
                text: lines_html(&lines),
            }
        }
    }
}

/// A Prime Daifugo table (never a hand), in the game's look, as an SVG.
fn daifugo_table(game: &crate::daifugo::Game, look: crate::render::Look, lang: Lang) -> String {
    let title = alt::table_alt(game, lang);
    crate::render::daifugo::table_svg(game, &Theme::for_look(look), pictures::words(lang), &title)
}

/// The start of a page, to the end of its `<head>`: its language, title, the style and
/// `script` (none for a notice).
fn head(lang: Lang, title: &str, script: Option<&str>) -> String {
    head_at(lang, title, script, "../static/")
}

/// The same, with the script and the style at `files` (relative to the page).
pub fn head_at(lang: Lang, title: &str, script: Option<&str>, files: &str) -> String {
    let script = script
        .map(|s| format!("<script type=\"module\" src=\"{files}{s}\"></script>\n"))
        .unwrap_or_default();
    format!(
        r#"<!doctype html>
<html lang="{}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{}</title>
<link rel="stylesheet" href="{files}app.css">
{script}</head>
"#,
        match lang {
            Lang::En => "en",
            Lang::Fr => "fr",
        },
        escape(title)
    )
}

/// The whole page: the shell around `parts`.
pub fn page(watched: &Watched, parts: &Parts, lang: Lang) -> String {
    let info = watched.info();
    let w = words::page_words(info.id, matches!(watched, Watched::Daifugo(_)), lang);
    let turns = if parts.turns.is_empty() {
        String::new()
    } else {
        format!(
            r#"<section class="story"><h2>{}</h2><div id="turns">{}</div></section>"#,
            escape(w.turns),
            parts.turns
        )
    };
    let head = head(lang, &w.title, Some("app.js"));
    format!(
        r#"{head}<body data-version="{version}" data-live="{live}" data-reconnecting="{reconnecting}">
<header>
<h1>{title}</h1>
<p id="to-move" aria-live="polite">{to_move}</p>
<p class="tools"><span id="status" role="status">{live}</span>
<button type="button" id="large" aria-pressed="false">{large}</button></p>
</header>
<main>
<section class="board-area">
<p id="older" hidden><span id="older-story"></span> <button type="button" id="back">{back}</button></p>
<div id="board">{board}</div>
</section>
<aside>
{turns}
<section class="words"><h2>{in_words}</h2><div id="text">{text}</div></section>
</aside>
</main>
</body>
</html>
"#,
        title = escape(&w.title),
        version = parts.version,
        live = escape(w.live.live),
        reconnecting = escape(w.live.reconnecting),
        to_move = escape(&parts.to_move),
        large = escape(w.live.large),
        back = escape(w.back_to_now),
        board = parts.board,
        in_words = escape(w.in_words),
        text = parts.text,
    )
}

/// A page that only says why there is nothing to show.
pub fn notice(message: &str, lang: Lang) -> String {
    format!(
        "{}<body><main><p class=\"notice\">{}</p></main></body>\n</html>\n",
        head(lang, "Prime Climb", None),
        escape(message)
    )
}

/// The parts of a class's page that change: the grid of games, the standings.
pub struct ClassParts {
    pub grid: String,
    pub standings: String,
}

pub fn class_parts(class: &ClassWatched, lang: Lang) -> ClassParts {
    let w = words::class_words(class.standings.season, lang);
    let mut cards = Vec::new();
    for game in &class.games {
        let info = game.info();
        let names: Vec<String> = info.seats.iter().map(|s| s.name.clone()).collect();
        let title = words::class_game_title(info.id, &names, lang);
        let (to_move, board) = match game {
            GameView::Climb(v) => {
                let last = v.last_turn();
                let ids = format!("g{}-", info.id);
                (
                    words::to_move(&v.game, lang),
                    climb_board(&v.game, last.as_ref(), info.look, lang, &ids),
                )
            }
            GameView::Daifugo(v) => {
                let lines = alt::table_text(&v.game, lang, Markup::Plain);
                let to_move = lines.get(1).cloned().unwrap_or_default();
                (to_move, lines_html(lines.get(2..).unwrap_or_default()))
            }
        };
        cards.push(format!(
            r#"<article class="game" data-game="{}"><h3>{}</h3><p class="to-move">{}</p><div class="board">{}</div></article>"#,
            info.id,
            escape(&title),
            escape(&to_move),
            board
        ));
    }
    let grid = if cards.is_empty() {
        format!("<p>{}</p>", escape(w.no_games))
    } else {
        cards.join("\n")
    };
    ClassParts {
        grid,
        standings: lines_html(&words::standings_lines(&class.standings.board, lang)),
    }
}

/// A class's whole page: the shell around `parts`.
pub fn class_page(class: &ClassWatched, parts: &ClassParts, lang: Lang) -> String {
    let w = words::class_words(class.standings.season, lang);
    let head = head(lang, w.title, Some("class.js"));
    format!(
        r#"{head}<body class="class" data-version="{version}" data-live="{live}" data-reconnecting="{reconnecting}">
<header>
<h1>{title}</h1>
<p class="tools"><span id="status" role="status">{live}</span>
<button type="button" id="large" aria-pressed="false">{large}</button></p>
</header>
<main class="class-main">
<section class="games"><h2>{games}</h2><div id="grid" class="grid">{grid}</div></section>
<aside class="standings"><h2>{standings_title}</h2><div id="standings">{standings}</div></aside>
</main>
</body>
</html>
"#,
        title = escape(w.title),
        version = class.version,
        live = escape(w.live.live),
        reconnecting = escape(w.live.reconnecting),
        large = escape(w.live.large),
        games = escape(w.games),
        grid = parts.grid,
        standings_title = escape(&w.standings),
        standings = parts.standings,
    )
}

/// A server's standings page: each game's standings for the season, read again every
/// minute (a page on a wall; no script needed).
pub fn season_page(boards: &[(GameKind, SeasonBoard)], lang: Lang) -> String {
    let title = words::season_title(lang);
    let mut sections = String::new();
    for (kind, board) in boards {
        let heading = words::season_heading(text::lobby::title(*kind), board.season, lang);
        sections.push_str(&format!(
            "<section class=\"season\"><h2>{}</h2>{}</section>\n",
            escape(&heading),
            lines_html(&words::standings_lines(&board.board, lang))
        ));
    }
    format!(
        "{}<body class=\"class\">\n<header><h1>{}</h1></header>\n<main class=\"seasons\">\n{sections}</main>\n</body>\n</html>\n",
        head(lang, title, None).replace(
            "<meta name=\"referrer\"",
            "<meta http-equiv=\"refresh\" content=\"60\">\n<meta name=\"referrer\""
        ),
        escape(title)
    )
}
