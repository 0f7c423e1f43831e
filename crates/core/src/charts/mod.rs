//! Charts as PNG images, drawn in memory with `plotters` and an embedded font (DejaVu Sans,
//! from the `dejavu` crate), so they render on a machine with no fonts installed. This
//! module draws: a canvas, panels of series over rounds or steps with a legend beside, and
//! marks where a participant gave in. Each game's charts are in a module named after it:
//! [`debate`] (a social debate's stance and conviction per round, a moderated debate's
//! score per round per participant), [`trial`] (the jurors' stances over the session) and
//! [`ratings`] (a player's ratings over their games).
//! The shells attach them (Discord) or write them to files (terminal, `sim`).

pub mod ratings;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
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
pub(crate) const HEIGHT: u32 = 540;
static REGISTER: Once = Once::new();

fn font() {
    REGISTER.call_once(|| {
        // The embedded font is a valid TrueType file; should it ever be refused the chart
        // still draws, its text left out.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
    });
}

/// The colour of the `i`-th participant (the community page's SVG charts use it too).
pub fn colour(i: usize) -> RGBColor {
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
pub(crate) fn png_of(
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

/// The x axis of a panel: rounds or steps `first..=last`, each tick a whole number,
/// labelled once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Steps {
    first: usize,
    last: usize,
    desc: &'static str,
}

impl Steps {
    pub(crate) fn new(first: usize, points: usize, desc: &'static str) -> Steps {
        Steps {
            first,
            last: first + points.saturating_sub(1),
            desc,
        }
    }
    /// The axis: a little room either side, so the first and last points are whole.
    fn range(&self) -> std::ops::Range<f64> {
        let span = (self.last - self.first) as f64;
        let pad = if span == 0.0 {
            0.5
        } else {
            (span * 0.03).max(0.15)
        };
        self.first as f64 - pad..self.last as f64 + pad
    }
    /// The ticks: every whole number, or every 2nd, 5th, 10th… so there are at most 12.
    fn ticks(&self) -> Vec<f64> {
        let span = self.last - self.first;
        let step = [1usize, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
            .into_iter()
            .find(|s| span / s < 12)
            .unwrap_or_else(|| span.div_ceil(12).max(1));
        (self.first..=self.last)
            .filter(|x| step == 1 || x.is_multiple_of(step))
            .map(|x| x as f64)
            .collect()
    }
}

/// The x axis in rounds or steps: a number line whose ticks are [`Steps::ticks`] only
/// (plotters' own would put some at halves, labelled "1, 2, 2").
struct StepAxis {
    line: RangedCoordf64,
    ticks: Vec<f64>,
}

impl StepAxis {
    fn of(steps: &Steps) -> StepAxis {
        StepAxis {
            line: steps.range().into(),
            ticks: steps.ticks(),
        }
    }
}

impl Ranged for StepAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;
    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.line.map(value, limit)
    }
    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.max_num_points() == 0 {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }
    fn range(&self) -> std::ops::Range<f64> {
        self.line.range()
    }
}

/// How a participant's point is marked where they gave in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GaveIn {
    /// Persuaded, wavering or worn down.
    Surrendered,
    Conceded,
}

impl GaveIn {
    fn label(self) -> &'static str {
        match self {
            GaveIn::Surrendered => "surrendered",
            GaveIn::Conceded => "conceded",
        }
    }
}

/// A mark on a series: the participant `series` gave in by point `at`.
#[derive(Debug, Clone, Copy)]
pub struct Mark {
    pub series: usize,
    pub at: usize,
    pub how: GaveIn,
}

/// The mark of `how` as one path in pixels around its centre: a cross (surrendered) or a
/// square (conceded).
fn mark_path(how: GaveIn) -> Vec<(i32, i32)> {
    let r = 8;
    match how {
        GaveIn::Surrendered => vec![(-r, -r), (r, r), (0, 0), (r, -r), (-r, r)],
        GaveIn::Conceded => vec![(-r, -r), (r, -r), (r, r), (-r, r), (-r, -r)],
    }
}

