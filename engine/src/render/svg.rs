//! A picture as an SVG document, written from the shapes its drawing recorded
//! (`vector.rs`): the web front's board is the same drawing as the PNG, scaled by the
//! browser instead of rasterised here.
//!
//! Text is drawn with the glyphs of the fonts the PNG uses (each glyph's outline once, in
//! `<defs>`, then placed where the raster puts it), so nothing depends on the fonts of the
//! browser and the letters sit exactly where they sit on the PNG. Every word of a picture
//! is thus a shape; the document's `<title>` (and the page around it) carries the words
//! for screen readers, escaped.

use std::collections::BTreeMap;
use std::fmt::Write;

use image::Rgba;

use super::fonts::{glyph_path, glyphs, TextStyle, Weight};
use super::point::Pt;
use super::vector::Shape;

/// A number as SVG writes it: two decimals at most, no trailing zeros.
fn num(v: f32) -> String {
    let v = if v.is_finite() { v } else { 0.0 };
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "" | "-0" => "0".to_string(),
        s => s.to_string(),
    }
}

/// `attr="#rrggbb"`, and its opacity when the colour is not opaque.
fn paint(attr: &str, c: Rgba<u8>) -> String {
    let [r, g, b, a] = c.0;
    let mut s = format!("{attr}=\"#{r:02x}{g:02x}{b:02x}\"");
    if a < 255 {
        let _ = write!(s, " {attr}-opacity=\"{}\"", num(f32::from(a) / 255.0));
    }
    s
}

fn pt(p: Pt) -> String {
    format!("{},{}", num(p.x), num(p.y))
}

/// `text` with the five characters XML reserves escaped: a player named `<script>` is
/// shown as those letters.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML at all.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn glyph_id(ids: &str, weight: Weight, id: u16) -> String {
    match weight {
        Weight::Regular => format!("{ids}r{id}"),
        Weight::Bold => format!("{ids}b{id}"),
    }
}

/// The glyphs a document uses (weight 0 regular, 1 bold; glyph number) and their
/// outlines, `None` for a glyph with none (a space).
type Glyphs = BTreeMap<(u8, u16), Option<String>>;

/// Write `shape` to `out`, noting the glyphs it uses in `used`.
fn write_shape(out: &mut String, shape: &Shape, used: &mut Glyphs, ids: &str) {
    let _ = match shape {
        Shape::Disc { c, r, colour } => writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" {}/>"#,
            num(c.x),
            num(c.y),
            num(*r),
            paint("fill", *colour)
        ),
        Shape::Ring {
            c,
            r,
            width,
            colour,
        } => writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="none" {} stroke-width="{}"/>"#,
            num(c.x),
            num(c.y),
            num(*r),
            paint("stroke", *colour),
            num(*width)
        ),
        Shape::Line {
            a,
            b,
            width,
            colour,
        } => writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {} stroke-width="{}" stroke-linecap="round"/>"#,
            num(a.x),
            num(a.y),
            num(b.x),
            num(b.y),
            paint("stroke", *colour),
            num(*width)
        ),
        Shape::Polygon { points, colour } => {
            let points: Vec<String> = points.iter().map(|&p| pt(p)).collect();
            writeln!(
                out,
                r#"<polygon points="{}" {}/>"#,
                points.join(" "),
                paint("fill", *colour)
            )
        }
        Shape::RoundedRect {
            min,
            max,
            r,
            colour,
        } => {
            let (w, h) = (max.x - min.x, max.y - min.y);
            // As the raster does: no rounder than half the shorter side.
            let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
            let round = if r > 0.0 {
                format!(r#" rx="{}""#, num(r))
            } else {
                String::new()
            };
            writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}"{round} {}/>"#,
                num(min.x),
                num(min.y),
                num(w.max(0.0)),
                num(h.max(0.0)),
                paint("fill", *colour)
            )
        }
        Shape::Segments { c, r, colours } => {
            let n = colours.len().max(1);
            let tau = std::f32::consts::TAU;
            let at = |i: usize| {
                let a = tau * i as f32 / n as f32;
                c.plus(Pt::new(a.sin(), -a.cos()).times(*r))
            };
            for (i, colour) in colours.iter().enumerate() {
                let (from, to) = (at(i), at(i + 1));
                let large = u8::from(n == 1);
                let _ = writeln!(
                    out,
                    r#"<path d="M{}L{}A{} {} 0 {large} 1 {}Z" {}/>"#,
                    pt(*c),
                    pt(from),
                    num(*r),
                    num(*r),
                    pt(to),
                    paint("fill", *colour)
                );
            }
            Ok(())
        }
        Shape::Text {
            bold,
            px,
            origin,
            colour,
            halo,
            text,
        } => {
            let style = if *bold {
                TextStyle::bold(*px)
            } else {
                TextStyle::regular(*px)
            };
            let (laid, scale) = glyphs(style, text);
            let weight = u8::from(*bold);
            let mut uses = String::new();
            for (id, x) in laid {
                let outline = used
                    .entry((weight, id))
                    .or_insert_with(|| glyph_path(style.weight, id));
                if outline.is_none() {
                    continue;
                }
                let _ = write!(
                    uses,
                    r##"<use href="#{}" transform="matrix({} 0 0 {} {} {})"/>"##,
                    glyph_id(ids, style.weight, id),
                    num_fine(scale),
                    num_fine(-scale),
                    num(origin.x + x),
                    num(origin.y)
                );
            }
            if let Some((halo, px)) = halo {
                let _ = writeln!(
                    out,
                    r#"<g {} {} stroke-width="{}" stroke-linejoin="round">{uses}</g>"#,
                    paint("fill", *halo),
                    paint("stroke", *halo),
                    num(2.0 * px / scale.max(1e-6))
                );
            }
            writeln!(out, r#"<g {}>{uses}</g>"#, paint("fill", *colour))
        }
    };
}

/// A scale factor: font units are small in pixels, so more decimals.
fn num_fine(v: f32) -> String {
    let s = format!("{v:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// An SVG document `size` pixels square on `background`, drawing `shapes` in order, with
/// `title` as its accessible name; its ids begin with `ids` (several boards on a page).
pub fn document(
    size: u32,
    background: Rgba<u8>,
    shapes: &[Shape],
    title: &str,
    ids: &str,
) -> String {
    document_sized((size, size), background, shapes, title, ids)
}

/// [`document`] for a picture `width` × `height` pixels.
pub fn document_sized(
    (width, height): (u32, u32),
    background: Rgba<u8>,
    shapes: &[Shape],
    title: &str,
    ids: &str,
) -> String {
    let ids = escape(ids);
    let mut body = String::with_capacity(shapes.len() * 80);
    let mut used = Glyphs::new();
    for shape in shapes {
        write_shape(&mut body, shape, &mut used, &ids);
    }
    let mut out = String::with_capacity(body.len() + used.len() * 600 + 512);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{ids}board-title">"#
    );
    let _ = writeln!(
        out,
        r#"<title id="{ids}board-title">{}</title>"#,
        escape(title)
    );
    out.push_str("<defs>\n");
    for ((weight, id), outline) in used {
        let w = if weight == 1 {
            Weight::Bold
        } else {
            Weight::Regular
        };
        if let Some(d) = outline {
            let _ = writeln!(out, r#"<path id="{}" d="{d}"/>"#, glyph_id(&ids, w, id));
        }
    }
    out.push_str("</defs>\n");
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" {}/>"#,
        paint("fill", background)
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}
