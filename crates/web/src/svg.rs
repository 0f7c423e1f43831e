//! Charts as SVG for the page, drawn by `plotters`' SVG backend: lines over steps (a
//! rating's history, jurors' stances, debaters' stances), each series a colour with its
//! name in a legend. The text is SVG text, drawn by the reader's own fonts: nothing is
//! loaded from another host. A chart in another language than English names fonts with
//! Han glyphs first ([`HAN_FONTS`]), and a label with Chinese characters is measured as
//! wide as they are drawn (the embedded font that measures text has no Han glyphs).

use agora_core::charts::colour;
use agora_games::lang::is_han;
use agora_games::Lang;
use plotters::prelude::*;

/// The fonts a chart in Chinese asks for, the first that the reader has: each has the
/// Han glyphs of simplified Chinese.
pub const HAN_FONTS: &str =
    "'Noto Sans CJK SC','Source Han Sans SC','Microsoft YaHei','PingFang SC','WenQuanYi Micro Hei',sans-serif";

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

/// `label` as the legend measures it: with a space of padding for each part of a Han
/// character's width that the embedded font (without Han glyphs) would not count. The
/// padding is trailing white space, which SVG text does not draw.
fn measured_as_drawn(label: &str, size: u32) -> String {
    let han = label
        .chars()
        .filter(|c| is_han(*c) || is_full_width(*c))
        .count();
    if han == 0 {
        return label.to_string();
    }
    let font = ("sans-serif", size).into_font();
    let width = |t: &str| font.box_size(t).map_or(1, |(w, _)| w.max(1));
    // Drawn, a Han character is one em: the font size plotters writes into the SVG.
    let em = f64::from(size) / 1.24;
    let short = (em - f64::from(width("\u{4e2d}"))).max(0.0) * han as f64;
    let spaces = (short / f64::from(width(" "))).ceil() as usize;
    format!("{label}{}", " ".repeat(spaces))
}

/// A full-width form or CJK punctuation (`（`, `：`), drawn one em wide.
fn is_full_width(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x303F | 0xFF01..=0xFF60)
}

/// A line chart of `series` over steps `0..`, titled `title`, the y axis over `y`
/// (widened to hold every value), `x_desc` naming the steps, its text in fonts for
/// `lang`. `None` when there is nothing to draw.
pub fn lines(
    title: &str,
    x_desc: &str,
    y: std::ops::Range<f64>,
    series: &[Series],
    lang: Lang,
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
                .label(measured_as_drawn(name, 13))
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
    let out = out.replacen(
        &format!("width=\"{WIDTH}\" height=\"{HEIGHT}\""),
        &format!("viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"100%\" role=\"img\""),
        1,
    );
    Some(if lang.is_english() {
        out
    } else {
        out.replace(
            "font-family=\"sans-serif\"",
            &format!("font-family=\"{HAN_FONTS}\""),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Chinese labels: fonts with Han glyphs named, and a legend as wide as its text.
    #[test]
    fn a_chinese_chart_names_han_fonts_and_measures_han_wide() {
        let series = |name: &str| vec![(name.to_string(), vec![Some(1.0), Some(2.0)])];
        let svg = lines("评分", "对局", 0.0..30.0, &series("逻辑型辩手"), Lang::ZhCn).unwrap();
        assert!(
            svg.contains("Noto Sans CJK SC") && svg.contains("评分"),
            "{svg}"
        );
        assert!(!svg.contains("font-family=\"sans-serif\""));
        let legend = |svg: &str| {
            // The legend's box: the widest rectangle after the plotting area's.
            let widths: Vec<f64> = svg
                .split("<rect ")
                .skip(1)
                .filter_map(|r| r.split("width=\"").nth(1)?.split('"').next()?.parse().ok())
                .collect();
            widths
                .into_iter()
                .filter(|w| *w < 600.0)
                .fold(0.0, f64::max)
        };
        let ascii = lines("x", "y", 0.0..30.0, &series("ab"), Lang::ZhCn).unwrap();
        let han = lines("x", "y", 0.0..30.0, &series("逻辑型辩手"), Lang::ZhCn).unwrap();
        // Five Han characters drawn at about 10.5 px each.
        assert!(
            legend(&han) >= legend(&ascii) + 45.0,
            "{} vs {}",
            legend(&han),
            legend(&ascii)
        );
        assert!(measured_as_drawn("ab", 13) == "ab");
    }

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
            Lang::En,
        )
        .unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
        assert!(svg.contains("viewBox=\"0 0 720 360\""), "{}", &svg[..200]);
        assert!(svg.contains("Wang") && svg.contains("Liu &amp; Co"));
        assert!(!svg.contains("Noto Sans CJK"));
        assert!(lines("x", "step", 0.0..1.0, &[], Lang::En).is_none());
    }
}
