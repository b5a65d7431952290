//! The web's board (`engine/src/render/vector.rs`, `svg.rs`): the same drawing as the
//! PNG, recorded as shapes. Every drawing path records instead of painting while a
//! recording is on (a path that painted would be missing from the SVG); the document is
//! well-formed, places the spaces where the PNG's layout does, refers only to glyphs it
//! defines, and shows names as text, never as markup.

use std::sync::Arc;

use image::RgbaImage;
use primeclimb::climb::{Game, GOAL};
use primeclimb::lang::Lang;
use primeclimb::render::svg::escape;
use primeclimb::render::vector::Shape;
use primeclimb::render::{
    board_svg, demo, record_board, render_board, LastTurn, Look, Palette, RenderOptions, Theme,
};
use primeclimb::text::{alt, pictures::words};

fn looks() -> Vec<(RenderOptions, Lang)> {
    let mut out = Vec::new();
    for theme in [Theme::dark(), Theme::light()] {
        for (palette, marks, lang, size) in [
            (Palette::Standard, false, Lang::En, 1024),
            (Palette::ColourBlind, true, Lang::Fr, 1024),
            // The phone-size panel.
            (Palette::Standard, true, Lang::En, 400),
        ] {
            out.push((
                RenderOptions {
                    size,
                    theme: theme.clone().with_look(Look { palette, marks }),
                },
                lang,
            ));
        }
    }
    out
}

fn positions() -> Vec<(Game, Option<LastTurn>)> {
    let (demo_game, demo_last) = demo::demo_game().expect("demo");
    let (after, after_last) = super::render::golden_after_turn();
    vec![
        (demo_game, Some(demo_last)),
        (after, Some(after_last)),
        (super::render::golden_in_progress(), None),
    ]
}

#[test]
fn recording_draws_no_pixel_and_records_every_part() {
    for (opts, lang) in looks() {
        for (game, last) in positions() {
            let size = opts.layout().size;
            let mut blank = RgbaImage::new(size, size);
            let shapes = record_board(&mut blank, &game, last.as_ref(), &opts, words(lang));
            assert!(
                blank.pixels().all(|p| p.0 == [0, 0, 0, 0]),
                "a drawing path painted instead of recording: the SVG would miss it"
            );
            // Every space's number, the panel's words, the pawns: text and discs of both
            // parts of the picture.
            let texts = shapes
                .iter()
                .filter(|s| matches!(s, Shape::Text { .. }))
                .count();
            assert!(texts > 100, "{texts} lines of text recorded");
            // And after the recording, pictures are painted again.
            let png_like = render_board(&game, last.as_ref(), &opts, words(lang));
            assert!(png_like.pixels().any(|p| p.0 != opts.theme.background.0));
        }
    }
}

fn number(node: &roxmltree::Node, attr: &str) -> f32 {
    node.attribute(attr)
        .and_then(|v| v.parse().ok())
        .unwrap_or(f32::NAN)
}

#[test]
fn the_svg_is_the_pngs_board() {
    for (opts, lang) in looks() {
        let layout = opts.layout();
        for (game, last) in positions() {
            let title = alt::board_alt(&game, last.as_ref(), lang);
            let svg = board_svg(&game, last.as_ref(), &opts, words(lang), &title);
            let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            let size = layout.size;
            assert_eq!(
                root.attribute("viewBox"),
                Some(&*format!("0 0 {size} {size}"))
            );
            let titled = root
                .children()
                .find(|n| n.has_tag_name("title"))
                .and_then(|n| n.text());
            assert_eq!(titled, Some(title.as_str()));

            // Each space is a disc, or segments from its centre, where the layout puts it.
            let mut centres: Vec<(f32, f32)> = Vec::new();
            for n in doc.descendants() {
                if n.has_tag_name("circle") {
                    centres.push((number(&n, "cx"), number(&n, "cy")));
                } else if let Some(d) = n.attribute("d").filter(|_| n.has_tag_name("path")) {
                    let start = d.trim_start_matches('M').split('L').next().unwrap_or("");
                    if let Some((x, y)) = start.split_once(',') {
                        centres.push((x.parse().unwrap_or(f32::NAN), y.parse().unwrap_or(0.0)));
                    }
                }
            }
            for space in 1..=GOAL {
                let c = layout.space(space).c;
                assert!(
                    centres
                        .iter()
                        .any(|&(x, y)| (x - c.x).abs() < 0.01 && (y - c.y).abs() < 0.01),
                    "space {space} is not drawn at {c:?} ({size} px)"
                );
            }

            // Every glyph placed is defined once.
            let defined: Vec<&str> = doc
                .descendants()
                .filter(|n| n.has_tag_name("path"))
                .filter_map(|n| n.attribute("id"))
                .collect();
            let mut sorted = defined.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), defined.len(), "a glyph defined twice");
            let uses: Vec<&str> = doc
                .descendants()
                .filter(|n| n.has_tag_name("use"))
                .filter_map(|n| n.attribute("href"))
                .collect();
            assert!(uses.len() > 200, "{} glyphs placed", uses.len());
            for href in uses {
                let id = href.strip_prefix('#').unwrap_or(href);
                assert!(defined.contains(&id), "{href} is placed but not defined");
            }
        }
    }
}

#[test]
fn names_are_shown_as_text_never_as_markup() {
    let (mut game, last) = demo::demo_game().expect("demo");
    let evil = r#"<script>alert("x")</script> & 'co' </svg>"#;
    game.players[0].name = Arc::from(evil);
    let opts = RenderOptions::default();
    for lang in [Lang::En, Lang::Fr] {
        let title = alt::board_alt(&game, Some(&last), lang);
        assert!(title.contains(evil));
        let svg = board_svg(&game, Some(&last), &opts, words(lang), &title);
        assert!(!svg.contains("<script"), "a name became markup");
        assert!(
            svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;")
        );
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let said = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap_or_default();
        assert!(said.contains(evil), "the name reads as it was typed");
    }
    // Characters XML does not allow at all become spaces.
    assert_eq!(escape("a\u{0}b\u{1b}c"), "a b c");
}

#[test]
fn a_prime_daifugo_table_is_recorded_whole_and_never_a_hand() {
    use primeclimb::render::daifugo::{draw_table, table_svg, TABLE_SIZE};
    let game = super::render::daifugo_mid_game(&["Ada", "Hard AI 1", "Hard AI 2"]);
    for lang in [Lang::En, Lang::Fr] {
        let (w, h) = TABLE_SIZE;
        let mut blank = RgbaImage::new(w, h);
        let ((), shapes) = primeclimb::render::vector::record(|| {
            draw_table(&mut blank, &game, &Theme::dark(), words(lang));
        });
        assert!(
            blank.pixels().all(|p| p.0 == [0, 0, 0, 0]),
            "a drawing path of the table painted instead of recording"
        );
        assert!(shapes.len() > 20, "{} shapes", shapes.len());
        let title = alt::table_alt(&game, lang);
        let svg = table_svg(&game, &Theme::dark(), words(lang), &title);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        assert_eq!(
            doc.root_element().attribute("viewBox"),
            Some("0 0 1024 576")
        );
        // The table says how many cards each holds, never which.
        let said = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap_or_default();
        assert_eq!(said, title);
    }
}
