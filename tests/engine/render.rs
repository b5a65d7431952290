//! The board picture (`src/render/`): pixel checks that mean something (§1 colours,
//! tokens on their spaces), golden snapshots of fixed positions, the PNG budget, the demo,
//! `LastTurn::from_events`, and the `primeclimb render` command's exit codes.

use std::path::PathBuf;
use std::process::Command;

use image::{Rgba, RgbaImage};
use primeclimb::climb::board::factor_colours;
use primeclimb::climb::card::CardId;
use primeclimb::climb::ops::Op;
use primeclimb::climb::{
    notation, Action, Event, Game, KeeperEffect, Options, PawnRef, PositionSetup, Roll, StepRecord,
    GOAL, START,
};
use primeclimb::render::canvas::Pt;
use primeclimb::render::path::ghost_place;
use primeclimb::render::pawns::{player_styles, token_places};
use primeclimb::render::{demo, render_board, render_card, LastTurn, Layout, RenderOptions, Theme};

/// The pictures' words in English.
const EN: &dyn primeclimb::render::Words =
    &primeclimb::text::pictures::PictureWords(primeclimb::lang::Lang::En);

// ----- helpers -----------------------------------------------------------------------

fn position(pawns: Vec<[u8; 2]>, to_move: usize, roll: (u8, u8)) -> Game {
    let setup = PositionSetup {
        pawns,
        to_move,
        roll: Roll::new(roll.0, roll.1),
        ..PositionSetup::default()
    };
    Game::from_position(Options::default(), &setup, 7).expect("a valid position")
}

fn pixel(img: &RgbaImage, p: Pt) -> Rgba<u8> {
    *img.get_pixel(p.x as u32, p.y as u32)
}

fn near(a: Rgba<u8>, b: Rgba<u8>) -> bool {
    a.0.iter().zip(b.0).all(|(x, y)| x.abs_diff(y) <= 3)
}

