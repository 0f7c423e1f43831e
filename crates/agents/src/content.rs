//! The content directory (`AGORA_CONTENT_DIR`, else `content`): where every game's
//! players read the files that replace or add to their built-in copies (debate topics and
//! personalities, trial cases and jurors, prompts), and the two ways they read it.

use crate::config::ConfigError;
use std::path::{Path, PathBuf};

/// The content directory: `AGORA_CONTENT_DIR`, else `content` (relative to the working
/// directory).
pub fn content_dir() -> PathBuf {
    std::env::var_os("AGORA_CONTENT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("content"))
}

/// The `*.toml` files of `dir`, sorted (none when it does not exist).
pub(crate) fn toml_files(dir: &Path) -> Result<Vec<PathBuf>, ConfigError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| ConfigError::Read {
        file: dir.display().to_string(),
        message: e.to_string(),
    })?;
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    out.sort();
    Ok(out)
}

/// The text of one content file; an unreadable one is an error naming it.
pub(crate) fn read(path: &Path) -> Result<String, ConfigError> {
    std::fs::read_to_string(path).map_err(|e| ConfigError::Read {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_files_are_sorted_and_a_missing_directory_has_none() {
        let dir = std::env::temp_dir().join(format!("agora-content-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["b.toml", "a.toml", "notes.txt"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let names: Vec<String> = toml_files(&dir)
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.toml", "b.toml"]);
        let e = read(&dir.join("c.toml")).unwrap_err().to_string();
        assert!(e.contains("c.toml"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(toml_files(&dir).unwrap().is_empty());
    }
}
