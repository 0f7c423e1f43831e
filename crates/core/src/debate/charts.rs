//! The debates' charts: a social debate's stance and conviction per round (with marks
//! where participants gave in) and a moderated debate's score per round per participant.

use crate::charts::{
    by_name, legend_entries, panel, png_of, with_legend, ChartError, Drawn, GaveIn, Mark, Steps,
    HEIGHT,
};

/// A social debate: each participant's stance (top) and conviction (bottom), at the start
/// (round 0) and after each round; where one gave in, a mark (a cross: surrendered, a
/// square: conceded) on both lines, in the legend too.
pub fn social(
    names: &[String],
    trail: &[Vec<(f64, f64)>],
    marks: &[Mark],
) -> Result<Vec<u8>, ChartError> {
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
    let steps = Steps::new(0, trail.len(), "round");
    png_of(|root| {
        let plots = with_legend(root, &legend_entries(names, marks))?;
        let (top, bottom) = plots.split_vertically(HEIGHT / 2);
        panel(
            &top,
            "Stance (−1 against, +1 for)",
            -1.05..1.05,
            steps,
            &pick(|x| x.0),
            marks,
        )?;
        panel(
            &bottom,
            "Conviction",
            0.0..1.05,
            steps,
            &pick(|x| x.1),
            marks,
        )?;
        Ok(())
    })
}

/// Where a social debate's participants gave in, for [`social`]: each `Surrendered`
/// event at the trail's point of its round (the trail holds the start, then each round).
pub fn social_marks(game: &crate::games::debate::SocialDebate) -> Vec<Mark> {
    use crate::games::debate::social::{Event, Surrender};
    let last = game.trail().len().saturating_sub(1);
    let mut round = 1usize;
    let mut marks = Vec::new();
    for logged in game.log() {
        match &logged.event {
            Event::RoundStarted { round: r } => round = *r as usize,
            Event::Surrendered { seat, why, .. } => marks.push(Mark {
                series: *seat as usize - 1,
                at: round.min(last),
                how: if *why == Surrender::Conceded {
                    GaveIn::Conceded
                } else {
                    GaveIn::Surrendered
                },
            }),
            _ => {}
        }
    }
    marks
}

/// A moderated debate: each participant's round score (the mean of the two passes, of 30)
/// per round, round 1 first.
pub fn rounds(names: &[String], per_round: &[Vec<f64>]) -> Result<Vec<u8>, ChartError> {
    rounds_drawn(names, per_round).map(|(png, _)| png)
}

