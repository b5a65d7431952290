//! Reviews of finished Prime Climb games (`/climb review`, the terminal's `review`): the
//! stored log replayed through the engine's review (`climb::review`), which sets each
//! turn against the exact solver's best move, or the hard AI's where the solver does not
//! reach.

use super::core::Learning;
use super::core::{decode, logged, same_kind};
use super::{GameInfo, SessionError};
use crate::climb::review::{self, Review};
use crate::climb::{self, Action};
use crate::store::{GameKind, Place, Status, Store};

impl<S: Store> Learning<'_, S> {
    /// The review of a Prime Climb game that is over: game `game_id` of this server, or
    /// else the newest game of this place. A game still in play is not reviewed (its
    /// players would see each other's better moves).
    pub async fn review(
        self,
        place: Place,
        game_id: Option<i64>,
    ) -> Result<ReviewView, SessionError> {
        let row = self.game_in_server(place, game_id).await?;
        same_kind(&row, GameKind::Climb)?;
        match row.status {
            Status::Lobby => return Err(SessionError::NotStarted),
            Status::Active => return Err(SessionError::ReviewAfterGame),
            Status::Finished | Status::Ended => {}
        }
        let options: climb::Options = decode("options", &row.options)?;
        let names: Vec<String> = row.seats.iter().map(|s| s.name.clone()).collect();
        let log = self
            .store()
            .log(row.id)
            .await?
            .iter()
            .map(logged::<Action>)
            .collect::<Result<Vec<_>, _>>()?;
        let review = review::review(&options, &names, row.seed as u64, &log)?;
        Ok(ReviewView {
            info: GameInfo::of_row(&row)?,
            review,
        })
    }
}

/// A finished game's review as the fronts show it: the game, and every turn against the
/// exact solver's best. Knows how to become its chart.
#[derive(Clone, Debug)]
pub struct ReviewView {
    pub info: GameInfo,
    pub review: Review,
}

impl ReviewView {
    /// The review chart as a PNG, in `look` (the game's, or the viewer's: the players'
    /// pawn colours), from the series and words `text::review` writes. CPU-bound: async
    /// callers run it on a blocking thread.
    pub fn chart_png(
        &self,
        series: &[crate::render::curve::Series],
        words: &crate::render::curve::CurveWords,
        look: crate::render::Look,
    ) -> Result<Vec<u8>, image::ImageError> {
        crate::render::encode_png(&crate::render::curve::render_curve(
            series,
            words,
            &crate::render::Theme::for_look(look),
        ))
    }
}

/// A position to look at (a puzzle, a lesson's step): the pawns and the roll. Knows how
/// to become its board picture.
#[derive(Clone, Debug)]
pub struct PositionView {
    pub game: climb::Game,
}

impl PositionView {
    /// The board picture, with no path, drawn in `look`. CPU-bound.
    pub fn png(
        &self,
        look: crate::render::Look,
        words: &dyn crate::render::Words,
    ) -> Result<Vec<u8>, image::ImageError> {
        let opts = crate::render::RenderOptions {
            theme: crate::render::Theme::for_look(look),
            ..crate::render::RenderOptions::default()
        };
        Ok(crate::render::board_png(&self.game, None, &opts, words))
    }
}
