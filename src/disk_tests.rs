//! Tests of `disk.rs`, in a file of their own to keep that one short.

use super::*;

#[test]
fn links_are_followed_to_a_target_that_may_not_exist_yet() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real");
    fs::create_dir(&real).unwrap();
    let link = dir.path().join("config.toml");
    #[cfg(unix)]
    std::os::unix::fs::symlink("real/config.toml", &link).unwrap();
    #[cfg(unix)]
    assert_eq!(follow_links(&link), dir.path().join("real/config.toml"));
    let plain = dir.path().join("plain.toml");
    assert_eq!(follow_links(&plain), plain);
}

#[test]
fn reading_tells_missing_text_and_bytes_apart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    assert_eq!(read(&path).unwrap(), Contents::Missing);
    fs::write(&path, "a = 1\n").unwrap();
    assert_eq!(read(&path).unwrap(), Contents::Text("a = 1\n".into()));
    fs::write(&path, b"a = 1\n# caf\xe9\n").unwrap();
    let place = Place { line: 2, column: 6 };
    assert_eq!(read(&path).unwrap(), Contents::NotText(place));
    let error = read(dir.path()).unwrap_err();
    assert!(NotAFile::is(&error), "{error}");
    assert!(error.to_string().contains("is a folder"), "{error}");
}

#[test]
fn places_count_lines_and_characters_from_one() {
    let text = "a = 1\nb = \"é\" x\n";
    assert_eq!(Place::of(text, 0), Place { line: 1, column: 1 });
    let at = text.find('x').unwrap();
    assert_eq!(Place::of(text, at), Place { line: 2, column: 9 });
    assert_eq!(Place::of(text, 1000).to_string(), "line 3, column 1");
}

#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused_at_once_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    let c_path = std::ffi::CString::new(pipe.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    let error = read(&pipe).unwrap_err();
    assert!(error.to_string().contains("named pipe"), "{error}");
    let error = write_atomically(&pipe, "x", Durability::Cached).unwrap_err();
    assert!(NotAFile::is(&error));
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::metadata(&pipe).unwrap().file_type().is_fifo());
}

#[cfg(unix)]
#[test]
fn a_save_keeps_the_mode_and_replaces_the_target_of_a_link() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.toml");
    fs::write(&target, "old").unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    write_atomically(&link, "new", Durability::Synced).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    let mode = fs::metadata(&target).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn a_held_lock_makes_a_second_taker_give_up_after_its_patience() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let held = FileLock::acquire(&path, LOCK_PATIENCE).unwrap();
    let error = FileLock::acquire(&path, Duration::from_millis(20)).expect_err("the lock is held");
    assert_eq!(error.kind(), io::ErrorKind::WouldBlock);
    drop(held);
    assert!(FileLock::acquire(&path, Duration::ZERO).is_ok());
}

#[cfg(unix)]
#[test]
fn temporary_files_of_dead_copies_are_removed_and_running_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    // A child that has exited and been waited for has a process id nobody holds.
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = sidecar(&path, &format!(".tmp-{dead}"));
    let mine = sidecar(&path, &format!(".tmp-{}", std::process::id()));
    let other = sidecar(&path, ".tmp-notapid");
    for file in [&stale, &mine, &other] {
        fs::write(file, "x").unwrap();
    }
    remove_stale_temps(&path);
    assert!(!stale.exists());
    assert!(mine.exists() && other.exists());
}
