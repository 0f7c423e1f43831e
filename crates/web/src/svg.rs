//! Charts as SVG for the page, drawn by `plotters`' SVG backend: lines over steps (a
//! rating's history, jurors' stances, debaters' stances), each series a colour with its
//! name in a legend. The text is SVG text, drawn by the reader's own fonts: nothing is
//! loaded from another host.

use agora_core::charts::colour;
use plotters::prelude::*;

const WIDTH: u32 = 720;
static FONT: std::sync::Once = std::sync::Once::new();

/// Registers the embedded font (DejaVu Sans) as `sans-serif`, which plotters measures the
/// text with; the page's reader draws it with their own sans-serif.
fn font() {
    FONT.call_once(|| {
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        );
    });
}
const HEIGHT: u32 = 360;

pub use agora_core::stats::page::Series;

/// A line chart of `series` over steps `0..`, titled `title`, the y axis over `y`
/// (widened to hold every value), `x_desc` naming the steps. `None` when there is
/// nothing to draw.
pub fn lines(
    title: &str,
    x_desc: &str,
    y: std::ops::Range<f64>,
    series: &[Series],
) -> Option<String> {
    let steps = series.iter().map(|s| s.1.len()).max()?;
    if steps == 0 {
        return None;
    }
    let values = series.iter().flat_map(|s| s.1.iter().flatten().copied());
    let (lo, hi) = values.fold((y.start, y.end), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = ((hi - lo) * 0.05).max(0.5);
    font();
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let last = (steps.max(2) - 1) as f64;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(-0.05 * last..last * 1.05, lo - pad..hi + pad)
            .ok()?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .x_labels(steps.min(12))
            .x_label_formatter(&|x| format!("{}", x.round() as i64))
            .y_labels(8)
            .y_label_formatter(&|v| format!("{v:.0}"))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .ok()?;
        for (i, (name, values)) in series.iter().enumerate() {
            let c = colour(i);
            let points: Vec<(f64, f64)> = values
                .iter()
                .enumerate()
                .filter_map(|(x, v)| v.map(|v| (x as f64, v)))
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), c.stroke_width(2)))
                .ok()?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], c.stroke_width(3))
                });
            chart
                .draw_series(points.iter().map(|&p| Circle::new(p, 3, c.filled())))
                .ok()?;
        }
        if series.len() > 1 || !series[0].0.is_empty() {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(RGBColor(200, 200, 200))
                .position(SeriesLabelPosition::UpperLeft)
                .label_font(("sans-serif", 13))
                .draw()
                .ok()?;
        }
        root.present().ok()?;
    }
    // Scales to the page's width (the 390 px of a phone included).
    Some(out.replacen(
        &format!("width=\"{WIDTH}\" height=\"{HEIGHT}\""),
        &format!("viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"100%\" role=\"img\""),
        1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_is_scalable_svg_with_its_legend() {
        let svg = lines(
            "Stances",
            "step",
            -100.0..100.0,
            &[
                ("Wang".into(), vec![Some(0.0), Some(20.0), Some(40.0)]),
                ("Liu & Co".into(), vec![Some(-20.0), None, Some(-5.0)]),
            ],
        )
        .unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
        assert!(svg.contains("viewBox=\"0 0 720 360\""), "{}", &svg[..200]);
        assert!(svg.contains("Wang") && svg.contains("Liu &amp; Co"));
        assert!(lines("x", "step", 0.0..1.0, &[]).is_none());
    }
}