/// The point `frac` of the radius out from the centre of `space`, `deg` degrees clockwise
/// from 12 o'clock (the way segments are laid out).
fn on_space(layout: &Layout, space: u8, deg: f32, frac: f32) -> Pt {
    let c = layout.space(space);
    let a = deg.to_radians();
    Pt::new(c.c.x + a.sin() * c.r * frac, c.c.y - a.cos() * c.r * frac)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn card_with(game: &Game, effect: primeclimb::climb::Effect) -> CardId {
    let i = game
        .cards
        .iter()
        .position(|c| c.effect == effect)
        .expect("the deck has the card");
    CardId(i as u8)
}

// ----- §1: the board teaches the factor colours ----------------------------------------

#[test]
fn section_1_thirteen_is_entirely_red() {
    let game = position(vec![[0, 0], [0, 0]], 0, (3, 9));
    let opts = RenderOptions::default();
    let img = render_board(&game, None, &opts, EN);
    let layout = opts.layout();
    // All round the circle, and everywhere the number's halo leaves free, it is red.
    for deg in (0..360).step_by(15) {
        let p = on_space(&layout, 13, deg as f32, 0.88);
        assert!(
            near(pixel(&img, p), opts.theme.red),
            "13 at {deg}°: {:?}",
            pixel(&img, p)
        );
    }
    // And no other factor colour shows anywhere inside it.
    let c = layout.space(13);
    let r = c.r as i32;
    for dy in -r..=r {
        for dx in -r..=r {
            if ((dx * dx + dy * dy) as f32).sqrt() > c.r - 2.0 {
                continue;
            }
            let px = *img.get_pixel((c.c.x as i32 + dx) as u32, (c.c.y as i32 + dy) as u32);
            for other in [
                opts.theme.orange,
                opts.theme.green,
                opts.theme.blue,
                opts.theme.purple,
            ] {
                assert!(!near(px, other), "13 shows {px:?} at ({dx}, {dy})");
            }
        }
    }
}

#[test]
fn section_1_forty_two_is_orange_green_purple() {
    let game = position(vec![[0, 0], [0, 0]], 0, (3, 9));
    let opts = RenderOptions::default();
    let img = render_board(&game, None, &opts, EN);
    let layout = opts.layout();
    let want = [opts.theme.orange, opts.theme.green, opts.theme.purple];
    // Three equal segments clockwise from 12 o'clock; sample the middle of each.
    for (i, colour) in want.iter().enumerate() {
        let p = on_space(&layout, 42, 60.0 + 120.0 * i as f32, 0.88);
        assert!(near(pixel(&img, p), *colour), "segment {i} of 42");
    }
}

#[test]
fn section_1_every_space_shows_its_factors_with_multiplicity() {
    let game = position(vec![[0, 0], [0, 0]], 0, (3, 9));
    let opts = RenderOptions::default();
    let img = render_board(&game, None, &opts, EN);
    let layout = opts.layout();
    for space in 2..=100u8 {
        let colours = factor_colours(space);
        let n = colours.len() as f32;
        for (i, c) in colours.iter().enumerate() {
            let deg = 360.0 / n * (i as f32 + 0.5);
            let p = on_space(&layout, space, deg, 0.88);
            assert!(
                near(pixel(&img, p), opts.theme.factor(*c)),
                "space {space}, segment {i} should be {}",
                c.name()
            );
        }
    }
}

// ----- pawns ----------------------------------------------------------------------------

#[test]
fn a_pawn_token_sits_on_its_space() {
    let opts = RenderOptions::default();
    let layout = opts.layout();
    let empty = position(vec![[0, 0], [0, 0]], 0, (3, 9));
    let game = position(vec![[37, 0], [0, 0]], 0, (3, 9));
    let with = render_board(&game, None, &opts, EN);
    let without = render_board(&empty, None, &opts, EN);
    let styles = player_styles(&game, &opts.theme);
    let (_, token) = token_places(&layout, &game)
        .into_iter()
        .find(|(p, _)| *p == PawnRef { seat: 0, pawn: 0 })
        .expect("pawn 0 is drawn");
    let space = layout.space(37);
    assert!(
        token.c.minus(space.c).len() < 1.0,
        "the token is centred on 37"
    );
    // Above the letter the token's body shows the player's colour; without the pawn the
    // same pixel is 37's red.
    let p = token.c.plus(Pt::new(-token.r * 0.2, -token.r * 0.7));
    assert!(near(pixel(&with, p), styles[0].fill));
    assert!(near(pixel(&without, p), opts.theme.red));
}

#[test]
fn an_occupied_space_keeps_its_number_on_a_tag() {
    // Issue 11 §15: a pawn never hides the number of its space. The number is written
    // again on a dark tag across the bottom of the space, over the token.
    let opts = RenderOptions::default();
    let layout = opts.layout();
    let empty = position(vec![[0, 0], [0, 0]], 0, (3, 9));
    let game = position(vec![[37, 0], [0, 0]], 0, (3, 9));
    let with = render_board(&game, None, &opts, EN);
    let without = render_board(&empty, None, &opts, EN);
    let space = layout.space(37);
    // The tag's dark body, left of its digits.
    let tag_body = space.c.plus(Pt::new(-space.r * 0.42, space.r * 0.8));
    let dark = pixel(&with, tag_body);
    assert!(
        dark.0[..3].iter().all(|&c| c < 80),
        "the tag under 37 is dark, found {dark:?}"
    );
    assert!(near(pixel(&without, tag_body), opts.theme.red));
    // Light digits on the tag: some pixel across its middle is light.
    let light = (-10..=10).any(|dx| {
        let p = space.c.plus(Pt::new(dx as f32, space.r * 0.8));
        pixel(&with, p).0[..3].iter().all(|&c| c > 180)
    });
    assert!(light, "the tag shows 37's digits");
}

#[test]
fn several_pawns_on_one_space_are_all_visible() {
    let opts = RenderOptions::default();
    let layout = opts.layout();
    // Mid-move, before the bump, two players can share 37.
    let game = position(vec![[37, 0], [37, 0]], 0, (3, 9));
    let img = render_board(&game, None, &opts, EN);
    let styles = player_styles(&game, &opts.theme);
    let on_37: Vec<_> = token_places(&layout, &game)
        .into_iter()
        .filter(|(_, c)| c.c.minus(layout.space(37).c).len() < layout.space(37).r)
        .collect();
    assert_eq!(on_37.len(), 2);
    for (p, c) in on_37 {
        let probe = c.c.plus(Pt::new(0.0, c.r * 0.6));
        assert!(
            near(pixel(&img, probe), styles[p.seat].fill),
            "seat {} visible",
            p.seat
        );
    }
}

#[test]
fn section_5_pawns_at_home_stand_in_the_goal() {
    let opts = RenderOptions::default();
    let layout = opts.layout();
    let game = position(vec![[GOAL, 20], [GOAL, 0]], 0, (3, 9));
    let img = render_board(&game, None, &opts, EN);
    let styles = player_styles(&game, &opts.theme);
    let goal = layout.space(GOAL);
    let home: Vec<_> = token_places(&layout, &game)
        .into_iter()
        .filter(|(p, _)| p.pawn == 0)
        .collect();
    assert_eq!(home.len(), 2);
    for (p, c) in home {
        assert!(c.c.minus(goal.c).len() + c.r <= goal.r, "inside the goal");
        let probe = c.c.plus(Pt::new(0.0, c.r * 0.6));
        assert!(near(pixel(&img, probe), styles[p.seat].fill));
    }
}

#[test]
fn players_are_told_apart_by_letter_and_shape_not_colour_alone() {
    let mut game = position(vec![[1, 2], [3, 4], [5, 6], [7, 8]], 0, (3, 9));
    let styles = player_styles(&game, &Theme::dark());
    let letters: Vec<char> = styles.iter().map(|s| s.letter).collect();
    assert_eq!(
        letters,
        ['A', 'B', 'C', 'D'],
        "default names share a P: seat letters"
    );
    for (i, s) in styles.iter().enumerate() {
        for t in &styles[i + 1..] {
            assert_ne!(s.shape, t.shape);
            assert_ne!(s.fill, t.fill);
        }
    }
    for (p, name) in game.players.iter_mut().zip(["zoë", "Yann", "xu", "Wil"]) {
        p.name = name.into();
    }
    let letters: Vec<char> = player_styles(&game, &Theme::dark())
        .iter()
        .map(|s| s.letter)
        .collect();
    assert_eq!(letters, ['Z', 'Y', 'X', 'W'], "distinct initials are used");
}

// ----- the last turn ---------------------------------------------------------------------

/// §8 example 1 played for real: 4 +9 = 13 draws, 26 ×3 = 78 bumps the pawn on 78.
fn example_turn() -> (Game, Vec<Event>) {
    let mut game = position(vec![[4, 26], [78, 0]], 0, (3, 9));
    let mut events = vec![Event::TurnStarted {
        seat: 0,
        number: game.turn.number,
        roll: game.turn.roll,
        cursed: false,
    }];
    events.extend(notation::play(&mut game, 0, "4 +9 26 x3").expect("legal"));
    events.extend(game.apply(0, &Action::EndMove).expect("can end"));
    (game, events)
}

#[test]
fn last_turn_from_events_tells_the_turn_just_played() {
    let (game, events) = example_turn();
    let last = LastTurn::from_events(&events).expect("a turn was played");
    assert_eq!(last.seat, Some(0));
    assert_eq!(last.roll, Roll::new(3, 9));
    assert_eq!(last.steps.len(), 2);
    assert!(matches!(
        last.steps[1],
        StepRecord::Die {
            from: 26,
            op: Op::Mul,
            die: 3,
            to: 78,
            ..
        }
    ));
    assert_eq!(last.bumped, vec![(PawnRef { seat: 1, pawn: 0 }, 78)]);
    assert_eq!(last.drawn.len(), 1, "13 is red: one card");
    // The engine has started seat 1's turn; that is not part of the last turn.
    assert_eq!(game.turn.seat, 1);
}

#[test]
fn last_turn_without_turn_started_reads_the_roll_off_the_dice() {
    let (_, events) = example_turn();
    let last = LastTurn::from_events(&events[1..]).expect("a turn was played");
    assert_eq!(last.seat, Some(0));
    assert_eq!(last.roll, Roll::new(9, 3));
    assert_eq!(last.steps.len(), 2);
}

#[test]
fn last_turn_drops_undone_steps_and_files_keeper_sends_under_the_keeper() {
    let setup = PositionSetup {
        pawns: vec![[40, 0], [42, 0]],
        keepers: vec![vec![KeeperEffect::SendWithin { distance: 2 }], Vec::new()],
        to_move: 0,
        roll: Roll::new(3, 9),
        cursed: false,
    };
    let mut game = Game::from_position(Options::default(), &setup, 1).expect("valid");
    let card = game.players[0].keepers[0].card;
    let mut events = game
        .apply(
            0,
            &Action::Die {
                pawn: 0,
                op: Op::Add,
                die: 3,
            },
        )
        .expect("legal");
    events.extend(game.apply(0, &Action::Undo).expect("undo"));
    events.extend(
        game.apply(
            0,
            &Action::Keeper {
                card,
                play: primeclimb::climb::KeeperPlay::SendWithin { pawn: 0 },
            },
        )
        .expect("legal"),
    );
    let last = LastTurn::from_events(&events).expect("played");
    assert_eq!(last.steps.len(), 1, "the undone step is gone");
    assert!(last.bumped.is_empty());
    assert_eq!(
        last.sent_to_start(),
        vec![(PawnRef { seat: 1, pawn: 0 }, 42)]
    );
}

#[test]
fn no_turn_in_the_events_gives_no_last_turn() {
    assert_eq!(LastTurn::from_events(&[]), None);
    let only_start = [Event::TurnStarted {
        seat: 0,
        number: 1,
        roll: Roll { a: 2, b: 5 },
        cursed: false,
    }];
    assert_eq!(LastTurn::from_events(&only_start), None);
}

#[test]
fn the_path_is_drawn_through_the_intermediate_space() {
    let opts = RenderOptions::default();
    let layout = opts.layout();
    let (game, events) = example_turn();
    let last = LastTurn::from_events(&events).expect("played");
    let with = render_board(&game, Some(&last), &opts, EN);
    let without = render_board(&game, Some(&LastTurn::default()), &opts, EN);
    // 4 (where the pawn started) is ringed in the mover's colour just outside its circle.
    let styles = player_styles(&game, &opts.theme);
    let c = layout.space(4);
    let ringed = |img: &RgbaImage| {
        (0..12)
            .filter(|i| {
                let a = (*i as f32 * 30.0).to_radians();
                let d = c.r + layout.px(3.5);
                let probe = c.c.plus(Pt::new(a.cos() * d, a.sin() * d));
                near(pixel(img, probe), styles[0].fill)
            })
            .count()
    };
    assert!(
        ringed(&with) >= 8,
        "ringed at {} of 12 points",
        ringed(&with)
    );
    assert_eq!(ringed(&without), 0);
    // The bumped pawn's ghost shows up by 78 (something changes up and to its right).
    let ghost = ghost_place(&layout, 78, 0);
    assert_ne!(pixel(&with, ghost.c), pixel(&without, ghost.c));
}

// ----- golden snapshots ------------------------------------------------------------------

/// The demo's position built without any dice or shuffles the picture shows, so the
/// snapshot changes only when the drawing does.
pub(super) fn golden_after_turn() -> (Game, LastTurn) {
    let setup = PositionSetup {
        pawns: vec![[31, GOAL], [79, 45], [0, 17], [0, 53]],
        keepers: vec![
            vec![KeeperEffect::PlusMinus { n: 3 }, KeeperEffect::Curse],
            vec![KeeperEffect::PlusMinus { n: 7 }],
            Vec::new(),
            vec![KeeperEffect::SendWithin { distance: 2 }],
        ],
        to_move: 2,
        roll: Roll::new(5, 4),
        cursed: false,
    };
    let mut game = Game::from_position(Options::default(), &setup, 3).expect("valid");
    for (p, name) in game.players.iter_mut().zip(["Ada", "Bea", "Cy", "Dot"]) {
        p.name = name.into();
    }
    let drawn = card_with(
        &game,
        primeclimb::climb::Effect::Keeper(KeeperEffect::PlusMinus { n: 7 }),
    );
    let last = LastTurn {
        seat: Some(1),
        number: Some(1),
        roll: Roll::new(9, 7),
        steps: vec![
            StepRecord::Die {
                pawn: 0,
                from: 8,
                op: Op::Mul,
                die: 9,
                to: 72,
            },
            StepRecord::Die {
                pawn: 0,
                from: 72,
                op: Op::Add,
                die: 7,
                to: 79,
            },
        ],
        bumped: vec![(PawnRef { seat: 2, pawn: 0 }, 79)],
        drawn: vec![drawn],
        ..LastTurn::default()
    };
    (game, last)
}

pub(super) fn golden_in_progress() -> Game {
    let setup = PositionSetup {
        pawns: vec![[4, 26], [13, 0], [60, 60]],
        keepers: vec![
            vec![KeeperEffect::PlusMinus { n: 5 }],
            Vec::new(),
            Vec::new(),
        ],
        to_move: 0,
        roll: Roll::new(3, 9),
        cursed: false,
    };
    let mut game = Game::from_position(Options::default(), &setup, 3).expect("valid");
    notation::play(&mut game, 0, "4 x3 +9").expect("legal");
    game
}

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/render_golden.txt")
}

