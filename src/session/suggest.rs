//! What a front offers as a person types an option: the words the options take, and the
//! moves, Keepers, targets and cards the asker could play now. Values only; what their
//! labels say is words (`text::commands::suggestion_label`).

use super::core::Play;
use crate::climb::{self, CardId, Game, KeeperEffect, Outcome, PawnRef};
use crate::daifugo;
use crate::level::Level;
use crate::store::{Place, Store};

/// Suggestions offered at most (Discord's limit).
pub const MAX_SUGGESTIONS: usize = 25;

/// The variant words, for `/climb start variant`.
pub const VARIANT_WORDS: [&str; 15] = [
    "standard",
    "sprint",
    "double-time",
    "decline",
    "there-and-back",
    "way-stations",
    "way-stations=2",
    "solitaire",
    "solitaire2",
    "doubles-may",
    "blanks",
    "one-die",
    "one-pawn",
    "add-subtract",
    "hints",
];

/// Turn timeouts offered, for `/climb start timeout`.
const TIMEOUT_WORDS: [&str; 9] = ["off", "10m", "30m", "1h", "6h", "12h", "24h", "2d", "7d"];

/// Complete the last word of a comma-separated list from `words`.
pub fn complete_list(partial: &str, words: &[&str]) -> Vec<String> {
    let (done, last) = match partial.rfind(',') {
        Some(i) => (&partial[..=i], partial[i + 1..].trim()),
        None => ("", partial.trim()),
    };
    words
        .iter()
        .filter(|w| w.starts_with(&last.to_ascii_lowercase()))
        .map(|w| format!("{done}{w}"))
        .filter(|s| s.len() <= 100)
        .take(MAX_SUGGESTIONS)
        .collect()
}

/// The text of a move without spaces, for matching what has been typed.
pub fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| match c {
            '×' | '*' | 'X' => 'x',
            '÷' => '/',
            '−' => '-',
            c => c,
        })
        .collect()
}

/// The option being typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typing {
    /// Variant words (a comma-separated list).
    Variant,
    /// AI levels (a comma-separated list).
    Ai,
    /// A turn timeout.
    Timeout,
    /// A Prime Climb move of the asker's turn.
    Move,
    /// One of the asker's playable Keepers.
    Keeper,
    /// A Keeper's target: one of the asker's pawns, or another player.
    Target,
    /// The Prime Daifugo cards the asker could play.
    Cards,
}

/// One suggestion: the value it puts in the option, and what its label is made of.
#[derive(Clone, Debug)]
pub enum Suggestion {
    /// A word, its own label.
    Word(String),
    /// A whole move: where the pawns end (`pawns` of them are shown), and the move.
    Move { outcome: Outcome, pawns: usize },
    /// A Keeper's value (`+5`, `within`, `curse`) and the card it plays.
    Keeper { value: String, card: CardId },
    /// Prime Daifugo cards and the number they make.
    Cards { number: u32, cards: String },
}

impl Suggestion {
    /// What choosing it puts in the option.
    pub fn value(&self) -> &str {
        match self {
            Suggestion::Word(w) => w,
            Suggestion::Move { outcome, .. } => &outcome.witness,
            Suggestion::Keeper { value, .. } => value,
            Suggestion::Cards { cards, .. } => cards,
        }
    }
}

/// The suggestions, and the game they are about (for the labels that name its cards).
#[derive(Clone, Debug, Default)]
pub struct Suggestions {
    pub game: Option<Box<Game>>,
    pub items: Vec<Suggestion>,
}

impl Suggestions {
    fn words(words: Vec<String>) -> Suggestions {
        Suggestions {
            game: None,
            items: words.into_iter().map(Suggestion::Word).collect(),
        }
    }
}

