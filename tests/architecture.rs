//! The layers of grid-arcade, top to bottom, and the two rules that keep them: a top-level module
//! imports only modules of the layers below its own, and no files of `src/` import each other in
//! a circle.
//!
//! Imports are read from the source: `use` trees and the `crate::`, `super::`, `self::` and
//! child-module paths in code, comments, strings and test modules left out. A file's use of its
//! own parent modules does not count (a child module sees its parent's items by nesting); its
//! use of its children does.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, top to bottom: the binary, then each module of the library by the layer it
/// belongs to. A new top-level module has to be placed here.
const LAYERS: &[(&str, &[&str])] = &[
    ("binary", &["main"]),
    ("command line", &["cli"]),
    ("app: the state machine", &["app"]),
    ("screens: input, layout, drawing", &["ui"]),
    ("sessions", &["play"]),
    ("daily challenge", &["daily"]),
    ("records and replays", &["records", "replay"]),
    ("store and codes", &["store", "code"]),
    ("history", &["history"]),
    ("games: the rules", &["games"]),
    ("plumbing", &["disk", "worker"]),
    (
        "ground",
        &["clock", "seeds", "terminal", "timestamp", "waker"],
    ),
];

/// A module's path from the crate root: `["ui", "records"]`; the binary is `["main"]`.
type ModulePath = Vec<String>;

struct SourceFile {
    path: PathBuf,
    module: ModulePath,
    /// The code without comments, strings, characters and test modules.
    code: String,
}

#[test]
fn no_module_imports_a_layer_above_its_own() {
    let tree = Tree::read(Path::new("src"));
    assert!(
        tree.edges().count() > 200,
        "the imports were not read: {} found",
        tree.edges().count()
    );
    let upward = tree.upward_imports();
    assert!(
        upward.is_empty(),
        "imports of a layer above or beside the importer's own (see LAYERS):\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let circles = Tree::read(Path::new("src")).circles();
    assert!(
        circles.is_empty(),
        "files that import each other in a circle:\n{}",
        circles
            .iter()
            .map(|c| c.join(", "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The rules catch what they are for, on a tree made to break them.
#[test]
fn a_circle_and_an_upward_import_are_found() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let write = |path: &str, text: &str| {
        let path = src.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod games;\npub mod ui;\n");
    // A game's rules reach up to the screens, in a string-free, comment-free import.
    write(
        "games/mod.rs",
        "mod a;\nmod b;\n// use crate::ui::Nothing;\npub fn f() { crate::ui::draw(); }\n",
    );
    write("games/a.rs", "use super::b::{B, c::C};\npub struct A;\n");
    write(
        "games/b.rs",
        "pub mod c;\nuse super::a::A;\npub struct B;\nconst S: &str = \"crate::ui\";\n",
    );
    write("games/b/c.rs", "use super::super::a::A;\npub struct C;\n");
    write(
        "ui/mod.rs",
        "use crate::games::a::A;\npub fn draw() {}\n#[cfg(test)]\nmod tests {\n    use crate::games::b;\n}\n",
    );
    let tree = Tree::read(src);
    assert_eq!(
        tree.upward_imports(),
        vec![
            "src/games/mod.rs imports ui (layer screens: input, layout, drawing)"
                .replace("src/", &format!("{}/", src.display()))
        ]
    );
    let circles = tree.circles();
    assert_eq!(circles.len(), 1, "{circles:?}");
    let files: BTreeSet<&str> = circles[0]
        .iter()
        .map(|f| f.rsplit('/').next().unwrap())
        .collect();
    assert_eq!(files, BTreeSet::from(["a.rs", "b.rs", "c.rs"]));
}

struct Tree {
    files: Vec<SourceFile>,
    /// Every module, by path, to the file that holds it.
    modules: BTreeMap<ModulePath, usize>,
}

impl Tree {
    fn read(src: &Path) -> Tree {
        let mut files = Vec::new();
        collect(src, src, &mut files);
        files.sort_by(|a, b| a.path.cmp(&b.path));
        // Files declared only under `#[cfg(test)]` are tests, not part of the program.
        let tests: BTreeSet<ModulePath> = files
            .iter()
            .flat_map(|file| {
                test_children(&file.code).into_iter().map(|child| {
                    let mut path = file.module.clone();
                    path.push(child);
                    path
                })
            })
            .collect();
        files.retain(|file| !tests.iter().any(|test| file.module.starts_with(test)));
        let modules = files
            .iter()
            .enumerate()
            .map(|(i, file)| (file.module.clone(), i))
            .collect();
        Tree { files, modules }
    }

    /// Each import from one file to another: (importer, imported), by index.
    fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.files.iter().enumerate().flat_map(move |(i, file)| {
            let targets: BTreeSet<usize> = paths(file)
                .into_iter()
                .filter_map(|path| self.resolve(&path))
                .filter(|&j| j != i && !file.module.starts_with(&self.files[j].module))
                .collect();
            targets.into_iter().map(move |j| (i, j))
        })
    }

    /// The file of the deepest module a path from the crate root names.
    fn resolve(&self, path: &[String]) -> Option<usize> {
        (1..=path.len())
            .rev()
            .find_map(|n| self.modules.get(&path[..n]).copied())
    }

    fn upward_imports(&self) -> Vec<String> {
        let layer = |module: &str| LAYERS.iter().position(|(_, ms)| ms.contains(&module));
        let mut found = BTreeSet::new();
        for (i, j) in self.edges() {
            let (from, to) = (&self.files[i], &self.files[j]);
            let (Some(top_from), Some(top_to)) = (from.module.first(), to.module.first()) else {
                continue;
            };
            if top_from == top_to {
                continue;
            }
            let line = match (layer(top_from), layer(top_to)) {
                (None, _) => format!("{top_from} is in no layer"),
                (_, None) => format!("{top_to} is in no layer"),
                (Some(a), Some(b)) if a >= b => format!(
                    "{} imports {top_to} (layer {})",
                    from.path.display(),
                    LAYERS[b].0
                ),
                _ => continue,
            };
            found.insert(line);
        }
        found.into_iter().collect()
    }

    /// The circles, each as its files in import order, found by Tarjan's strongly connected
    /// components: a component of more than one file is a circle.
    fn circles(&self) -> Vec<Vec<String>> {
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); self.files.len()];
        for (i, j) in self.edges() {
            next[i].push(j);
        }
        let mut search = Components {
            next: &next,
            index: vec![None; next.len()],
            low: vec![0; next.len()],
            stack: Vec::new(),
            on_stack: vec![false; next.len()],
            counter: 0,
            found: Vec::new(),
        };
        for v in 0..next.len() {
            if search.index[v].is_none() {
                search.visit(v);
            }
        }
        search
            .found
            .into_iter()
            .filter(|component| component.len() > 1)
            .map(|component| {
                let mut names: Vec<String> = component
                    .iter()
                    .map(|&i| self.files[i].path.display().to_string())
                    .collect();
                names.sort();
                names
            })
            .collect()
    }
}

struct Components<'a> {
    next: &'a [Vec<usize>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    stack: Vec<usize>,
    on_stack: Vec<bool>,
    counter: usize,
    found: Vec<Vec<usize>>,
}

impl Components<'_> {
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.counter);
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &self.next[v] {
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(index) if self.on_stack[w] => self.low[v] = self.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.found.push(component);
        }
    }
}

