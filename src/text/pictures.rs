//! The words on the pictures (`render::Words`), in English and French: the board's panel
//! and key, the cards, the Prime Daifugo table and hands. The same names as the messages
//! (`climb::effect_name`, `lobby::climb_badges`), so a card or a variant has one name
//! everywhere.

use super::{climb, counted, lobby, tr, Lang};
use crate::climb::{CardDef, Course, Effect, Game, KeeperEffect, Options, Roll};
use crate::render::{LastTurn, Words};

/// The pictures' words in `lang`.
pub fn words(lang: Lang) -> &'static dyn Words {
    match lang {
        Lang::En => &PictureWords(Lang::En),
        Lang::Fr => &PictureWords(Lang::Fr),
    }
}

/// [`Words`] in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PictureWords(pub Lang);

impl Words for PictureWords {
    fn lang(&self) -> Lang {
        self.0
    }

    fn key_title(&self) -> String {
        self.0
            .text("prime factor colours", "couleurs des facteurs premiers")
            .into()
    }

    fn start_label(&self, course: Course) -> String {
        match course {
            Course::Decline => self.0.text("0 · GOAL", "0 · ARRIVÉE"),
            _ => self.0.text("0 · START", "0 · DÉPART"),
        }
        .into()
    }

    fn start(&self) -> String {
        self.0.text("Start", "Départ").into()
    }

    fn home(&self) -> String {
        self.0.text("home", "arrivé").into()
    }

    fn forced(&self, die: u8) -> String {
        tr!(self.0, "{}: forced", "{} : forcé", die)
    }

    fn switch(&self) -> String {
        self.0.text("switch", "échange").into()
    }

    fn card(&self) -> String {
        self.0.text("card", "carte").into()
    }

    fn title(&self) -> String {
        "Prime Climb".into()
    }

    fn turn_number(&self, turn: u32) -> String {
        tr!(self.0, "turn {}", "tour {}", turn)
    }

    fn turn_story(&self, game: &Game, turn: &LastTurn) -> Vec<String> {
        climb::turn_summary(game, turn, self.0)
    }

    fn turn_heading(&self, finished: bool) -> String {
        match (finished, self.0) {
            (true, Lang::En) => "LAST TURN",
            (false, Lang::En) => "THIS TURN",
            (true, Lang::Fr) => "TOUR JOUÉ",
            (false, Lang::Fr) => "CE TOUR",
        }
        .into()
    }

    fn cursed_now(&self) -> String {
        self.0
            .text("cursed: only − and ÷", "maudit : que − et ÷")
            .into()
    }

    fn more_lines(&self, more: usize) -> String {
        tr!(self.0, "… {} more", "… et {} de plus", more)
    }

    fn no_move_yet(&self) -> String {
        self.0.text("no move yet", "pas encore de pas").into()
    }

    fn players(&self) -> String {
        self.0.text("PLAYERS", "JOUEURS").into()
    }

    fn resigned(&self) -> String {
        self.0.text("resigned", "abandon").into()
    }

    fn winner(&self) -> String {
        self.0.text("★ winner", "★ gagnant").into()
    }

    fn to_move(&self, roll: Option<Roll>) -> String {
        match roll {
            Some(r) => tr!(
                self.0,
                "▶ rolled {}",
                "▶ a fait {}",
                climb::roll_words(r, self.0)
            ),
            None => self.0.text("▶ to move", "▶ à jouer").into(),
        }
    }

    fn cursed_next_turn(&self) -> String {
        self.0
            .text("cursed next turn", "maudit au prochain tour")
            .into()
    }

    fn stations(&self, seen: usize, of: usize) -> String {
        tr!(
            self.0,
            "⚑ {} of {} stations",
            "⚑ {} étapes sur {}",
            seen,
            of
        )
    }

