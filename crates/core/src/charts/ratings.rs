//! A player's ratings over their games (`/stats`): one line per game and side, the
//! conservative rating (μ − 3σ) before their first game and after each one.

use super::{legend_entries, panel, png_of, with_legend, ChartError, Steps};

/// `series`: a name (`Werewolf · village`) and the rating at each point (the first
/// before any game).
pub fn history(series: &[(String, Vec<f64>)]) -> Result<Vec<u8>, ChartError> {
    let names: Vec<String> = series.iter().map(|s| s.0.clone()).collect();
    let points = series.iter().map(|s| s.1.len()).max().unwrap_or(1).max(1);
    let (lo, hi) = series
        .iter()
        .flat_map(|s| s.1.iter().copied())
        .fold((0.0f64, 10.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = ((hi - lo) * 0.08).max(1.0);
    png_of(|root| {
        let plots = with_legend(root, &legend_entries(&names, &[]))?;
        panel(
            &plots,
            "Rating (μ − 3σ) after each game",
            (lo - pad).floor()..(hi + pad).ceil(),
            Steps::new(0, points, "games played"),
            series,
            &[],
        )?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::is_png;
    use super::*;

    #[test]
    fn a_history_of_two_sides_draws() {
        let png = history(&[
            ("Werewolf · village".into(), vec![0.0, 1.3, 2.9, 4.1]),
            ("Werewolf · wolves".into(), vec![0.0, -1.2]),
        ])
        .unwrap();
        assert!(is_png(&png));
        assert!(history(&[]).is_ok());
    }
}