type Area<'a> = DrawingArea<BitMapBackend<'a>, plotters::coord::Shift>;

/// One chart panel: `series` (a name and its values, one per step) on a y-range, with
/// `marks` where participants gave in; no legend (it is drawn beside, over no data).
/// Returns each series' points in pixels of `area`.
pub(crate) fn panel(
    area: &Area<'_>,
    title: &str,
    y: std::ops::Range<f64>,
    steps: Steps,
    series: &[(String, Vec<f64>)],
    marks: &[Mark],
) -> Result<Vec<Vec<(i32, i32)>>, ChartError> {
    let wide = y.end - y.start > 10.0;
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT, 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(48)
        .build_cartesian_2d(StepAxis::of(&steps), y)
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .x_desc(steps.desc)
        .x_label_formatter(&|x| format!("{}", x.round() as i64))
        // Whole numbers on a wide scale, else one decimal; never "-0.0".
        .y_label_formatter(&|v| {
            let v = if v.abs() < 0.05 { 0.0 } else { *v };
            if wide {
                format!("{v:.0}")
            } else {
                format!("{v:.1}")
            }
        })
        .max_light_lines(1)
        .label_style((FONT, 14))
        .draw()
        .map_err(draw_err)?;
    let mut pixels = Vec::with_capacity(series.len());
    for (i, (_, values)) in series.iter().enumerate() {
        let c = colour(i);
        let points: Vec<(f64, f64)> = values
            .iter()
            .enumerate()
            .map(|(k, v)| ((k + steps.first) as f64, *v))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), c.stroke_width(3)))
            .map_err(draw_err)?;
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 4, c.filled())))
            .map_err(draw_err)?;
        pixels.push(points.iter().map(|p| chart.backend_coord(p)).collect());
    }
    chart
        .draw_series(marks.iter().filter_map(|m| {
            let values = &series.get(m.series)?.1;
            let point = ((m.at + steps.first) as f64, *values.get(m.at)?);
            Some(
                EmptyElement::at(point)
                    + PathElement::new(mark_path(m.how), colour(m.series).stroke_width(3)),
            )
        }))
        .map_err(draw_err)?;
    Ok(pixels)
}

/// What the legend lists: each participant's line, then the marks drawn.
pub(crate) fn legend_entries(names: &[String], marks: &[Mark]) -> Vec<(String, Option<GaveIn>)> {
    let mut entries: Vec<(String, Option<GaveIn>)> =
        names.iter().map(|n| (n.clone(), None)).collect();
    for how in [GaveIn::Surrendered, GaveIn::Conceded] {
        if marks.iter().any(|m| m.how == how) {
            entries.push((how.label().to_string(), Some(how)));
        }
    }
    entries
}

/// The longest a legend's name is shown, in characters (longer ones end in "…").
const LEGEND_CHARS: usize = 28;

