//! The trial's chart: each juror's stance over the session.

use crate::charts::{
    by_name, legend_entries, panel, png_of, with_legend, ChartError, Drawn, Steps,
};

/// A trial: each juror's stance (−100 guilty … +100 not guilty) at the start and after
/// each step of the session that moved one (a message, a card, a deliberation round).
pub fn stances(names: &[String], trail: &[Vec<f64>]) -> Result<Vec<u8>, ChartError> {
    stances_drawn(names, trail).map(|(png, _)| png)
}

fn stances_drawn(names: &[String], trail: &[Vec<f64>]) -> Result<Drawn, ChartError> {
    let series = by_name(names, trail);
    let mut pixels = Vec::new();
    let png = png_of(|root| {
        let plots = with_legend(root, &legend_entries(names, &[]))?;
        pixels = panel(
            &plots,
            "Juror stances (−100 guilty, +100 not guilty; the vote splits at 0)",
            -105.0..105.0,
            Steps::new(0, trail.len(), "step"),
            &series,
            &[],
        )?;
        Ok(())
    })?;
    Ok((png, pixels))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::colour;
    use crate::charts::testing::{at, dump, pixels};

    /// The lines' right-hand ends (where the legend used to sit) are drawn uncovered: the
    /// centre of each last point is exactly its participant's colour.
    #[test]
    fn the_legend_covers_no_data() {
        let names: Vec<String> = (1..=6)
            .map(|k| format!("Juror {k} · a long name here"))
            .collect();
        // Every line ends high on the right, and two cross 0 at the very end.
        let trail: Vec<Vec<f64>> = (0..=5)
            .map(|step| {
                (0..6)
                    .map(|j| {
                        if step == 5 {
                            95.0 - j as f64 * 18.0
                        } else {
                            -40.0 + j as f64 * 5.0
                        }
                    })
                    .collect()
            })
            .collect();
        let (png, points) = stances_drawn(&names, &trail).unwrap();
        dump("trial-6.png", &png);
        let buf = pixels(&png);
        for (j, series) in points.iter().enumerate() {
            let last = *series.last().unwrap();
            assert_eq!(
                at(&buf, last),
                colour(j),
                "juror {}'s last point is hidden",
                j + 1
            );
        }
    }
}