#[test]
fn golden_snapshots() {
    let opts = RenderOptions::default();
    let (game, last) = golden_after_turn();
    let light = RenderOptions {
        theme: Theme::light(),
        ..RenderOptions::default()
    };
    let cases: Vec<(&str, RgbaImage)> = vec![
        ("after_turn", render_board(&game, Some(&last), &opts, EN)),
        (
            "in_progress",
            render_board(&golden_in_progress(), None, &opts, EN),
        ),
        ("after_turn_light_512", {
            let o = RenderOptions { size: 512, ..light };
            render_board(&game, Some(&last), &o, EN)
        }),
    ];
    let actual: String = cases
        .iter()
        .map(|(name, img)| format!("{name} {:016x}\n", fnv1a(img.as_raw())))
        .collect();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(golden_path(), &actual).expect("write the golden file");
        return;
    }
    let expected = std::fs::read_to_string(golden_path()).unwrap_or_default();
    if expected != actual {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let mut written = Vec::new();
        for (name, img) in &cases {
            let path = dir.join(format!("render_golden_{name}.png"));
            img.save(&path).expect("write the actual picture");
            written.push(path.display().to_string());
        }
        panic!(
            "the board pictures changed.\nexpected:\n{expected}actual:\n{actual}\
             Look at the new pictures:\n  {}\nIf they are right, update the snapshot with\n  \
             UPDATE_GOLDEN=1 cargo test -- engine::render::golden_snapshots",
            written.join("\n  ")
        );
    }
}

