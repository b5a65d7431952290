//! The pictures as shapes instead of pixels: every drawing primitive (`canvas`, the
//! spaces' coloured segments, `fonts`) says what it draws here when a recording is on,
//! and draws no pixels then. The SVG of the web front (`svg.rs`) is written from such a
//! recording, so the board has one geometry and two backends: no coordinate is written
//! twice, and what the web shows is what Discord's PNG shows.

use std::cell::RefCell;

use image::Rgba;

use super::point::Pt;

/// One thing drawn, in pixels of the picture, in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Disc {
        c: Pt,
        r: f32,
        colour: Rgba<u8>,
    },
    /// A ring centred on radius `r`, `width` wide.
    Ring {
        c: Pt,
        r: f32,
        width: f32,
        colour: Rgba<u8>,
    },
    /// A thick segment with round ends.
    Line {
        a: Pt,
        b: Pt,
        width: f32,
        colour: Rgba<u8>,
    },
    Polygon {
        points: Vec<Pt>,
        colour: Rgba<u8>,
    },
    RoundedRect {
        min: Pt,
        max: Pt,
        r: f32,
        colour: Rgba<u8>,
    },
    /// A disc cut into equal segments, clockwise from 12 o'clock, one colour each.
    Segments {
        c: Pt,
        r: f32,
        colours: Vec<Rgba<u8>>,
    },
    /// A line of text `px` pixels high (bold or regular) from the left end of its
    /// baseline `origin`, with a halo round each letter when `halo` is given (its colour
    /// and width in pixels).
    Text {
        bold: bool,
        px: f32,
        origin: Pt,
        colour: Rgba<u8>,
        halo: Option<(Rgba<u8>, f32)>,
        text: String,
    },
}

thread_local! {
    static SHAPES: RefCell<Option<Vec<Shape>>> = const { RefCell::new(None) };
}

/// What `draw` draws on this thread, as shapes; no pixel is drawn meanwhile, so `draw`
/// may be given any image (a 1×1 one will do).
pub fn record<T>(draw: impl FnOnce() -> T) -> (T, Vec<Shape>) {
    /// Puts back what was recording before, also when `draw` panics.
    struct Restore(Option<Vec<Shape>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            SHAPES.with(|s| *s.borrow_mut() = before);
        }
    }
    let _restore = Restore(SHAPES.with(|s| s.borrow_mut().replace(Vec::new())));
    let out = draw();
    let shapes = SHAPES.with(|s| s.borrow_mut().take()).unwrap_or_default();
    (out, shapes)
}

/// Called by each primitive before it draws: when a recording is on, the shape is kept
/// and the answer is `true` (draw no pixels).
pub(crate) fn recorded(shape: impl FnOnce() -> Shape) -> bool {
    SHAPES.with(|s| match s.borrow_mut().as_mut() {
        Some(list) => {
            list.push(shape());
            true
        }
        None => false,
    })
}