impl<S: Store> Play<'_, S> {
    /// What to offer `user`, in `place`, typing `partial` in an option: best first, at most
    /// [`MAX_SUGGESTIONS`]. Nothing when there is nothing they could use (not their game,
    /// not their turn, no game at all).
    pub async fn suggest(
        self,
        place: Option<Place>,
        user: i64,
        typing: Typing,
        partial: &str,
    ) -> Suggestions {
        let typed = partial.trim();
        match typing {
            Typing::Variant => Suggestions::words(complete_list(partial, &VARIANT_WORDS)),
            Typing::Ai => {
                let words: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                Suggestions::words(complete_list(partial, &words))
            }
            Typing::Timeout => Suggestions::words(
                TIMEOUT_WORDS
                    .iter()
                    .filter(|t| t.starts_with(typed))
                    .map(|t| t.to_string())
                    .collect(),
            ),
            Typing::Move => match place {
                Some(place) => self.moves_typed(place, user, partial).await,
                None => Suggestions::default(),
            },
            Typing::Keeper | Typing::Target => {
                let Some(place) = place else {
                    return Suggestions::default();
                };
                let Ok(view) = self.board(place).await else {
                    return Suggestions::default();
                };
                let seat = view.info.seat_of_user(user);
                let items = match typing {
                    Typing::Keeper => keepers(&view.game, seat, typed),
                    _ => targets(&view.game, seat, typed),
                };
                Suggestions {
                    game: Some(Box::new(view.game)),
                    items,
                }
            }
            Typing::Cards => {
                let Some(place) = place else {
                    return Suggestions::default();
                };
                let Ok(view) = self.daifugo_board(place).await else {
                    return Suggestions::default();
                };
                let Some(seat) = view.seat_of_user(user) else {
                    return Suggestions::default();
                };
                let items = daifugo::playable_primes(&view.game, seat)
                    .iter()
                    .map(|c| (c.number, daifugo::hint::candidate_notation(&view.game, c)))
                    .filter(|(_, cards)| cards.starts_with(typed))
                    .take(MAX_SUGGESTIONS)
                    .map(|(number, cards)| Suggestion::Cards { number, cards })
                    .collect();
                Suggestions { game: None, items }
            }
        }
    }

    /// The legal moves of the asker's turn that begin with what they typed, best first
    /// (by the hard AI).
    async fn moves_typed(self, place: Place, user: i64, partial: &str) -> Suggestions {
        let Ok((row, game)) = self.climb(place).await else {
            return Suggestions::default();
        };
        let to_move = row.seats.get(game.current()).and_then(|s| s.user_id);
        if game.is_over() || to_move != Some(user) {
            return Suggestions::default();
        }
        let typed = squeeze(partial);
        tokio::task::spawn_blocking(move || {
            let pawns = game.options.pawn_count();
            let items = climb::ai::best_outcomes(&game, Level::Hard, usize::MAX)
                .into_iter()
                .filter(|o| !o.witness.is_empty() && squeeze(&o.witness).starts_with(&typed))
                .take(MAX_SUGGESTIONS)
                .map(|outcome| Suggestion::Move { outcome, pawns })
                .collect();
            Suggestions { game: None, items }
        })
        .await
        .unwrap_or_default()
    }
}

/// The asker's playable Keepers, as `/climb play` takes them.
fn keepers(game: &Game, seat: Option<usize>, typed: &str) -> Vec<Suggestion> {
    let Some(seat) = seat else {
        return Vec::new();
    };
    let mut out: Vec<Suggestion> = Vec::new();
    for (card, effect) in game.playable_keepers(seat) {
        let values: Vec<String> = match effect {
            KeeperEffect::PlusMinus { n } => vec![format!("+{n}"), format!("-{n}")],
            KeeperEffect::SendWithin { .. } => vec!["within".into()],
            KeeperEffect::Curse => vec!["curse".into()],
        };
        for value in values {
            let taken = out
                .iter()
                .any(|s| matches!(s, Suggestion::Keeper { value: v, .. } if *v == value));
            if value.starts_with(typed) && !taken {
                out.push(Suggestion::Keeper { value, card });
            }
        }
    }
    out.truncate(MAX_SUGGESTIONS);
    out
}

/// The asker's pawns (by space) and the other players (for a Curse).
fn targets(game: &Game, mine: Option<usize>, typed: &str) -> Vec<Suggestion> {
    let mut out: Vec<String> = Vec::new();
    if let Some(seat) = mine {
        for pawn in 0..2 {
            let p = PawnRef { seat, pawn };
            if !game.is_home(p) {
                out.push(game.space_of(p).to_string());
            }
        }
    }
    for (i, p) in game.players.iter().enumerate() {
        if Some(i) != mine && !p.resigned {
            out.push(p.name.to_string());
        }
    }
    out.dedup();
    out.into_iter()
        .filter(|t| t.to_lowercase().starts_with(&typed.to_lowercase()))
        .take(MAX_SUGGESTIONS)
        .map(Suggestion::Word)
        .collect()
}
