//! Charts as PNG images, drawn in memory with `plotters` and an embedded font (DejaVu Sans,
//! from the `dejavu` crate), so they render on a machine with no fonts installed: a social
//! debate's stance and conviction per round, a moderated debate's score per round per
//! participant, and a trial's juror stances over the session. The shells attach them (Discord) or write them to files (terminal, `sim`).

use plotters::prelude::*;
use std::sync::Once;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ChartError {
    #[error("drawing the chart failed: {0}")]
    Draw(String),
    #[error("encoding the chart failed: {0}")]
    Encode(#[from] png::EncodingError),
}

const FONT: &str = "agora-sans";
const WIDTH: u32 = 960;
const HEIGHT: u32 = 540;
static REGISTER: Once = Once::new();

fn font() {
    REGISTER.call_once(|| {
        // The embedded font is a valid TrueType file; should it ever be refused the chart
        // still draws, its text left out.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
    });
}

/// The colour of the `i`-th participant.
fn colour(i: usize) -> RGBColor {
    const P: [RGBColor; 8] = [
        RGBColor(31, 119, 180),
        RGBColor(214, 39, 40),
        RGBColor(44, 160, 44),
        RGBColor(148, 103, 189),
        RGBColor(255, 127, 14),
        RGBColor(23, 190, 207),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
    ];
    P[i % P.len()]
}

fn draw_err<E: std::fmt::Debug>(e: E) -> ChartError {
    ChartError::Draw(format!("{e:?}"))
}

/// Draws with `paint` on a white canvas and encodes the result as PNG.
fn png_of(
    paint: impl FnOnce(
        &DrawingArea<BitMapBackend<'_>, plotters::coord::Shift>,
    ) -> Result<(), ChartError>,
) -> Result<Vec<u8>, ChartError> {
    font();
    let mut rgb = vec![0u8; (WIDTH * HEIGHT * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        paint(&root)?;
        root.present().map_err(draw_err)?;
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, WIDTH, HEIGHT);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&rgb)?;
    }
    Ok(out)
}

/// One chart panel: `series` (a name and its values by round, round 0 first) on a y-range.
fn panel(
    area: &DrawingArea<BitMapBackend<'_>, plotters::coord::Shift>,
    title: &str,
    y: std::ops::Range<f64>,
    rounds: usize,
    series: &[(String, Vec<f64>)],
    first_round: usize,
    x_desc: &str,
) -> Result<(), ChartError> {
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT, 20))
        .margin(12)
        .x_label_area_size(32)
        .y_label_area_size(44)
        .build_cartesian_2d(first_round as f64..(rounds.max(first_round + 1)) as f64, y)
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .x_labels(rounds.clamp(2, 12) + 1)
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        // One decimal, and never "-0.0".
        .y_label_formatter(&|y| format!("{:.1}", if y.abs() < 0.05 { 0.0 } else { *y }))
        .label_style((FONT, 14))
        .draw()
        .map_err(draw_err)?;
    for (i, (name, values)) in series.iter().enumerate() {
        let c = colour(i);
        let points: Vec<(f64, f64)> = values
            .iter()
            .enumerate()
            .map(|(r, v)| ((r + first_round) as f64, *v))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), c.stroke_width(3)))
            .map_err(draw_err)?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(3)));
        chart
            .draw_series(points.into_iter().map(|p| Circle::new(p, 4, c.filled())))
            .map_err(draw_err)?;
    }
    chart
        .configure_series_labels()
        .label_font((FONT, 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(draw_err)?;
    Ok(())
}

/// A social debate: each participant's stance (top) and conviction (bottom), at the start
/// (round 0) and after each round.
pub fn social(names: &[String], trail: &[Vec<(f64, f64)>]) -> Result<Vec<u8>, ChartError> {
    let rounds = trail.len().saturating_sub(1);
    let pick = |f: fn(&(f64, f64)) -> f64| -> Vec<(String, Vec<f64>)> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (
                    n.clone(),
                    trail.iter().filter_map(|row| row.get(i).map(f)).collect(),
                )
            })
            .collect()
    };
    png_of(|root| {
        let (top, bottom) = root.split_vertically(HEIGHT / 2);
        panel(
            &top,
            "Stance (−1 against, +1 for)",
            -1.05..1.05,
            rounds,
            &pick(|x| x.0),
            0,
            "round",
        )?;
        panel(
            &bottom,
            "Conviction",
            0.0..1.05,
            rounds,
            &pick(|x| x.1),
            0,
            "round",
        )
    })
}

/// A moderated debate: each participant's round score (the mean of the two passes, of 30)
/// per round, round 1 first.
pub fn rounds(names: &[String], per_round: &[Vec<f64>]) -> Result<Vec<u8>, ChartError> {
    let series: Vec<(String, Vec<f64>)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                n.clone(),
                per_round.iter().filter_map(|r| r.get(i).copied()).collect(),
            )
        })
        .collect();
    png_of(|root| {
        panel(
            root,
            "Round scores (of 30)",
            0.0..31.0,
            per_round.len(),
            &series,
            1,
            "round",
        )
    })
}

/// A trial: each juror's stance (−100 guilty … +100 not guilty) at the start and after
/// each step of the session that moved one (a message, a card, a deliberation round).
pub fn trial(names: &[String], trail: &[Vec<f64>]) -> Result<Vec<u8>, ChartError> {
    let series: Vec<(String, Vec<f64>)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                n.clone(),
                trail.iter().filter_map(|row| row.get(i).copied()).collect(),
            )
        })
        .collect();
    png_of(|root| {
        panel(
            root,
            "Juror stances (−100 guilty, +100 not guilty; the vote splits at 0)",
            -105.0..105.0,
            trail.len().saturating_sub(1),
            &series,
            0,
            "step",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_png(bytes: &[u8]) -> bool {
        bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a])
    }

    #[test]
    fn charts_render_to_png_with_the_embedded_font() {
        let names = vec!["ann".to_string(), "ben".to_string(), "cat".to_string()];
        let trail = vec![
            vec![(0.8, 0.7), (-0.6, 0.6), (0.1, 0.5)],
            vec![(0.75, 0.6), (-0.65, 0.66), (0.05, 0.42)],
        ];
        let png = social(&names, &trail).unwrap();
        assert!(is_png(&png) && png.len() > 5_000, "{} bytes", png.len());
        let png = rounds(&names[..2], &[vec![21.0, 18.5], vec![24.0, 17.0]]).unwrap();
        assert!(is_png(&png));
        // Text was drawn: the picture differs from one without labels (dark pixels exist).
        let decoder = png::Decoder::new(&png[..]);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        reader.next_frame(&mut buf).unwrap();
        assert!(buf.chunks(3).filter(|p| p.iter().all(|&c| c < 60)).count() > 500);
    }
}
