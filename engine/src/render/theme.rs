//! Colours of the picture: the factor colours of §1, the players' token colours and the
//! background and ink of a theme. One place, so the board, the panel, the cards and the
//! tests agree on every colour.

use image::Rgba;

use super::canvas::rgb;
use crate::climb::Colour;

/// The colours a picture is drawn in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Theme {
    /// Behind the board.
    pub background: Rgba<u8>,
    /// Behind the side panel.
    pub panel: Rgba<u8>,
    /// A raised box in the panel (the player to move, badges).
    pub panel_raised: Rgba<u8>,
    /// Main text.
    pub ink: Rgba<u8>,
    /// Secondary text and faint lines.
    pub muted: Rgba<u8>,
    /// The thread joining consecutive spaces.
    pub thread: Rgba<u8>,
    /// Number text on coloured segments, and its halo.
    pub number: Rgba<u8>,
    pub number_halo: Rgba<u8>,
    /// Space 1 (no factor) and Start.
    pub plain_space: Rgba<u8>,
    pub plain_ink: Rgba<u8>,
    /// §1 factor colours: 2, 3, 5, 7, ≥ 11.
    pub orange: Rgba<u8>,
    pub green: Rgba<u8>,
    pub blue: Rgba<u8>,
    pub purple: Rgba<u8>,
    pub red: Rgba<u8>,
    /// The four players' token colours, in seat order (more seats reuse them).
    pub players: [Rgba<u8>; 4],
    /// Each factor segment also carries its factor's mark ([`Mark`]), so the board reads
    /// without colour at all.
    pub marks: bool,
}

/// The set of factor colours (§1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Palette {
    /// The colours of the printed game: orange, green, blue, purple, red.
    #[default]
    Standard,
    /// The same five colour names, chosen to stay apart under protanopia, deuteranopia
    /// and tritanopia: their smallest CIE76 difference under each (Machado 2009, full
    /// severity), and from the board's background, is 35, where the standard colours
    /// measure about 10 (blue and purple) and Okabe–Ito's 17. `tests/engine/palettes.rs`
    /// measures it.
    ColourBlind,
}

/// How a person likes pictures drawn: the palette, and whether factors carry marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Look {
    pub palette: Palette,
    pub marks: bool,
}

/// The shape that marks a factor when [`Theme::marks`] is on: one per colour, told apart
/// by outline alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// 2: a dot.
    Dot,
    /// 3: a triangle.
    Triangle,
    /// 5: a square.
    Square,
    /// 7: a cross.
    Cross,
    /// 11 and above: a ring.
    Ring,
}

impl Mark {
    pub fn of(c: Colour) -> Mark {
        match c {
            Colour::Orange => Mark::Dot,
            Colour::Green => Mark::Triangle,
            Colour::Blue => Mark::Square,
            Colour::Purple => Mark::Cross,
            Colour::Red => Mark::Ring,
        }
    }
}

impl Theme {
    /// Dark navy board: the factor colours and the tokens stand out, and it sits well in
    /// Discord's dark mode.
    pub fn dark() -> Theme {
        Theme {
            background: rgb(0x1b, 0x20, 0x2c),
            panel: rgb(0x24, 0x2a, 0x38),
            panel_raised: rgb(0x33, 0x3b, 0x4e),
            ink: rgb(0xf3, 0xf4, 0xf7),
            muted: rgb(0x9a, 0xa3, 0xb5),
            thread: rgb(0x46, 0x4f, 0x66),
            number: rgb(0xff, 0xff, 0xff),
            number_halo: rgb(0x16, 0x16, 0x1c),
            plain_space: rgb(0xe9, 0xe6, 0xdf),
            plain_ink: rgb(0x1b, 0x20, 0x2c),
            orange: rgb(0xf2, 0x8c, 0x1e),
            green: rgb(0x2f, 0xa8, 0x4f),
            blue: rgb(0x2b, 0x78, 0xd9),
            purple: rgb(0x8e, 0x4b, 0xc4),
            red: rgb(0xe0, 0x2f, 0x3b),
            players: Theme::TOKENS,
            marks: false,
        }
    }

    /// The dark theme drawn the way `look` asks.
    pub fn for_look(look: Look) -> Theme {
        Theme::dark().with_look(look)
    }

    /// This theme with the factor colours of `look.palette` and its marks.
    pub fn with_look(mut self, look: Look) -> Theme {
        if look.palette == Palette::ColourBlind {
            self.orange = rgb(0xfb, 0xab, 0x31);
            self.green = rgb(0x24, 0xcb, 0x81);
            self.blue = rgb(0x23, 0x61, 0x8e);
            self.purple = rgb(0xc3, 0x36, 0xf3);
            self.red = rgb(0xa0, 0x26, 0x1f);
        }
        self.marks = look.marks;
        self
    }

    /// The five factor colours, 2 to ≥ 11.
    pub fn factors(&self) -> [Rgba<u8>; 5] {
        [self.orange, self.green, self.blue, self.purple, self.red]
    }

    /// Cream paper board, for printing and light mode.
    pub fn light() -> Theme {
        Theme {
            background: rgb(0xf6, 0xf2, 0xe9),
            panel: rgb(0xff, 0xff, 0xff),
            panel_raised: rgb(0xec, 0xe7, 0xdc),
            ink: rgb(0x1b, 0x1d, 0x24),
            muted: rgb(0x6a, 0x6f, 0x7c),
            thread: rgb(0xc9, 0xc2, 0xb3),
            plain_space: rgb(0xff, 0xff, 0xff),
            ..Theme::dark()
        }
    }

    /// Token colours: yellow, white, cyan and charcoal. They differ in lightness as well as
    /// hue (so they survive colour blindness and greyscale), none is a factor colour, and
    /// every token also carries its player's letter and shape.
    pub const TOKENS: [Rgba<u8>; 4] = [
        rgb(0xff, 0xd4, 0x2a),
        rgb(0xfa, 0xfa, 0xfa),
        rgb(0x3f, 0xe0, 0xe8),
        rgb(0x26, 0x28, 0x2e),
    ];

    /// The colour a factor is drawn in (§1).
    pub fn factor(&self, c: Colour) -> Rgba<u8> {
        match c {
            Colour::Orange => self.orange,
            Colour::Green => self.green,
            Colour::Blue => self.blue,
            Colour::Purple => self.purple,
            Colour::Red => self.red,
        }
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::dark()
    }
}
