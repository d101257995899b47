//! Board diagrams as SVG: the squares, coordinates, the pieces with kings
//! crowned, and arrows along a move's path with its captures crossed out.
//!
//! The text is deterministic (integer and one-decimal coordinates, a fixed
//! element order), so it can be snapshot-tested and diffed.

use std::fmt::Write as _;

use tama_core::{Bitboard, Color, Position, Role, Square};

/// Side of a square, in SVG user units.
const SQ: f64 = 60.0;
/// Room for the rank numbers on the left and the file letters below.
const MARGIN: f64 = 28.0;
/// Room above and to the right of the board.
const PAD: f64 = 8.0;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#c9a27a";
const FRAME: &str = "#5a3e22";
const ARROW: &str = "#1f6fb2";
const CROSS: &str = "#c62828";

/// One arrow: the squares a move visits (start square, then each landing
/// square) and the squares of the pieces it takes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrow {
    /// The start square, then every landing square.
    pub path: Vec<Square>,
    /// The captured pieces' squares (crossed out).
    pub captured: Bitboard,
}

/// What to draw besides the position.
#[derive(Clone, Debug, Default)]
pub struct SvgOptions {
    /// Draw from Black's side.
    pub flip: bool,
    /// Arrows for moves.
    pub arrows: Vec<Arrow>,
}

/// The centre of `sq` in SVG coordinates.
fn centre(sq: Square, flip: bool) -> (f64, f64) {
    let (col, row) = if flip {
        (7 - sq.file(), sq.rank())
    } else {
        (sq.file(), 7 - sq.rank())
    };
    (
        MARGIN + (f64::from(col) + 0.5) * SQ,
        PAD + (f64::from(row) + 0.5) * SQ,
    )
}