    fn keeper_chip(&self, effect: &Effect) -> String {
        match effect {
            Effect::Keeper(KeeperEffect::PlusMinus { n }) => format!("±{n}"),
            Effect::Keeper(KeeperEffect::SendWithin { distance: 2 }) => {
                self.0.text("within", "renvoi").into()
            }
            Effect::Keeper(KeeperEffect::SendWithin { distance }) => {
                tr!(self.0, "within {}", "renvoi {}", distance)
            }
            Effect::Keeper(KeeperEffect::Curse) => self.0.text("curse", "malédiction").into(),
            Effect::Action(_) => climb::effect_name(effect, self.0),
        }
    }

    fn card_drawn(&self) -> String {
        self.0.text("CARD DRAWN", "CARTE PIOCHÉE").into()
    }

    fn variant_badges(&self, options: &Options) -> Vec<String> {
        lobby::climb_badges(options, self.0)
    }

    fn cursed_turn(&self) -> String {
        self.0.text("cursed turn", "tour maudit").into()
    }

    fn card_kind(&self, keeper: bool) -> String {
        match (keeper, self.0) {
            (true, Lang::En) => "KEEPER",
            (false, Lang::En) => "ACTION",
            (true, Lang::Fr) => "À GARDER",
            (false, Lang::Fr) => "ACTION",
        }
        .into()
    }

    fn custom(&self) -> String {
        self.0.text("CUSTOM", "INVENTÉE").into()
    }

    fn card_name(&self, card: &CardDef) -> String {
        climb::def_name(card, self.0)
    }

    fn card_text(&self, card: &CardDef) -> String {
        climb::def_text(card, self.0)
    }

    fn curse_symbol(&self) -> String {
        self.0.text("− ÷ only", "− ÷ seuls").into()
    }

    fn card_footer(&self, keeper: bool) -> String {
        match (keeper, self.0) {
            (true, Lang::En) => "keep it: play on a later turn",
            (false, Lang::En) => "happens at once",
            (true, Lang::Fr) => "à garder : à jouer à un autre tour",
            (false, Lang::Fr) => "s'applique tout de suite",
        }
        .into()
    }

    fn daifugo_title(&self, game: u32, to_win: u8) -> String {
        tr!(
            self.0,
            "Prime Daifugo · game {} · first to {} wins",
            "Prime Daifugo · partie {} · le premier à {} victoires",
            game,
            to_win
        )
    }

    fn played_by(&self, number: u32, name: &str) -> String {
        tr!(
            self.0,
            "{} — played by {}",
            "{} — joué par {}",
            number,
            name
        )
    }

    fn covers(&self, numbers: &[u32]) -> String {
        let list: Vec<String> = numbers.iter().map(u32::to_string).collect();
        tr!(self.0, "over {}", "sur {}", list.join(" · "))
    }

    fn leads(&self, name: &str) -> String {
        tr!(
            self.0,
            "{} leads: 1, 2 or 3 cards",
            "{} commence : 1, 2 ou 3 cartes",
            name
        )
    }

    fn deck(&self, cards: usize) -> String {
        tr!(self.0, "deck: {}", "pioche : {}", cards)
    }

    fn discard(&self, cards: usize) -> String {
        tr!(self.0, "discard: {}", "défausse : {}", cards)
    }

    fn hand_and_wins(&self, cards: usize, won: u32) -> String {
        let cards = counted(self.0, cards as i64, ("card", "cards"), ("carte", "cartes"));
        match self.0 {
            Lang::En => format!("{cards} · {won} won"),
            Lang::Fr => {
                let won = counted(
                    self.0,
                    won,
                    ("victoire", "victoires"),
                    ("victoire", "victoires"),
                );
                format!("{cards} · {won}")
            }
        }
    }

    fn match_winner(&self, name: &str) -> String {
        tr!(self.0, "{} wins the match!", "{} gagne le match !", name)
    }

    fn hand_title(&self, name: &str, cards: usize) -> String {
        let cards = counted(self.0, cards as i64, ("card", "cards"), ("carte", "cartes"));
        format!("{name} · {cards}")
    }

    fn draw_two(&self) -> String {
        self.0.text("draw 2", "pioche 2").into()
    }

    fn stop(&self) -> String {
        self.0.text("stop", "stop").into()
    }

    fn skip_card(&self) -> String {
        self.0.text("next loses turn", "le suivant passe").into()
    }
}
