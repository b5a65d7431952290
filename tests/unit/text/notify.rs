//! Reminders, tidying and rematches in words (`src/text/notify.rs`).

use primeclimb::session::GameKind;
use primeclimb::text::notify::{game_ended_idle, link, lobby_closed, rematch_asked, reminder};
use primeclimb::text::Lang;

#[test]
fn reminders_say_the_time_really_left_in_both_languages() {
    let half = reminder("@Ada", Some(29 * 60_000 + 40_000), 0, true, None, Lang::En);
    assert_eq!(
        half,
        "⏰ @Ada, half your time for this turn is gone: 30 min left."
    );
    let again = reminder("@Ada", Some(3_600_000), 0, false, Some("3 and 5"), Lang::Fr);
    assert_eq!(
        again,
        "⏰ @Ada, c'est toujours votre tour : il reste 1 h au compteur. Vous avez fait 3 and 5."
    );
    let waited = reminder("@Bo", None, 2 * 86_400_000, false, None, Lang::En);
    assert_eq!(
        waited,
        "⏰ @Bo, it is still your turn: the game has waited 2 d for you."
    );
}

#[test]
fn tidying_and_rematches_in_words() {
    assert_eq!(
        lobby_closed(GameKind::Daifugo, 4, 48, Lang::Fr),
        "⌛ Le salon d'attente de **Prime Daifugo #4** est fermé : personne ne l'a lancé en 2 j. Ouvrez-en un autre avec `/daifugo start`."
    );
    assert_eq!(
        game_ended_idle(GameKind::Climb, 9, 14, &["<@1>".into(), "<@2>".into()], Lang::En),
        "💤 **Prime Climb #9** ended: nobody has played for 14 days. It counts for no one's rating. <@1> <@2>"
    );
    assert_eq!(
        rematch_asked("Ada", &["<@2> (Bo)".into()], Lang::Fr),
        "🔁 **Ada** demande une revanche. <@2> (Bo) : appuyez sur **Revanche** pour rejouer, mêmes places et options."
    );
    assert_eq!(link(1, 2, Some(3)), "https://discord.com/channels/1/2/3");
}
