//! Changes made through another front (a move on the board opened as an Activity),
//! delivered on Discord as if made here: the turn message in the game's channel with its
//! pings and notices, then the AI seats' turns.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::runner;
use super::types::Data;
use crate::session::{Changed, Deliver, GameView};

pub struct Courier {
    pub http: Arc<serenity::Http>,
    pub data: Data,
}

impl Deliver for Courier {
    fn changed(&self, changed: Changed<GameView>) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move { runner::after(&self.http, &self.data, &changed).await })
    }
}
