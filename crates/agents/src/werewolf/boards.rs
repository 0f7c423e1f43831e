//! The werewolf boards a table may be played on: the built-in ones
//! (`content/werewolf/boards/*.toml`, compiled in) and any file of the content directory's
//! `werewolf/boards/` (which adds a board or replaces a built-in one of its id). Every
//! file is checked at startup; a bad one is an error naming the file and the field.

use crate::config::{split_field, ConfigError};
use crate::content::{content_dir, read, toml_files};
use crate::games::werewolf::Board;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The id of the default board.
pub const DEFAULT: &str = "seed9";

macro_rules! built_in {
    ($($id:literal),*) => {
        [$(($id, include_str!(concat!("../../../../content/werewolf/boards/", $id, ".toml")))),*]
    };
}

const BUILT_IN: [(&str, &str); 6] = built_in!(
    "seed9",
    "six",
    "zh12-idiot",
    "zh12-guard",
    "zh12-wolfking",
    "zh12-whitewolf"
);

/// Reads one board file's text; `name` is the file's name for errors, `id` the id its file
/// name gives it.
pub fn parse(name: &str, id: &str, text: &str) -> Result<Board, ConfigError> {
    let invalid = |field: &str, message: String| ConfigError::Invalid {
        file: name.to_string(),
        field: field.to_string(),
        message,
    };
    let board: Board = toml::from_str(text).map_err(|e| {
        let message = e.message().to_string();
        // toml names a missing or unknown key in its message; the span's key, if any.
        let field = message
            .split('`')
            .nth(1)
            .filter(|_| message.contains("field"))
            .unwrap_or("(file)")
            .to_string();
        invalid(&field, message)
    })?;
    if board.id != id {
        return Err(invalid(
            "id",
            format!("is {:?}, but the file is named {id}.toml", board.id),
        ));
    }
    board.check().map_err(|m| split_field(name, m))?;
    Ok(board)
}

/// The built-in boards with those of `dir` (`<dir>/werewolf/boards/`) added or replacing
/// them, in id order.
pub fn load(dir: Option<&Path>) -> Result<Vec<Arc<Board>>, ConfigError> {
    let mut boards: Vec<Board> = BUILT_IN
        .iter()
        .map(|(id, text)| parse(&format!("content/werewolf/boards/{id}.toml"), id, text))
        .collect::<Result<_, _>>()?;
    if let Some(dir) = dir {
        for path in toml_files(&dir.join("werewolf").join("boards"))? {
            let id = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let board = parse(&path.display().to_string(), &id, &read(&path)?)?;
            boards.retain(|b| b.id != board.id);
            boards.push(board);
        }
    }
    boards.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(boards.into_iter().map(Arc::new).collect())
}

static INSTALLED: OnceLock<Vec<Arc<Board>>> = OnceLock::new();

/// Loads the boards of the content directory (`AGORA_CONTENT_DIR`, else `content`) and
/// makes them the ones every table may pick. Called once at startup.
pub fn install_from_env() -> Result<(), ConfigError> {
    let boards = load(Some(&content_dir()))?;
    let _ = INSTALLED.set(boards);
    Ok(())
}

/// Every board a table may pick (the built-in ones when none were installed).
pub fn all() -> &'static [Arc<Board>] {
    INSTALLED.get_or_init(|| load(None).expect("the built-in boards are checked by the tests"))
}

/// The board `id`, or an error listing the ones there are.
pub fn find(id: &str) -> Result<Arc<Board>, String> {
    if id == DEFAULT {
        return Ok(Board::seed9());
    }
    all().iter().find(|b| b.id == id).cloned().ok_or_else(|| {
        let ids: Vec<&str> = all().iter().map(|b| b.id.as_str()).collect();
        format!("no board {id:?}: the boards are {}", ids.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_boards_load_and_seed9_is_the_default() {
        let boards = load(None).unwrap();
        assert_eq!(boards.len(), 6);
        assert_eq!(*find("seed9").unwrap(), *Board::seed9());
        let seats: Vec<(&str, u8)> = boards.iter().map(|b| (b.id.as_str(), b.seats)).collect();
        assert!(seats.contains(&("six", 6)) && seats.contains(&("zh12-wolfking", 12)));
        assert!(boards.iter().all(|b| b.ranked));
        let e = find("thirteen").unwrap_err();
        assert!(e.contains("zh12-guard"), "{e}");
    }

    #[test]
    fn a_bad_board_file_names_the_file_and_the_field() {
        let text = BUILT_IN[1].1;
        let e = parse("b.toml", "six", &text.replace("seats = 6", "seats = 7")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "b.toml: deck: deals 6 roles for 7 seats",
            "the deck no longer fits"
        );
        let two_seers = text
            .replace("seer = 1", "seer = 2")
            .replace("villager = 2", "villager = 1");
        let e = parse("b.toml", "six", &two_seers).unwrap_err();
        assert!(e.to_string().starts_with("b.toml: deck.seer:"), "{e}");
        let e = parse(
            "b.toml",
            "six",
            &text
                .replace("reveal", "x")
                .replace("seats = 6", "seats = 6\nsherif = true"),
        )
        .unwrap_err();
        assert!(e.to_string().contains("sherif"), "{e}");
        let e = parse("b.toml", "seven", text).unwrap_err();
        assert!(e.to_string().starts_with("b.toml: id:"), "{e}");
    }

    #[test]
    fn a_content_directory_adds_a_board() {
        let dir = std::env::temp_dir().join(format!("agora-boards-{}", std::process::id()));
        let boards = dir.join("werewolf").join("boards");
        std::fs::create_dir_all(&boards).unwrap();
        let text = BUILT_IN[1].1.replace("id = \"six\"", "id = \"six-b\"");
        std::fs::write(boards.join("six-b.toml"), text).unwrap();
        let all = load(Some(&dir)).unwrap();
        assert!(all.iter().any(|b| b.id == "six-b"));
        std::fs::write(boards.join("bad.toml"), "id = \"bad\"").unwrap();
        let e = load(Some(&dir)).unwrap_err().to_string();
        assert!(e.contains("bad.toml"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
