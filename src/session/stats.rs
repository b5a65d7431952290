//! Standings: a server's leaderboard per game kind (ratings, then the best solitaire
//! scores) and one player's stats.

use super::ratings::conservative;
use super::{Session, SessionError};
use crate::store::{BestScore, GameKind, PlayerRecord, RatingRow, Store};

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1-based; players with equal shown ratings share a rank.
    pub rank: usize,
    /// The Discord user, or `None` for an AI level.
    pub user_id: Option<i64>,
    pub name: String,
    /// μ − 3σ, the conservative skill.
    pub rating: f64,
    pub mu: f64,
    pub sigma: f64,
    pub games: i64,
    pub wins: i64,
}

/// A server's standings for one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    pub kind: GameKind,
    pub standings: Vec<Standing>,
    /// Best solitaire scores (fewest turns): Solitaire 1, then Solitaire 2.
    pub solitaire: Vec<(String, Vec<BestScore>)>,
}

/// One player's record in a server, per game kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    pub kind: GameKind,
    pub rating: Option<Standing>,
    pub record: PlayerRecord,
    /// Best solitaire scores: (mode, turns).
    pub best: Vec<(String, i64)>,
}

/// The solitaire modes whose best scores are kept.
const SOLITAIRE_MODES: [&str; 2] = ["solitaire1", "solitaire2"];

fn standing(rank: usize, r: &RatingRow) -> Standing {
    Standing {
        rank,
        user_id: (r.user_id > 0).then_some(r.user_id),
        name: r.name.clone(),
        rating: conservative(r.mu, r.sigma),
        mu: r.mu,
        sigma: r.sigma,
        games: r.games,
        wins: r.wins,
    }
}

impl<S: Store> Session<S> {
    /// The `limit` best rated players of a server, and its best solitaire scores.
    pub async fn leaderboard(
        &self,
        guild_id: i64,
        kind: GameKind,
        limit: usize,
    ) -> Result<Leaderboard, SessionError> {
        let limit = i64::try_from(limit.clamp(1, 100)).unwrap_or(25);
        let rows = self.store().leaderboard(guild_id, kind, limit).await?;
        let mut standings: Vec<Standing> = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let shown = |x: f64| (x * 10.0).round();
            let rank = match standings.last() {
                Some(prev) if shown(prev.rating) == shown(conservative(r.mu, r.sigma)) => prev.rank,
                _ => i + 1,
            };
            standings.push(standing(rank, r));
        }
        let mut solitaire = Vec::new();
        for mode in SOLITAIRE_MODES {
            let best = self
                .store()
                .best_scores(guild_id, kind, mode, limit)
                .await?;
            if !best.is_empty() {
                solitaire.push((mode.to_string(), best));
            }
        }
        Ok(Leaderboard {
            kind,
            standings,
            solitaire,
        })
    }

    /// A user's rating, games, wins and best solitaire scores in a server.
    pub async fn stats(
        &self,
        guild_id: i64,
        kind: GameKind,
        user_id: i64,
    ) -> Result<Stats, SessionError> {
        let rating = self
            .store()
            .rating(guild_id, kind, user_id)
            .await?
            .map(|r| standing(0, &r));
        let record = self.store().record(guild_id, kind, user_id).await?;
        let mut best = Vec::new();
        for mode in SOLITAIRE_MODES {
            if let Some(turns) = self
                .store()
                .best_score(guild_id, kind, user_id, mode)
                .await?
            {
                best.push((mode.to_string(), turns));
            }
        }
        Ok(Stats {
            kind,
            rating,
            record,
            best,
        })
    }
}