fn rounds_drawn(names: &[String], per_round: &[Vec<f64>]) -> Result<Drawn, ChartError> {
    let series = by_name(names, per_round);
    let mut pixels = Vec::new();
    let png = png_of(|root| {
        let plots = with_legend(root, &legend_entries(names, &[]))?;
        pixels = panel(
            &plots,
            "Round scores (of 30)",
            0.0..31.0,
            Steps::new(1, per_round.len(), "round"),
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
    use crate::charts::testing::{at, dump, is_png, pixels};
    use crate::charts::{colour, legend_entries};

    #[test]
    fn charts_render_to_png_with_the_embedded_font() {
        let names = vec!["ann".to_string(), "ben".to_string(), "cat".to_string()];
        let trail = vec![
            vec![(0.8, 0.7), (-0.6, 0.6), (0.1, 0.5)],
            vec![(0.75, 0.6), (-0.65, 0.66), (0.05, 0.42)],
        ];
        let png = social(&names, &trail, &[]).unwrap();
        assert!(is_png(&png) && png.len() > 5_000, "{} bytes", png.len());
        let png = rounds(&names[..2], &[vec![21.0, 18.5], vec![24.0, 17.0]]).unwrap();
        assert!(is_png(&png));
        // Text was drawn: the picture differs from one without labels (dark pixels exist).
        let buf = pixels(&png);
        assert!(buf.chunks(3).filter(|p| p.iter().all(|&c| c < 60)).count() > 500);
    }

    /// A moderated debate's points are drawn uncovered by the legend: each is exactly its
    /// participant's colour.
    #[test]
    fn the_legend_covers_no_round_score() {
        let names: Vec<String> = (1..=2)
            .map(|k| format!("Juror {k} · a long name here"))
            .collect();
        let (png, points) = rounds_drawn(&names, &[vec![30.0, 29.0], vec![30.0, 28.0]]).unwrap();
        dump("rounds-2.png", &png);
        let buf = pixels(&png);
        for (j, series) in points.iter().enumerate() {
            for &p in series {
                assert_eq!(at(&buf, p), colour(j));
            }
        }
    }

    #[test]
    fn charts_of_one_two_and_five_rounds_draw() {
        let names: Vec<String> = ["ann", "P2 (diplomatic AI)", "P3 (data-driven AI)", "dan"]
            .map(String::from)
            .to_vec();
        for n in [1usize, 2, 5] {
            let per_round: Vec<Vec<f64>> = (0..n)
                .map(|r| {
                    (0..4)
                        .map(|k| 12.0 + ((r * 7 + k * 5) % 17) as f64)
                        .collect()
                })
                .collect();
            let png = rounds(&names, &per_round).unwrap();
            assert!(is_png(&png));
            dump(&format!("rounds-{n}.png"), &png);
            let trail: Vec<Vec<(f64, f64)>> = (0..=n)
                .map(|r| {
                    (0..4)
                        .map(|k| {
                            let s = (0.9 - 0.15 * r as f64) * if k % 2 == 0 { 1.0 } else { -1.0 };
                            (s, 0.8 - 0.1 * r as f64)
                        })
                        .collect()
                })
                .collect();
            let marks = [
                Mark {
                    series: 1,
                    at: n,
                    how: GaveIn::Surrendered,
                },
                Mark {
                    series: 3,
                    at: n.min(1),
                    how: GaveIn::Conceded,
                },
            ];
            let png = social(&names, &trail, &marks).unwrap();
            assert!(is_png(&png));
            dump(&format!("social-{n}.png"), &png);
        }
    }

    #[test]
    fn surrenders_and_concessions_are_marked_at_their_round() {
        use crate::games::debate::social::{Action, Rating, Ratings, SocialRules, Start};
        use crate::games::debate::SocialDebate;
        let starts = [0.8, -0.6, 0.1].map(|s| Start {
            stance: s,
            conviction: 0.5,
        });
        let rules = SocialRules {
            rounds: 3,
            length_scale: 1.0,
        };
        let mut g = SocialDebate::new("m", &starts, &rules);
        let calm = Rating {
            persuasion: 0.0,
            attack: 0.0,
            evidence: 0.0,
        };
        // The evaluator rates the listeners after each speech; `moved` is persuaded.
        let speak = |g: &mut SocialDebate, seat: u8, moved: Option<u8>| {
            g.act(seat, Action::Speak { text: "a".into() }).unwrap();
            let others = (1..=3)
                .filter(|&s| s != seat)
                .map(|s| {
                    let persuasion = if Some(s) == moved { 0.7 } else { 0.0 };
                    (s, Rating { persuasion, ..calm })
                })
                .collect();
            g.act(
                4,
                Action::Rate(Ratings {
                    ratings: others,
                    offline: false,
                }),
            )
            .unwrap();
        };
        for seat in 1..=3 {
            speak(&mut g, seat, None);
        }
        // Round 2: ann moves ben, then ben and cat give in; the trail's last point is
        // the end of round 2.
        speak(&mut g, 1, Some(2));
        g.act(2, Action::Concede).unwrap();
        g.act(3, Action::Concede).unwrap();
        assert!(g.is_over());
        let marks = social_marks(&g);
        let got: Vec<(usize, usize, GaveIn)> =
            marks.iter().map(|m| (m.series, m.at, m.how)).collect();
        assert_eq!(
            got,
            vec![(1, 2, GaveIn::Conceded), (2, 2, GaveIn::Conceded)],
            "both gave in during round 2"
        );
        let names: Vec<String> = ["ann", "ben", "cat"].map(String::from).to_vec();
        let entries = legend_entries(&names, &marks);
        assert_eq!(
            entries.last().unwrap(),
            &("conceded".to_string(), Some(GaveIn::Conceded))
        );
        assert_eq!(entries.len(), 4, "one entry a mark that is drawn");
        let png = social(&names, g.trail(), &marks).unwrap();
        dump("social-conceded.png", &png);
    }
}