// ----- the measured targets and the demo -------------------------------------------

#[test]
fn default_size_is_1024_square() {
    let img = render_board(&golden_in_progress(), None, &RenderOptions::default(), EN);
    assert_eq!((img.width(), img.height()), (1024, 1024));
}

#[test]
fn png_stays_under_300_kb_even_on_a_busy_board() {
    let (demo_game, demo_last) = demo::demo_game().expect("demo");
    // Busy: eight pawns spread out, four steps of doubles, Keepers everywhere, a card.
    let setup = PositionSetup {
        pawns: vec![[6, 97], [14, 61], [23, 0], [28, 45]],
        keepers: vec![
            vec![
                KeeperEffect::PlusMinus { n: 1 },
                KeeperEffect::PlusMinus { n: 2 },
                KeeperEffect::PlusMinus { n: 3 },
            ],
            vec![KeeperEffect::Curse, KeeperEffect::PlusMinus { n: 9 }],
            vec![KeeperEffect::SendWithin { distance: 2 }],
            vec![KeeperEffect::PlusMinus { n: 4 }, KeeperEffect::Curse],
        ],
        to_move: 0,
        roll: Roll::new(4, 4),
        cursed: false,
    };
    let mut busy = Game::from_position(Options::default(), &setup, 11).expect("valid");
    // 97 −4 −4 = 89 draws; 6 ×4 +4 = 28 bumps seat 3.
    let mut events = notation::play(&mut busy, 0, "97 -4 -4 6 x4 +4").expect("legal");
    events.extend(busy.apply(0, &Action::EndMove).expect("ends"));
    let busy_last = LastTurn::from_events(&events);
    // Variants draw more: five way stations with visit dots, returning pawns, badges.
    let variant_options = Options {
        course: primeclimb::climb::Course::ThereAndBack,
        way_stations: primeclimb::climb::options::WayStations::Chosen(vec![31, 37, 41, 43, 47]),
        double_time: true,
        sprint: true,
        ..Options::default()
    };
    let mut variants = Game::from_position(variant_options, &setup, 11).expect("valid");
    variants.players[0].stations = vec![31, 41];
    variants.players[2].stations = vec![37, 41, 43];
    variants.players[1].returning = [true, false];
    let variant_events = notation::play(&mut variants, 0, "97 -4 -4").expect("legal");
    let variant_last = LastTurn::from_events(&variant_events);
    for (name, game, last) in [
        ("demo", &demo_game, Some(&demo_last)),
        ("busy", &busy, busy_last.as_ref()),
        ("variants", &variants, variant_last.as_ref()),
    ] {
        let png = primeclimb::render::board_png(game, last, &RenderOptions::default(), EN);
        eprintln!("{name}: {} bytes", png.len());
        assert!(
            png.len() <= 300 * 1024,
            "{name}: {} KB is over the 300 KB budget",
            png.len() / 1024
        );
        let back = image::load_from_memory(&png).expect("a valid PNG");
        assert_eq!((back.width(), back.height()), (1024, 1024));
    }
}