fn shortened(name: &str) -> String {
    if name.chars().count() <= LEGEND_CHARS {
        name.to_string()
    } else {
        let cut: String = name.chars().take(LEGEND_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    }
}

/// The legend's width in pixels: its longest entry, and room for the swatch.
fn legend_width(root: &Area<'_>, entries: &[(String, Option<GaveIn>)]) -> u32 {
    let style = TextStyle::from((FONT, 14).into_font());
    let widest = entries
        .iter()
        .map(|(n, _)| {
            root.estimate_text_size(&shortened(n), &style)
                .map_or(n.chars().count() as u32 * 8, |(w, _)| w)
        })
        .max()
        .unwrap_or(0);
    (widest + 48).clamp(110, WIDTH / 3)
}

/// The legend in its own area beside the plots, where it covers no data: a swatch (the
/// participant's line, or the mark) and the name, top down from the first plot's top.
fn legend(area: &Area<'_>, entries: &[(String, Option<GaveIn>)]) -> Result<(), ChartError> {
    let style = TextStyle::from((FONT, 14).into_font()).color(&BLACK);
    let (top, row) = (48, 22);
    for (i, (name, mark)) in entries.iter().enumerate() {
        let y = top + i as i32 * row;
        match mark {
            None => {
                let c = colour(i);
                area.draw(&PathElement::new(vec![(4, y), (28, y)], c.stroke_width(3)))
                    .map_err(draw_err)?;
                area.draw(&Circle::new((16, y), 4, c.filled()))
                    .map_err(draw_err)?;
            }
            Some(how) => {
                let grey = RGBColor(60, 60, 60);
                area.draw(
                    &(EmptyElement::at((16, y))
                        + PathElement::new(mark_path(*how), grey.stroke_width(3))),
                )
                .map_err(draw_err)?;
            }
        }
        area.draw_text(&shortened(name), &style, (36, y - 8))
            .map_err(draw_err)?;
    }
    Ok(())
}

/// Splits the canvas into the plots' area and the legend's, on the right.
pub(crate) fn with_legend<'a>(
    root: &Area<'a>,
    entries: &[(String, Option<GaveIn>)],
) -> Result<Area<'a>, ChartError> {
    let w = legend_width(root, entries);
    let (plots, side) = root.split_horizontally(WIDTH - w);
    legend(&side, entries)?;
    Ok(plots)
}

/// The series of `names` read from rows of values, one row a step.
pub(crate) fn by_name(names: &[String], rows: &[Vec<f64>]) -> Vec<(String, Vec<f64>)> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                n.clone(),
                rows.iter().filter_map(|r| r.get(i).copied()).collect(),
            )
        })
        .collect()
}

/// A chart and where its points are, in pixels of the whole picture (for the tests).
pub(crate) type Drawn = (Vec<u8>, Vec<Vec<(i32, i32)>>);

/// What the chart tests share: reading a PNG back, and dumping it to look at.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    pub fn is_png(bytes: &[u8]) -> bool {
        bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a])
    }

    pub fn pixels(png: &[u8]) -> Vec<u8> {
        let decoder = png::Decoder::new(png);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        reader.next_frame(&mut buf).unwrap();
        buf
    }

    pub fn at(buf: &[u8], (x, y): (i32, i32)) -> RGBColor {
        let i = (y as usize * WIDTH as usize + x as usize) * 3;
        RGBColor(buf[i], buf[i + 1], buf[i + 2])
    }

    /// With `AGORA_CHART_DUMP=<dir>`, the tests write their charts there to be looked at.
    pub fn dump(name: &str, png: &[u8]) {
        if let Some(dir) = std::env::var_os("AGORA_CHART_DUMP") {
            std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_rounds_are_each_labelled_once() {
        assert_eq!(Steps::new(1, 2, "round").ticks(), vec![1.0, 2.0]);
        assert_eq!(Steps::new(1, 1, "round").ticks(), vec![1.0]);
        assert_eq!(
            Steps::new(0, 6, "round").ticks(),
            vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
        );
        let many = Steps::new(0, 81, "step").ticks();
        assert_eq!(many, (0..=8).map(|k| k as f64 * 10.0).collect::<Vec<_>>());
        for steps in [
            Steps::new(1, 1, "r"),
            Steps::new(0, 2, "r"),
            Steps::new(0, 300, "s"),
        ] {
            let range = steps.range();
            let ticks = steps.ticks();
            assert!(ticks.len() <= 13, "{ticks:?}");
            assert!(ticks.windows(2).all(|w| w[0] < w[1]), "{ticks:?}");
            assert!(ticks.iter().all(|t| t.fract() == 0.0 && range.contains(t)));
            assert!(range.start < steps.first as f64 && range.end > steps.last as f64);
        }
    }
}
