//! Lobbies in words (`src/text/lobby.rs`): the players of a game.

use primeclimb::level::Level;
use primeclimb::text::lobby::players_line;
use primeclimb::text::Lang;

#[test]
fn an_ai_seat_named_by_its_level_is_not_marked_twice() {
    let names = vec![
        ("Ada".to_string(), None),
        ("Medium AI".to_string(), Some(Level::Medium)),
        ("Robo".to_string(), Some(Level::Hard)),
    ];
    assert_eq!(
        players_line(&names, Lang::En),
        "Ada vs Medium AI vs Robo (AI)"
    );
}