/// The title and the players' heading are the static board's; a turn number too long
/// for the whole title beside it shortens the title, drawn over the whole one: none of
/// the whole title shows between the shortened one and the number, in the picture drawn
/// or in the PNG the encoder makes of it.
#[test]
fn a_title_shortened_for_a_long_turn_number_hides_the_whole_one() {
    use primeclimb::render::fonts::{record_text, text_width};
    let (mut game, last) = demo::demo_game().expect("the demo");
    game.turn.number = 123_456;
    let opts = RenderOptions::default();
    record_text(true);
    let img = render_board(&game, Some(&last), &opts, EN);
    let drawn = record_text(false);
    let title = drawn
        .iter()
        .find(|t| {
            let kept = t.text.trim_end_matches('…');
            t.text.ends_with('…') && !kept.is_empty() && "Prime Climb".starts_with(kept)
        })
        .expect("the title, shortened");
    let turn = drawn
        .iter()
        .find(|t| t.text.contains("123456"))
        .expect("the turn's number");
    let end = title.centre.x + text_width(title.style, &title.text) / 2.0;
    let start = turn.centre.x - text_width(turn.style, &turn.text) / 2.0;
    let columns = (end.ceil() as u32 + 1)..(start.floor() as u32);
    assert!(columns.len() >= 4, "a gap between them: {columns:?}");
    let half = title.style.px;
    let rows = (title.centre.y - half) as u32..(title.centre.y + half) as u32;
    let decoded = image::load_from_memory(&primeclimb::render::board_png(
        &game,
        Some(&last),
        &opts,
        EN,
    ))
    .expect("a PNG")
    .to_rgba8();
    for picture in [&img, &decoded] {
        for y in rows.clone() {
            for x in columns.clone() {
                let px = *picture.get_pixel(x, y);
                assert!(
                    near(px, opts.theme.panel),
                    "({x}, {y}) is {px:?}, not the panel's colour"
                );
            }
        }
    }
}

#[test]
fn the_demo_has_four_players_a_bump_and_a_card() {
    let (game, last) = demo::demo_game().expect("demo");
    assert_eq!(game.players.len(), 4);
    assert_eq!(last.seat, Some(1));
    assert_eq!(last.steps.len(), 2, "a two-step path through 72");
    assert_eq!(last.bumped.len(), 1);
    assert_eq!(last.drawn.len(), 1);
    let img = render_board(&game, Some(&last), &RenderOptions::default(), EN);
    assert_eq!(img.width(), 1024);
}

#[test]
fn every_card_renders_including_custom_ones() {
    let game = position(vec![[0, 0], [0, 0]], 0, (1, 2));
    let theme = Theme::dark();
    let mut cards: Vec<_> = game.cards.iter().cloned().collect();
    cards.push(primeclimb::climb::CardDef {
        text: "Send a pawn of your choice to 37".into(),
        effect: primeclimb::climb::Effect::Action(primeclimb::climb::ActionEffect::SendTo {
            space: 37,
        }),
        custom: true,
    });
    assert_eq!(cards.len(), 25);
    for card in &cards {
        let img = render_card(card, 240, &theme, EN);
        assert_eq!((img.width(), img.height()), (240, 336));
        // Ink was printed on the paper: the card is not blank.
        let dark = img
            .pixels()
            .filter(|p| p.0[3] == 255 && p.0[0] < 80)
            .count();
        assert!(dark > 500, "{}", card.text);
    }
}

// ----- `primeclimb render` -------------------------------------------------------------------

