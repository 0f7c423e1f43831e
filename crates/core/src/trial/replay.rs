//! A stored trial session told as a story (trials write no record files): rebuilt from
//! its stored inputs and told by the case's view, god view or one seat's.

use crate::games::Seat;
use crate::trial::session::TrialSessionSetup;

/// Tells a stored trial session, rebuilt from its stored inputs.
pub async fn story_of_session(
    store: &crate::store::Store,
    row: &crate::store::SessionRow,
    seat: Option<Seat>,
    detail: bool,
) -> anyhow::Result<String> {
    let kit = crate::trial::kit::trial_content_kit()?;
    let setup: TrialSessionSetup = crate::session::setup_of(row)?;
    let view = crate::trial::kit::trial_view_of(&kit, &setup)?;
    let game = crate::session::rebuild::<TrialSessionSetup>(store, &row.id).await?;
    Ok(view.story(game.log(), seat, detail))
}
