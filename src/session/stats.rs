//! Standings: a server's leaderboard per game kind (ratings, then the best solitaire
//! scores) and one player's stats.

use super::core::Standings;
use std::collections::HashMap;

use super::links::{LinkPlan, Scope, WatchLink};
use super::ratings::{conservative, fresh_rating, rated_players, updated_ratings};
use super::{Season, SessionError};
use crate::store::{BestScore, GameKind, PlayerRecord, RatingRow, ResultRow, Store};

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

/// Which season a leaderboard shows (`/leaderboard season`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeasonAsked {
    #[default]
    Current,
    Previous,
    /// Every game ever played.
    All,
}

impl SeasonAsked {
    /// Every season asked, in the order of `/leaderboard`'s choices.
    pub const ALL: [SeasonAsked; 3] = [
        SeasonAsked::Current,
        SeasonAsked::Previous,
        SeasonAsked::All,
    ];
}

/// A leaderboard of a season: its standings, and the season (how long the server's
/// seasons last, and when this one began), if not all time.
#[derive(Clone, Debug)]
pub struct SeasonBoard {
    pub board: Leaderboard,
    pub season: Option<(Season, i64)>,
    /// The server's standings page on the web, when the bot makes links.
    pub page: Option<WatchLink>,
}

impl<S: Store> Standings<'_, S> {
    /// `/leaderboard`: the server's standings of a game in the season asked, at most
    /// `limit` lines, and a link to its page on the web when `links` says how to make one.
    pub async fn season_board(
        self,
        guild_id: i64,
        kind: GameKind,
        asked: SeasonAsked,
        limit: usize,
        links: Option<&LinkPlan>,
    ) -> Result<SeasonBoard, SessionError> {
        let length = self.servers().settings(guild_id).await?.season;
        let now = self.now();
        let within = match asked {
            SeasonAsked::Current => Some(length.bounds(now, 0)),
            SeasonAsked::Previous => Some(length.bounds(now, 1)),
            SeasonAsked::All => None,
        };
        let page = match links {
            Some(plan) => {
                let generation = self.store().link_generation(guild_id).await?;
                Some(plan.link(
                    Scope::Season {
                        guild: guild_id,
                        generation,
                    },
                    now,
                ))
            }
            None => None,
        };
        Ok(SeasonBoard {
            board: self.leaderboard(guild_id, kind, limit, within).await?,
            season: within.map(|(from, _)| (length, from)),
            page,
        })
    }

    /// `/stats`: a person's standing in each game of the server.
    pub async fn all_stats(
        self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<Vec<(GameKind, Stats)>, SessionError> {
        let mut out = Vec::new();
        for kind in [GameKind::Climb, GameKind::Daifugo] {
            out.push((kind, self.stats(guild_id, kind, user_id).await?));
        }
        Ok(out)
    }

    /// The `limit` best rated players of a server, and its best solitaire scores: of all
    /// time, or of one season (`within`: from, to in ms), whose ratings are the games of
    /// that season alone, played again in the order they finished.
    pub async fn leaderboard(
        self,
        guild_id: i64,
        kind: GameKind,
        limit: usize,
        within: Option<(i64, i64)>,
    ) -> Result<Leaderboard, SessionError> {
        let limit = limit.clamp(1, 100);
        let (rows, solitaire) = match within {
            None => {
                let n = i64::try_from(limit).unwrap_or(25);
                let rows = self.store().leaderboard(guild_id, kind, n).await?;
                let mut solitaire = Vec::new();
                for mode in SOLITAIRE_MODES {
                    let best = self.store().best_scores(guild_id, kind, mode, n).await?;
                    solitaire.push((mode.to_string(), best));
                }
                (rows, solitaire)
            }
            Some((from, to)) => {
                let results = self
                    .store()
                    .results_between(guild_id, kind, from, to)
                    .await?;
                (
                    season_ratings(guild_id, kind, &results, limit),
                    season_best(&results, limit),
                )
            }
        };
        let mut standings: Vec<Standing> = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let shown = |x: f64| (x * 10.0).round();
            let rank = match standings.last() {
                Some(prev) if shown(prev.rating) == shown(conservative(r.mu, r.sigma)) => prev.rank,
                _ => i + 1,
            };
            standings.push(standing(rank, r));
        }
        Ok(Leaderboard {
            kind,
            standings,
            solitaire: solitaire
                .into_iter()
                .filter(|(_, b)| !b.is_empty())
                .collect(),
        })
    }

    /// A user's rating, games, wins and best solitaire scores in a server.
    pub async fn stats(
        self,
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

/// Ratings from a season's results alone: every standard game rated again in the order
/// it finished, from fresh ratings; best conservative skill first.
fn season_ratings(
    guild_id: i64,
    kind: GameKind,
    results: &[ResultRow],
    limit: usize,
) -> Vec<RatingRow> {
    let mut ratings: HashMap<i64, RatingRow> = HashMap::new();
    for game in results.chunk_by(|a, b| a.game_id == b.game_id) {
        if game.first().is_none_or(|r| r.mode != "standard") {
            continue;
        }
        let now = game.first().map_or(0, |r| r.finished_at);
        let rated: Vec<(&ResultRow, RatingRow)> = rated_players(game)
            .into_iter()
            .map(|(id, r)| {
                let current = ratings
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| fresh_rating(guild_id, kind, id, &r.name, now));
                (r, current)
            })
            .collect();
        for row in updated_ratings(&rated, now) {
            ratings.insert(row.user_id, row);
        }
    }
    let mut rows: Vec<RatingRow> = ratings.into_values().collect();
    rows.sort_by(|a, b| {
        conservative(b.mu, b.sigma)
            .total_cmp(&conservative(a.mu, a.sigma))
            .then(a.user_id.cmp(&b.user_id))
    });
    rows.truncate(limit);
    rows
}

/// A season's best solitaire scores: each player's fewest turns in a won game, per mode.
fn season_best(results: &[ResultRow], limit: usize) -> Vec<(String, Vec<BestScore>)> {
    SOLITAIRE_MODES
        .iter()
        .map(|&mode| {
            let mut best: HashMap<i64, BestScore> = HashMap::new();
            for r in results.iter().filter(|r| r.mode == mode && r.won) {
                let Some(user) = r.user_id else { continue };
                let better = best.get(&user).is_none_or(|b| r.turns < b.turns);
                if better {
                    best.insert(
                        user,
                        BestScore {
                            user_id: Some(user),
                            name: r.name.clone(),
                            mode: mode.to_string(),
                            turns: r.turns,
                            game_id: r.game_id,
                        },
                    );
                }
            }
            let mut list: Vec<BestScore> = best.into_values().collect();
            list.sort_by(|a, b| a.turns.cmp(&b.turns).then(a.user_id.cmp(&b.user_id)));
            list.truncate(limit);
            (mode.to_string(), list)
        })
        .collect()
}
