//! What the game loops share besides the session: where they write (lines folded to the
//! terminal's width, pictures to a file) and their options.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;

use crate::lang::Lang;
use crate::session::{GameKind, Look, Place};
use crate::text::{self, tr};

/// Everything the game loops need besides the session.
#[derive(Clone, Debug)]
pub struct LoopOptions {
    pub pace: Duration,
    pub board_file: PathBuf,
    pub lang: Lang,
    /// How pictures are drawn (`--palette`); `None`: as the game was opened.
    pub look: Option<Look>,
    /// Where the game is stored (its place) and under which name (for messages).
    pub place: Place,
    pub database: String,
    /// The command that continues the game: `primeclimb play daifugo --resume`.
    pub resume_command: String,
}

impl LoopOptions {
    /// "Saved: Prime Climb game #3 in primeclimb.db. Continue with `primeclimb play --resume`."
    pub fn saved_line(&self, kind: GameKind, id: i64) -> String {
        let what = match (kind, self.lang) {
            (GameKind::Climb, Lang::En) => "Prime Climb game",
            (GameKind::Daifugo, Lang::En) => "Prime Daifugo match",
            (GameKind::Climb, Lang::Fr) => "partie de Prime Climb",
            (GameKind::Daifugo, Lang::Fr) => "match de Prime Daifugo",
        };
        tr!(
            self.lang,
            "Saved: {} #{} in {}. Continue with `{}`.",
            "Enregistré : {} n° {} dans {}. Reprenez avec `{}`.",
            what,
            id,
            self.database,
            self.resume_command
        )
    }
}

/// Write a picture to `file` and say where it is (its full path), in `lang`. A picture
/// that cannot be written (no such folder, no permission, a full disk) is said in one
/// line and the game goes on: only a failure to write to `out` itself is an error.
pub fn write_png(
    out: &mut dyn Write,
    file: &std::path::Path,
    png: &[u8],
    lang: Lang,
) -> Result<()> {
    if let Err(e) = std::fs::write(file, png) {
        let why = crate::cli::cannot_write(&e, lang);
        say(
            out,
            format!(
                "  {}",
                text::terminal::picture_not_written(&file.display().to_string(), &why, lang)
            ),
        )?;
        return Ok(());
    }
    let shown = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    say(
        out,
        format!(
            "  {}",
            text::terminal::picture_written(&shown.display().to_string(), lang)
        ),
    )?;
    Ok(())
}

/// Write a line; the loops use it for everything they print. On a terminal, long lines
/// fold between words at its width (never inside a number or a play); piped output is
/// left as it is.
pub fn say(out: &mut dyn Write, line: impl AsRef<str>) -> std::io::Result<()> {
    let width = std::io::stdout()
        .is_terminal()
        .then(terminal_size::terminal_size)
        .flatten()
        .map(|(w, _)| usize::from(w.0));
    for text in line.as_ref().split('\n') {
        match width {
            Some(width) => {
                for part in crate::text::terminal::fold(text, width) {
                    writeln!(out, "{part}")?;
                }
            }
            None => writeln!(out, "{text}")?,
        }
    }
    Ok(())
}