fn collect(src: &Path, dir: &Path, files: &mut Vec<SourceFile>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(src, &path, files);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).unwrap();
        let mut module: ModulePath = relative
            .iter()
            .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
            .collect();
        if module
            .last()
            .is_some_and(|last| last == "mod" || last == "lib")
        {
            module.pop();
        }
        let code = without_tests(&code_only(&fs::read_to_string(&path).unwrap()));
        files.push(SourceFile { path, module, code });
    }
}

/// The source without comments, string and character literals (their text could look like a
/// path); lifetimes stay.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        if rest.starts_with(&['/', '/']) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if rest.starts_with(&['/', '*']) {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i..].starts_with(&['/', '*']) {
                    depth += 1;
                    i += 2;
                } else if chars[i..].starts_with(&['*', '/']) {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if chars[i] == 'r' && matches!(rest.get(1), Some('"' | '#')) {
            // A raw string: r"..." or r#"..."#, ending at the quote and as many hashes.
            let hashes = rest[1..].iter().take_while(|&&c| c == '#').count();
            i += 1 + hashes + 1;
            while i < chars.len()
                && !(chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|&c| c == '#'))
            {
                i += 1;
            }
            i += 1 + hashes;
            out.push_str("\"\"");
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if chars[i] == '\'' {
            // A character ('a', '\n', '\u{1F600}') or a lifetime ('a).
            let end = if rest.get(1) == Some(&'\\') {
                rest.iter().skip(2).position(|&c| c == '\'').map(|p| p + 3)
            } else {
                (rest.get(2) == Some(&'\'')).then_some(3)
            };
            match end {
                Some(end) => {
                    i += end;
                    out.push_str("' '");
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The code before its inline test module (`#[cfg(test)] mod tests { ... }`), which ends a file.
fn without_tests(code: &str) -> String {
    let mut at = 0;
    while let Some(found) = code[at..].find("#[cfg(test)]") {
        let start = at + found;
        let after = code[start + "#[cfg(test)]".len()..].trim_start();
        if let Some(declared) = after.strip_prefix("mod ") {
            let name_end = declared
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(declared.len());
            if declared[name_end..].trim_start().starts_with('{') {
                return code[..start].to_string();
            }
        }
        at = start + 1;
    }
    code.to_string()
}

/// The child modules `code` declares only under `#[cfg(test)]`: `#[cfg(test)] mod tests;`.
fn test_children(code: &str) -> Vec<String> {
    code.match_indices("#[cfg(test)]")
        .filter_map(|(at, attribute)| {
            let declared = code[at + attribute.len()..]
                .trim_start()
                .strip_prefix("mod ")?;
            let (name, rest) = declared.split_once(|c: char| !(c.is_alphanumeric() || c == '_'))?;
            rest.trim_start().starts_with(';').then(|| name.to_string())
        })
        .collect()
}

/// The child modules `code` declares: `mod name;`, `pub mod name;`.
fn children(code: &str) -> BTreeSet<String> {
    words(code)
        .windows(3)
        .filter(|w| w[0] == "mod" && w[2] == ";")
        .map(|w| w[1].to_string())
        .collect()
}

/// Identifiers and single punctuation, with `::` kept whole.
fn words(code: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut i = 0;
    let bytes = code.as_bytes();
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            words.push(&code[start..i]);
        } else if code[i..].starts_with("::") {
            words.push("::");
            i += 2;
        } else if c.is_ascii_whitespace() || !c.is_ascii() {
            i += code[i..].chars().next().map_or(1, char::len_utf8);
        } else {
            words.push(&code[i..i + 1]);
            i += 1;
        }
    }
    words
}

/// Every path from the crate root that `file` names: its `use` trees in full, and the paths
/// in its code that start at the crate, a parent, itself or a child module.
fn paths(file: &SourceFile) -> Vec<ModulePath> {
    let words = words(&file.code);
    let children = children(&file.code);
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "use" {
            let end = words[i..]
                .iter()
                .position(|&w| w == ";")
                .map_or(words.len(), |p| i + p);
            let mut tree = Vec::new();
            expand(&words[i + 1..end], &mut Vec::new(), &mut tree);
            found.extend(tree.iter().filter_map(|p| absolute(file, &children, p)));
            i = end;
            continue;
        }
        let starts_path = matches!(words[i], "crate" | "super" | "self" | "grid_arcade")
            || children.contains(words[i]);
        let follows_path = i > 0 && words[i - 1] == "::";
        if starts_path && !follows_path && words.get(i + 1) == Some(&"::") {
            let mut path = vec![words[i]];
            let mut j = i + 1;
            while words.get(j) == Some(&"::") && words.get(j + 1).is_some_and(|w| is_name(w)) {
                path.push(words[j + 1]);
                j += 2;
            }
            found.extend(absolute(file, &children, &path));
            i = j;
            continue;
        }
        i += 1;
    }
    found
}

fn is_name(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

/// The flat paths of a use tree (`a::{b, c::{d, e}}`): each ends at a name, `*` or `self`.
fn expand<'a>(tree: &[&'a str], prefix: &mut Vec<&'a str>, out: &mut Vec<Vec<&'a str>>) {
    let mut depth = 0;
    let mut start = 0;
    // Split the tree at its top-level commas.
    let mut parts = Vec::new();
    for (k, &word) in tree.iter().enumerate() {
        match word {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&tree[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&tree[start..]);
    for part in parts {
        let len = prefix.len();
        let mut k = 0;
        while k < part.len() {
            match part[k] {
                "{" => {
                    expand(&part[k + 1..part.len() - 1], prefix, out);
                    k = part.len();
                }
                "as" => k = part.len(),
                "::" => k += 1,
                word if is_name(word) || word == "*" => {
                    prefix.push(word);
                    k += 1;
                }
                _ => k += 1,
            }
        }
        if prefix.len() > len {
            out.push(prefix.clone());
        }
        prefix.truncate(len);
    }
}

/// A path as `file` writes it, from the crate root; `None` for another crate's.
fn absolute(file: &SourceFile, children: &BTreeSet<String>, path: &[&str]) -> Option<ModulePath> {
    let (first, rest) = path.split_first()?;
    let mut base = match *first {
        "crate" | "grid_arcade" => Vec::new(),
        "self" => file.module.clone(),
        "super" => {
            let mut base = file.module.clone();
            base.pop();
            let mut rest = rest;
            while let Some(("super", more)) = rest.split_first().map(|(w, r)| (*w, r)) {
                base.pop();
                rest = more;
            }
            base.extend(rest.iter().map(|w| w.to_string()));
            return Some(base);
        }
        child if children.contains(child) => {
            let mut base = file.module.clone();
            base.push(child.to_string());
            base
        }
        _ => return None,
    };
    base.extend(rest.iter().map(|w| w.to_string()));
    Some(base)
}
