//! What the subcommands share: their argument checks, said plainly, and `.env`.

use crate::lang::Lang;

/// A seed or a pause: a whole number of 0 or more, said plainly when it is not one
/// (`--seed -1`, `--pace soon`), rather than in clap's words.
pub fn whole_number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("`{text}` is not a whole number of 0 or more (like 42)"))
}

/// How many to show: 1 or more (`--limit 0` would show nothing, so it is refused).
pub fn at_least_one(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{text}` is not a count: write 1 or more")),
    }
}

/// `moves --hint N`: 1 to 20 moves explained.
pub fn hint_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=20).contains(&n) => Ok(n),
        _ => Err(format!("`{text}`: the hints shown are 1 to 20")),
    }
}

/// `simulate --threads N`: 1 to 64 worker threads.
pub fn thread_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=64).contains(&n) => Ok(n),
        _ => Err(format!("`{text}`: the worker threads are 1 to 64")),
    }
}

/// Why a file cannot be written, in plain words: a folder that does not exist, a
/// permission refused, else what the system says.
pub fn cannot_write(e: &std::io::Error, lang: Lang) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => lang.text("no such folder", "ce dossier n'existe pas"),
        std::io::ErrorKind::PermissionDenied => {
            lang.text("permission denied", "permission refusée")
        }
        _ => return e.to_string(),
    }
    .to_string()
}

/// `--lang`: `en` or `fr`.
pub fn language(word: &str) -> Result<Lang, UsageError> {
    match word.trim().to_lowercase().as_str() {
        "en" => Ok(Lang::En),
        "fr" => Ok(Lang::Fr),
        other => Err(UsageError(format!(
            "--lang: `{other}` is not a language here: en or fr"
        ))),
    }
}

/// An error in what the user typed: printed as it is, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Read `.env` if there is one (variables already set win). A malformed file is the
/// user's to fix: a usage error.
pub fn load_dotenv() -> Result<(), UsageError> {
    match dotenvy::dotenv() {
        Ok(_) => Ok(()),
        Err(e) if e.not_found() => Ok(()),
        Err(e) => Err(UsageError(format!(".env: {e}"))),
    }
}