fn primeclimb(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_primeclimb"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn tmp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

#[test]
fn cli_renders_the_demo() {
    let out = tmp("cli_demo.png");
    let o = primeclimb(&["render", "--demo", "-o", out.to_str().expect("utf-8 path")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let img = image::open(&out).expect("a PNG was written");
    assert_eq!(img.width(), 1024);
}

#[test]
fn cli_renders_a_saved_game_with_its_last_turn() {
    let (game, events) = example_turn();
    let state = tmp("cli_state.json");
    let evs = tmp("cli_events.json");
    std::fs::write(&state, serde_json::to_string(&game).expect("serialises")).expect("write");
    std::fs::write(&evs, serde_json::to_string(&events).expect("serialises")).expect("write");
    let out = tmp("cli_state.png");
    let o = primeclimb(&[
        "render",
        "--state",
        state.to_str().expect("utf-8"),
        "--events",
        evs.to_str().expect("utf-8"),
        "--size",
        "512",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(image::open(&out).expect("a PNG").width(), 512);
}

#[test]
fn cli_bad_input_is_a_usage_error() {
    let out = tmp("cli_never.png");
    let out = out.to_str().expect("utf-8");
    let bad = tmp("cli_bad.json");
    std::fs::write(&bad, "{\"not\": \"a game\"}").expect("write");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["render", "--state", "/no/such/game.json", "-o", out],
            "cannot read",
        ),
        (
            vec!["render", "--state", bad.to_str().expect("utf-8"), "-o", out],
            "is not a saved game",
        ),
        (
            vec!["render", "--demo", "--size", "10", "-o", out],
            "--size",
        ),
        (
            vec!["render", "-o", out],
            "say what to draw: --state FILE.json (a saved game), --demo (the demo position) or --replay GAME",
        ),
        (
            vec!["render", "--demo", "-o", "board.gif"],
            "the board is written as a PNG or an SVG: name the output with .png or .svg (not board.gif)",
        ),
        (
            vec!["render", "--replay", "1", "-o", "g.png"],
            "--replay writes an animated GIF: name the output with .gif (not g.png)",
        ),
    ];
    for (args, says) in cases {
        let o = primeclimb(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

// ----- robustness --------------------------------------------------------------------------

mod robustness {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        /// Any saved game, even a hand-edited one with odd steps, renders without panicking.
        #[test]
        fn any_position_and_steps_render(
            pawns in prop::collection::vec(prop::array::uniform2(0u8..=GOAL), 2..=4),
            steps in prop::collection::vec((0usize..4, any::<u8>(), any::<u8>()), 0..6),
            bumps in prop::collection::vec((0usize..6, 0usize..3, any::<u8>()), 0..3),
        ) {
            let n = pawns.len();
            let game = position(pawns, 0, (2, 5));
            let last = LastTurn {
                seat: Some(0),
                steps: steps
                    .into_iter()
                    .map(|(pawn, from, to)| StepRecord::Die { pawn, from, op: Op::Add, die: 1, to })
                    .collect(),
                bumped: bumps
                    .into_iter()
                    .map(|(seat, pawn, from)| (PawnRef { seat, pawn }, from))
                    .collect(),
                drawn: vec![CardId(0), CardId(200)],
                ..LastTurn::default()
            };
            let opts = RenderOptions { size: 256, ..RenderOptions::default() };
            let img = render_board(&game, Some(&last), &opts, EN);
            prop_assert_eq!(img.width(), 256);
            // The board's encoder looks only where something was drawn: every drawing
            // says where it drew, or this differs.
            // (Refined first: a look is refined in place, by whichever thread, once.)
            let look = primeclimb::render::refine(&opts, EN);
            prop_assert_eq!(
                primeclimb::render::board_png_in(&look, &game, Some(&last), &opts, EN),
                look.png(&img)
            );
            prop_assert!(n >= 2);
        }
    }

    #[test]
    fn start_holds_all_eight_pawns_visibly() {
        let opts = RenderOptions::default();
        let layout = opts.layout();
        let game = position(vec![[START, START]; 4], 0, (2, 5));
        let places = token_places(&layout, &game);
        assert_eq!(places.len(), 8);
        let start = layout.space(START);
        for (i, (_, a)) in places.iter().enumerate() {
            assert!(a.c.minus(start.c).len() < start.r, "inside Start");
            for (_, b) in &places[i + 1..] {
                assert!(a.c.minus(b.c).len() >= a.r + b.r - 0.5, "no overlap");
            }
        }
    }
}

// ----- module boundary ------------------------------------------------------------------

/// ARCHITECTURE.md: `src/render/` depends on engine types, image, imageproc and ab_glyph
/// only, and does no I/O beyond the fonts embedded from `assets/`.
#[test]
fn render_module_stays_pure() {
    const FORBIDDEN: &[&str] = &[
        "std::fs",
        "std::io",
        "std::net",
        "std::env",
        "std::process",
        "std::time",
        "tokio",
        "serenity",
        "poise",
        "sqlx",
        "serde_json",
        "crate::cli",
        "crate::store",
        "crate::session",
        "crate::discord",
        "async ",
    ];
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("engine/src/render");
    let mut bad = Vec::new();
    for entry in std::fs::read_dir(&dir)
        .expect("engine/src/render exists")
        .flatten()
    {
        let path = entry.path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            text.starts_with("//!"),
            "{} opens with a //! comment",
            path.display()
        );
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for f in FORBIDDEN {
                // A whole path: `crate::climb` is not `crate::cli`.
                let whole = code.match_indices(f).any(|(at, _)| {
                    !code[at + f.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                });
                if whole {
                    bad.push(format!("{}:{}: uses {f}", path.display(), i + 1));
                }
            }
        }
    }
    assert!(bad.is_empty(), "render must stay pure:\n{}", bad.join("\n"));
}

/// Prime Daifugo hands (§1): a prime value is framed red, the others orange, and the
/// cards are shown in order of value.
#[test]
fn daifugo_cards_are_red_when_prime_and_orange_otherwise() {
    use primeclimb::daifugo::{Card, Game as Df, Kind, Options as DfOptions};
    use primeclimb::render::daifugo::{hand_order, render_hand};
    let n = |v| Card {
        kind: Kind::Number(v),
        icon: false,
    };
    let g = Df::from_hands(DfOptions::default(), &[vec![n(4), n(3)], vec![n(9)]], 0, 1)
        .expect("a position");
    let order: Vec<Kind> = hand_order(&g, 0).iter().map(|&c| g.kind(c)).collect();
    assert_eq!(order, [Kind::Number(3), Kind::Number(4)]);
    let theme = primeclimb::render::Theme::default();
    let img = render_hand(&g, 0, &theme, EN);
    // The frame of each card, a little inside its left edge, halfway down.
    let frame = |card: u32| *img.get_pixel(20 + card * 108 + 8, 64 + 70);
    assert_eq!(frame(0), theme.red, "[3] is prime");
    assert_eq!(frame(1), theme.orange, "[4] is not");
}

#[test]
fn every_card_symbol_has_glyphs() {
    use primeclimb::render::cards::card_symbol;
    use primeclimb::render::fonts::{has_glyphs, TextStyle};
    for lang in primeclimb::lang::Lang::ALL {
        let words = primeclimb::text::pictures::words(lang);
        for card in primeclimb::climb::card::standard_deck() {
            let s = card_symbol(&card.effect, words);
            assert!(has_glyphs(TextStyle::bold(20.0), &s), "{s}");
        }
    }
}

#[test]
fn cards_are_poker_shaped() {
    let img = render_card(
        &primeclimb::climb::card::standard_deck()[0],
        200,
        &Theme::dark(),
        EN,
    );
    assert_eq!((img.width(), img.height()), (200, 280));
    // Transparent corner, paper in the middle.
    assert_eq!(img.get_pixel(0, 0).0[3], 0);
    assert_eq!(img.get_pixel(100, 200).0[3], 255);
}

#[test]
fn way_stations_are_marked_round_their_space() {
    use primeclimb::climb::options::WayStations;
    use primeclimb::render::board::draw_static_board;
    use primeclimb::render::stations::draw_way_stations;
    let options = Options {
        way_stations: WayStations::Chosen(vec![37, 53]),
        ..Options::default()
    };
    let setup = PositionSetup {
        pawns: vec![[0, 0], [0, 0]],
        ..PositionSetup::default()
    };
    let Ok(game) = Game::from_position(options, &setup, 1) else {
        panic!("a valid position");
    };
    assert_eq!(game.stations, vec![37, 53]);
    let layout = Layout::new(512);
    let theme = Theme::dark();
    let plain = draw_static_board(&layout, &theme, EN);
    let mut marked = plain.clone();
    draw_way_stations(
        &mut marked,
        &layout,
        &theme,
        &game,
        &player_styles(&game, &theme),
    );
    for s in [37u8, 53] {
        let c = layout.space(s);
        let changed = (0..64)
            .filter(|i| {
                let a = std::f32::consts::TAU * *i as f32 / 64.0;
                let p =
                    c.c.plus(Pt::new(a.cos(), a.sin()).times(c.r + layout.px(6.0)));
                plain.get_pixel(p.x as u32, p.y as u32) != marked.get_pixel(p.x as u32, p.y as u32)
            })
            .count();
        assert!(changed > 16, "space {s}: {changed} of 64 points marked");
    }
    let far = layout.space(90).c;
    assert_eq!(
        plain.get_pixel(far.x as u32, far.y as u32),
        marked.get_pixel(far.x as u32, far.y as u32)
    );
}

// ----- phone size ----------------------------------------------------------------------

/// Discord shows a picture about 400 pixels wide on a phone.
const PHONE_WIDTH: f32 = 400.0;
/// The smallest capitals that read there, in phone pixels: the height of the numbers on
/// the board's outer spaces, which read at that size.
const MIN_PHONE_CAP: f32 = 5.5;

/// The height of a line's capitals once its picture is shown `PHONE_WIDTH` wide.
fn phone_cap(text: &primeclimb::render::fonts::DrawnText, picture_width: u32) -> f32 {
    text.style.cap_height() * PHONE_WIDTH / picture_width as f32
}

/// A busy board for the legibility tests: four long names, Keepers, a card drawn, variants.
fn busy_board() -> (Game, LastTurn) {
    let (mut game, last) = golden_after_turn();
    game.options.sprint = true;
    game.options.double_time = true;
    for (p, name) in
        game.players
            .iter_mut()
            .zip(["Alexandrine", "Bartholomew", "Hard AI 1", "Hard AI 2"])
    {
        p.name = name.into();
    }
    (game, last)
}

#[test]
fn the_panel_and_the_key_read_at_phone_size_in_both_languages() {
    use primeclimb::render::board::draw_static_board;
    use primeclimb::render::fonts::record_text;
    let (game, last) = busy_board();
    for lang in primeclimb::lang::Lang::ALL {
        let words = primeclimb::text::pictures::words(lang);
        let opts = RenderOptions::default();
        let layout = opts.layout();
        record_text(true);
        draw_static_board(&layout, &opts.theme, words);
        render_board(&game, Some(&last), &opts, words);
        let drawn = record_text(false);
        // The space numbers are measured too: the key must be no smaller than them.
        let smallest_number = (1..=100u8)
            .filter_map(|s| {
                drawn.iter().find(|t| {
                    t.text == s.to_string() && layout.space(s).c.minus(t.centre).len() < 2.0
                })
            })
            .map(|t| phone_cap(t, layout.size))
            .fold(f32::MAX, f32::min);
        assert!(
            smallest_number >= MIN_PHONE_CAP,
            "the board's numbers are {smallest_number:.1} px on a phone"
        );
        let key_band = layout.size as f32 - layout.px(112.0);
        // A token's letter is part of an icon that its shape and colour also tell apart.
        let token_letter = |t: &str| t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase());
        let words_drawn: Vec<_> = drawn
            .iter()
            .filter(|t| t.centre.x >= layout.panel.x || t.centre.y >= key_band)
            .filter(|t| !token_letter(&t.text))
            .collect();
        assert!(
            words_drawn.len() > 20,
            "{lang:?}: {} lines",
            words_drawn.len()
        );
        for t in words_drawn {
            let cap = phone_cap(t, layout.size);
            assert!(
                cap >= MIN_PHONE_CAP,
                "{lang:?}: `{}` is {cap:.1} px tall on a phone (at least {MIN_PHONE_CAP})",
                t.text
            );
        }
    }
}

/// A Prime Daifugo match a few turns in: the play area, the deck and the discard pile
/// all show.
pub(super) fn daifugo_mid_game(names: &[&str]) -> primeclimb::daifugo::Game {
    use primeclimb::daifugo::{self, Options as DOptions};
    let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let mut game = daifugo::Game::new(DOptions::default(), &names, 5).expect("a match");
    for _ in 0..12 {
        let seat = game.current();
        let action = daifugo::ai::next_action(&game, daifugo::ai::Level::Medium);
        if let Some(action) = action {
            game.apply(seat, &action)
                .expect("the AI plays by the rules");
        }
    }
    game
}

#[test]
fn the_daifugo_table_reads_at_phone_size_in_both_languages() {
    use primeclimb::render::daifugo::render_table;
    use primeclimb::render::fonts::record_text;
    let game = daifugo_mid_game(&["Alexandrine", "Hard AI 1", "Hard AI 2"]);
    for lang in primeclimb::lang::Lang::ALL {
        let words = primeclimb::text::pictures::words(lang);
        record_text(true);
        let img = render_table(&game, &Theme::dark(), words);
        let drawn = record_text(false);
        let card_words = [words.draw_two(), words.stop(), words.skip_card()];
        let table_words: Vec<_> = drawn
            .iter()
            .filter(|t| !card_words.contains(&t.text) && t.text.parse::<u32>().is_err())
            .collect();
        assert!(
            table_words.len() >= 6,
            "{lang:?}: {} lines",
            table_words.len()
        );
        for t in table_words {
            let cap = phone_cap(t, img.width());
            assert!(
                cap >= MIN_PHONE_CAP,
                "{lang:?}: `{}` is {cap:.1} px tall on a phone",
                t.text
            );
        }
    }
}

#[test]
fn marks_leave_the_digits_clear_and_every_colour_keeps_one() {
    use primeclimb::render::board::mark_places;
    let layout = Layout::new(1024);
    for space in 2..=100u8 {
        let circle = layout.space(space);
        let colours = factor_colours(space);
        let marks = mark_places(circle, &colours);
        // Every colour of the space keeps a mark.
        for colour in &colours {
            assert!(
                marks.iter().any(|(_, c)| c == colour),
                "{space}: no mark for {colour:?}"
            );
        }
        // Beside the digits only where a colour has no other place.
        let beside = |(p, _): &(Pt, primeclimb::climb::Colour)| {
            (p.y - circle.c.y).abs() < circle.r * 0.76 * 0.57
        };
        for m in marks.iter().filter(|m| beside(m)) {
            assert!(
                !marks.iter().any(|o| o.1 == m.1 && !beside(o)),
                "{space}: a {:?} mark beside the digits though another is above or below",
                m.1
            );
        }
    }
    // 64 and 96: six segments, but no mark crowds the number.
    for space in [64u8, 96] {
        let circle = layout.space(space);
        let marks = mark_places(circle, &factor_colours(space));
        let orange_beside = marks
            .iter()
            .filter(|(p, c)| {
                *c == primeclimb::climb::Colour::Orange
                    && (p.y - circle.c.y).abs() < circle.r * 0.76 * 0.57
            })
            .count();
        assert_eq!(orange_beside, 0, "{space}");
    }
}

/// Round-3 defect 15: the arrows and their labels hide no number. In the demo and in a
/// turn that multiplies across the board (`0 +5 ×6`), every space's digits (spaces with a
/// pawn and the arrows' own ends aside) show as much with the last turn drawn as without.
#[test]
fn arrows_and_labels_leave_every_number_readable() {
    let (demo_game, demo_last) = demo::demo_game().expect("demo");
    let mut across = position(vec![[0, 0], [12, 14]], 0, (5, 6));
    let events = notation::play(&mut across, 0, "0 +5 x6").expect("0 + 5 × 6 = 30");
    let across_last = LastTurn::from_events(&events).expect("a turn");
    for (name, game, last) in [
        ("demo", &demo_game, &demo_last),
        ("0 +5 x6", &across, &across_last),
    ] {
        let opts = RenderOptions::default();
        let theme = &opts.theme;
        let with = render_board(game, Some(last), &opts, EN);
        let without = render_board(game, None, &opts, EN);
        let layout = Layout::new(with.width());
        let ends: Vec<u8> = last
            .steps
            .iter()
            .flat_map(|s| match *s {
                StepRecord::Die { from, to, .. } | StepRecord::Forced { from, to, .. } => {
                    vec![from, to]
                }
                StepRecord::Keeper { from, to, .. } => from.into_iter().chain(to).collect(),
            })
            .collect();
        let occupied: Vec<u8> = game.players.iter().flat_map(|p| p.pawns).collect();
        for space in 1..=100u8 {
            if ends.contains(&space) || occupied.contains(&space) {
                continue;
            }
            let c = layout.space(space);
            let digit_pixels = |img: &RgbaImage| {
                let (x0, x1) = ((c.c.x - c.r * 0.72) as u32, (c.c.x + c.r * 0.72) as u32);
                let (y0, y1) = ((c.c.y - c.r * 0.45) as u32, (c.c.y + c.r * 0.45) as u32);
                (x0..x1)
                    .flat_map(|x| (y0..y1).map(move |y| (x, y)))
                    .filter(|&(x, y)| *img.get_pixel(x, y) == theme.number)
                    .count()
            };
            let (shown, all) = (digit_pixels(&with), digit_pixels(&without));
            assert!(
                shown * 10 >= all * 8,
                "{name}: the number {space} is hidden ({shown} of {all} digit pixels show)"
            );
        }
    }
}