/// A number with at most one decimal, without a trailing `.0`.
fn n(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// The diagram of `pos` as a complete SVG document.
pub fn board_svg(pos: &Position, opts: &SvgOptions) -> String {
    let size = 8.0 * SQ;
    let width = MARGIN + size + PAD;
    let height = PAD + size + MARGIN;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">"#,
        w = n(width),
        h = n(height)
    );
    if !opts.arrows.is_empty() {
        let _ = writeln!(
            s,
            r#"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{ARROW}"/></marker></defs>"#
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        n(width),
        n(height)
    );
    // Squares.
    let _ = writeln!(s, r#"<g id="squares">"#);
    for sq in Square::all() {
        let (cx, cy) = centre(sq, opts.flip);
        let light = (sq.file() + sq.rank()) % 2 == 1;
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
            n(cx - SQ / 2.0),
            n(cy - SQ / 2.0),
            n(SQ),
            n(SQ),
            if light { LIGHT } else { DARK }
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{FRAME}" stroke-width="2"/>"#,
        n(MARGIN),
        n(PAD),
        n(size),
        n(size)
    );
    // Coordinates: rank numbers on the left, file letters below.
    let _ = writeln!(
        s,
        r##"<g id="coordinates" font-size="15" fill="#333333" text-anchor="middle">"##
    );
    for i in 0..8u8 {
        let file = Square::from_coords(i, 0).expect("on the board");
        let (x, _) = centre(file, opts.flip);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            n(x),
            n(PAD + size + 20.0),
            (b'a' + i) as char
        );
        let rank = Square::from_coords(0, i).expect("on the board");
        let (_, y) = centre(rank, opts.flip);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            n(MARGIN / 2.0),
            n(y + 5.0),
            i + 1
        );
    }
    let _ = writeln!(s, "</g>");
    // Pieces.
    let _ = writeln!(s, r#"<g id="pieces">"#);
    for sq in pos.occupied() {
        let piece = pos.piece_at(sq).expect("occupied");
        let (cx, cy) = centre(sq, opts.flip);
        let (fill, stroke, ring) = match piece.color {
            Color::White => ("#fbfbf8", "#222222", "#9a9a9a"),
            Color::Black => ("#262626", "#000000", "#5e5e5e"),
        };
        let _ = writeln!(
            s,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#,
            n(cx),
            n(cy),
            n(SQ * 0.39)
        );
        let _ = writeln!(
            s,
            r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{ring}" stroke-width="1.5"/>"#,
            n(cx),
            n(cy),
            n(SQ * 0.29)
        );
        if piece.role == Role::King {
            let crown = match piece.color {
                Color::White => "#222222",
                Color::Black => "#f2f2f2",
            };
            let _ = writeln!(s, r#"<path d="{}" fill="{crown}"/>"#, crown_path(cx, cy));
        }
    }
    let _ = writeln!(s, "</g>");
    // Arrows, with the captured pieces crossed out.
    if !opts.arrows.is_empty() {
        let _ = writeln!(s, r#"<g id="arrows">"#);
        for arrow in &opts.arrows {
            for sq in arrow.captured {
                let (cx, cy) = centre(sq, opts.flip);
                let d = SQ * 0.22;
                let _ = writeln!(
                    s,
                    r#"<path d="M{},{} L{},{} M{},{} L{},{}" stroke="{CROSS}" stroke-width="5" stroke-linecap="round" opacity="0.9"/>"#,
                    n(cx - d),
                    n(cy - d),
                    n(cx + d),
                    n(cy + d),
                    n(cx - d),
                    n(cy + d),
                    n(cx + d),
                    n(cy - d)
                );
            }
            if let Some(points) = arrow_points(&arrow.path, opts.flip) {
                let _ = writeln!(
                    s,
                    r#"<polyline points="{points}" fill="none" stroke="{ARROW}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round" opacity="0.8" marker-end="url(#arrowhead)"/>"#,
                    n(SQ * 0.12)
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</svg>");
    s
}

/// A small crown centred on (`cx`, `cy`).
fn crown_path(cx: f64, cy: f64) -> String {
    let k = SQ * 0.18;
    let pts = [
        (-1.0, 0.6),
        (-1.15, -0.55),
        (-0.5, -0.05),
        (0.0, -0.85),
        (0.5, -0.05),
        (1.15, -0.55),
        (1.0, 0.6),
    ];
    let mut d = String::new();
    for (i, (x, y)) in pts.iter().enumerate() {
        let _ = write!(
            d,
            "{}{},{} ",
            if i == 0 { "M" } else { "L" },
            n(cx + x * k),
            n(cy + y * k)
        );
    }
    d.push('z');
    d
}

/// The arrow's polyline points: square centres along the path, the last
/// segment shortened so that the arrowhead's tip ends near the centre of
/// the destination square. `None` for a path of fewer than two distinct
/// points.
fn arrow_points(path: &[Square], flip: bool) -> Option<String> {
    let mut pts: Vec<(f64, f64)> = path.iter().map(|&sq| centre(sq, flip)).collect();
    pts.dedup();
    if pts.len() < 2 {
        return None;
    }
    let (x1, y1) = pts[pts.len() - 1];
    let (x0, y0) = pts[pts.len() - 2];
    let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
    // The marker (3.2 stroke widths long, tip at its end) starts where the
    // line ends: pull the line back by most of that.
    let back = (SQ * 0.12 * 3.2 * 0.5 + SQ * 0.12).min(len / 2.0);
    let last = pts.len() - 1;
    pts[last] = (x1 - (x1 - x0) / len * back, y1 - (y1 - y0) / len * back);
    Some(
        pts.iter()
            .map(|&(x, y)| format!("{},{}", n(x), n(y)))
            .collect::<Vec<_>>()
            .join(" "),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(30.0), "30");
        assert_eq!(n(30.25), "30.3");
        assert_eq!(n(-4.04), "-4");
    }

    #[test]
    fn flip_turns_the_board() {
        assert_eq!(centre(Square::A1, false), (58.0, 458.0));
        assert_eq!(centre(Square::A1, true), (478.0, 38.0));
        assert_eq!(centre(Square::H8, true), (58.0, 458.0));
    }

    #[test]
    fn diagram_has_every_piece_and_the_arrow() {
        let pos = Position::start();
        let svg = board_svg(
            &pos,
            &SvgOptions {
                flip: false,
                arrows: vec![Arrow {
                    path: vec![Square::C3, Square::C4],
                    captured: Bitboard::default(),
                }],
            },
        );
        assert!(svg.starts_with("<svg "));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<circle").count(), 2 * 32);
        assert_eq!(svg.matches("<polyline").count(), 1);
    }
}
