//! AI players: every decision is legal, games between AIs end, decisions are
//! deterministic for a game, and stronger levels beat weaker ones more often than not.

use primeclimb::climb::ai::{self, Level};
use primeclimb::climb::{Game, Options, Phase};

fn ai_game(levels: &[Level], seed: u64) -> Game {
    ai_game_with(levels, seed, Options::default())
}

fn ai_game_with(levels: &[Level], seed: u64, options: Options) -> Game {
    let names: Vec<String> = levels.iter().map(|l| l.to_string()).collect();
    let mut g = Game::new(options, &names, seed).expect("game");
    let mut decisions = 0;
    while !g.is_over() {
        decisions += 1;
        assert!(decisions < 5_000, "game {seed} does not end");
        let seat = g.current();
        let level = levels[seat];
        let actions = ai::next_actions(&g, level);
        assert!(!actions.is_empty(), "the AI always has something to do");
        g.apply_all(seat, &actions)
            .unwrap_or_else(|e| panic!("{level} AI chose an illegal action: {e}"));
        assert!(g.cards_accounted());
    }
    g
}

#[test]
fn every_level_plays_legal_games_to_the_end() {
    for seed in 0..30 {
        let g = ai_game(&[Level::Easy, Level::Medium, Level::Hard], seed);
        assert!(g.winner.is_some());
        assert_eq!(g.phase, Phase::Over);
    }
}

#[test]
fn decisions_are_deterministic_for_a_game() {
    let a = ai_game(&[Level::Hard, Level::Easy], 42);
    let b = ai_game(&[Level::Hard, Level::Easy], 42);
    assert_eq!(a, b);
}

#[test]
fn medium_beats_easy_more_often_than_not() {
    let mut medium_wins = 0;
    let games = 100;
    for seed in 0..games {
        // Alternate seats so the first player advantage cancels out.
        let (levels, medium_seat) = if seed % 2 == 0 {
            ([Level::Medium, Level::Easy], 0)
        } else {
            ([Level::Easy, Level::Medium], 1)
        };
        let g = ai_game(&levels, 1_000 + seed);
        if g.winner == Some(medium_seat) {
            medium_wins += 1;
        }
    }
    assert!(
        medium_wins > games / 2,
        "medium won {medium_wins} of {games}"
    );
}

#[test]
fn level_names_parse() {
    for l in Level::ALL {
        assert_eq!(l.name().parse::<Level>(), Ok(l));
    }
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn the_ai_heads_for_the_way_stations_and_finishes() {
    // §7 Way Stations close the goal until every station is landed on: an AI that only
    // races for 101 never finishes (games of hundreds of turns). Hard and medium detour
    // to the stations and finish about as fast as a standard game, and beat easy.
    use primeclimb::climb::options::WayStations;
    let options = Options {
        way_stations: WayStations::Chosen(vec![31, 37, 53]),
        ..Options::default()
    };
    let mut turns = Vec::new();
    let mut hard_wins = 0;
    for seed in 0..40 {
        let (levels, hard_seat) = if seed % 2 == 0 {
            ([Level::Hard, Level::Medium], 0)
        } else {
            ([Level::Medium, Level::Hard], 1)
        };
        let g = ai_game_with(&levels, seed, options.clone());
        assert!(g.winner.is_some());
        for seat in 0..2 {
            if g.winner == Some(seat) {
                assert!(g.stations_done(seat), "the winner landed on every station");
            }
        }
        hard_wins += usize::from(g.winner == Some(hard_seat));
        turns.push(g.turn.number);
    }
    turns.sort();
    let median = turns[turns.len() / 2];
    assert!(median <= 70, "median game: {median} turns ({turns:?})");
    assert!(hard_wins > 20, "hard won {hard_wins} of 40");
}
