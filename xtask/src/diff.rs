//! A small line diff (Myers' O(ND) algorithm) with unified-style output.

/// What an edit does with one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The line is in both texts.
    Same,
    /// The line is only in the old text.
    Removed,
    /// The line is only in the new text.
    Added,
}

/// One step of an edit script: `old` and `new` are the positions (0-based)
/// in the two texts before the step. `Same` consumes a line of each text,
/// `Removed` one of the old text, `Added` one of the new text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edit {
    pub kind: Kind,
    pub old: usize,
    pub new: usize,
}

/// Past this many differences the diff gives up on minimality and reports
/// the differing middle as removed then added (bounds time and memory).
const MAX_EDIT_DISTANCE: usize = 4000;

/// A shortest edit script turning `old` into `new`.
pub fn diff<T: PartialEq>(old: &[T], new: &[T]) -> Vec<Edit> {
    // Common prefix and suffix are cheap to strip and keep the search small.
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let a = &old[prefix..old.len() - suffix];
    let b = &new[prefix..new.len() - suffix];

    let mut edits: Vec<Edit> = (0..prefix)
        .map(|i| Edit {
            kind: Kind::Same,
            old: i,
            new: i,
        })
        .collect();
    let middle = myers(a, b).unwrap_or_else(|| replace_all(a.len(), b.len()));
    edits.extend(middle.into_iter().map(|e| Edit {
        kind: e.kind,
        old: e.old + prefix,
        new: e.new + prefix,
    }));
    edits.extend((0..suffix).map(|i| Edit {
        kind: Kind::Same,
        old: old.len() - suffix + i,
        new: new.len() - suffix + i,
    }));
    edits
}

fn replace_all(n: usize, m: usize) -> Vec<Edit> {
    let removed = (0..n).map(|i| Edit {
        kind: Kind::Removed,
        old: i,
        new: 0,
    });
    let added = (0..m).map(|j| Edit {
        kind: Kind::Added,
        old: n,
        new: j,
    });
    removed.chain(added).collect()
}

/// Myers' greedy algorithm. `frontiers[d]` holds, for each diagonal
/// `k = x - y` in `-d..=d` (index `k + d`), the furthest `x` reached with `d`
/// edits. Returns `None` past `MAX_EDIT_DISTANCE` edits.
fn myers<T: PartialEq>(a: &[T], b: &[T]) -> Option<Vec<Edit>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max_d = (a.len() + b.len()).min(MAX_EDIT_DISTANCE) as isize;
    let mut frontiers: Vec<Vec<isize>> = Vec::new();
    let mut end = None;
    'search: for d in 0..=max_d {
        let mut frontier = vec![0isize; (2 * d + 1) as usize];
        for k in (-d..=d).step_by(2) {
            let mut x = if d == 0 {
                0
            } else {
                let prev = &frontiers[(d - 1) as usize];
                let at = |k: isize| prev[(k + d - 1) as usize];
                if k == -d || (k != d && at(k - 1) < at(k + 1)) {
                    at(k + 1)
                } else {
                    at(k - 1) + 1
                }
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            frontier[(k + d) as usize] = x;
            if x >= n && y >= m {
                frontiers.push(frontier);
                end = Some(d);
                break 'search;
            }
        }
        frontiers.push(frontier);
    }
    let end = end?;

    // Walk back from (n, m), one edit per frontier.
    let mut edits = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (1..=end).rev() {
        let prev = &frontiers[(d - 1) as usize];
        let at = |k: isize| prev[(k + d - 1) as usize];
        let k = x - y;
        let down = k == -d || (k != d && at(k - 1) < at(k + 1));
        let prev_k = if down { k + 1 } else { k - 1 };
        let prev_x = at(prev_k);
        let prev_y = prev_x - prev_k;
        let (mid_x, mid_y) = if down {
            (prev_x, prev_y + 1)
        } else {
            (prev_x + 1, prev_y)
        };
        while x > mid_x && y > mid_y {
            x -= 1;
            y -= 1;
            edits.push(Edit {
                kind: Kind::Same,
                old: x as usize,
                new: y as usize,
            });
        }
        edits.push(Edit {
            kind: if down { Kind::Added } else { Kind::Removed },
            old: prev_x as usize,
            new: prev_y as usize,
        });
        x = prev_x;
        y = prev_y;
    }
    while x > 0 && y > 0 {
        x -= 1;
        y -= 1;
        edits.push(Edit {
            kind: Kind::Same,
            old: x as usize,
            new: y as usize,
        });
    }
    edits.reverse();
    Some(edits)
}

/// A unified-style diff of two texts with `context` lines around each change,
/// hunks headed `@@ -l,n +l,n @@`. Empty when the texts have the same lines.
pub fn unified(old: &str, new: &str, context: usize) -> String {
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    let edits = diff(&old_lines, &new_lines);

    let changed: Vec<usize> = (0..edits.len())
        .filter(|&i| edits[i].kind != Kind::Same)
        .collect();
    let mut out = String::new();
    let mut i = 0;
    while i < changed.len() {
        // Extend the hunk while the next change is close enough to share context.
        let mut j = i;
        while j + 1 < changed.len() && changed[j + 1] - changed[j] <= 2 * context + 1 {
            j += 1;
        }
        let start = changed[i].saturating_sub(context);
        let stop = (changed[j] + context + 1).min(edits.len());
        let hunk = &edits[start..stop];

        let old_len = hunk.iter().filter(|e| e.kind != Kind::Added).count();
        let new_len = hunk.iter().filter(|e| e.kind != Kind::Removed).count();
        let old_start = hunk[0].old + usize::from(old_len > 0);
        let new_start = hunk[0].new + usize::from(new_len > 0);
        out.push_str(&format!(
            "@@ -{old_start},{old_len} +{new_start},{new_len} @@\n"
        ));
        for edit in hunk {
            let (sign, line) = match edit.kind {
                Kind::Same => (' ', old_lines[edit.old]),
                Kind::Removed => ('-', old_lines[edit.old]),
                Kind::Added => ('+', new_lines[edit.new]),
            };
            out.push(sign);
            out.push_str(line);
            out.push('\n');
        }
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies an edit script and checks it is consistent with both inputs.
    fn check_script<T: PartialEq + Clone + std::fmt::Debug>(old: &[T], new: &[T], edits: &[Edit]) {
        let (mut i, mut j) = (0, 0);
        let mut rebuilt_old = Vec::new();
        let mut rebuilt_new = Vec::new();
        for edit in edits {
            assert_eq!(edit.old, i, "old position of {edit:?}");
            match edit.kind {
                Kind::Same => {
                    assert_eq!(edit.new, j);
                    assert_eq!(old[i], new[j]);
                    rebuilt_old.push(old[i].clone());
                    rebuilt_new.push(new[j].clone());
                    i += 1;
                    j += 1;
                }
                Kind::Removed => {
                    rebuilt_old.push(old[i].clone());
                    i += 1;
                }
                Kind::Added => {
                    assert_eq!(edit.new, j);
                    rebuilt_new.push(new[j].clone());
                    j += 1;
                }
            }
        }
        assert_eq!(rebuilt_old, old);
        assert_eq!(rebuilt_new, new);
    }

    fn lcs_len<T: PartialEq>(a: &[T], b: &[T]) -> usize {
        let mut row = vec![0usize; b.len() + 1];
        for x in a {
            let mut diag = 0;
            for (j, y) in b.iter().enumerate() {
                let up = row[j + 1];
                row[j + 1] = if x == y {
                    diag + 1
                } else {
                    row[j + 1].max(row[j])
                };
                diag = up;
            }
        }
        row[b.len()]
    }

    #[test]
    fn scripts_are_valid_and_minimal() {
        // A small deterministic generator (LCG) over a 3-letter alphabet.
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        for _ in 0..500 {
            let old: Vec<usize> = (0..next() % 12).map(|_| next() % 3).collect();
            let new: Vec<usize> = (0..next() % 12).map(|_| next() % 3).collect();
            let edits = diff(&old, &new);
            check_script(&old, &new, &edits);
            let same = edits.iter().filter(|e| e.kind == Kind::Same).count();
            assert_eq!(same, lcs_len(&old, &new), "{old:?} -> {new:?}");
        }
    }

    #[test]
    fn fallback_is_valid() {
        let old = [1, 2, 3];
        let new = [4, 5];
        check_script(&old, &new, &replace_all(3, 2));
    }

    #[test]
    fn equal_texts_give_no_diff() {
        assert_eq!(unified("a\nb\n", "a\nb\n", 3), "");
        assert_eq!(unified("", "", 3), "");
    }

    #[test]
    fn one_hunk_with_context() {
        let old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
        let new = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
        assert_eq!(
            unified(old, new, 2),
            "@@ -3,5 +3,5 @@\n 3\n 4\n-5\n+five\n 6\n 7\n"
        );
    }

    #[test]
    fn distant_changes_make_two_hunks() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let new = "A\nb\nc\nd\ne\nf\ng\nH\n";
        assert_eq!(
            unified(old, new, 1),
            "@@ -1,2 +1,2 @@\n-a\n+A\n b\n@@ -7,2 +7,2 @@\n g\n-h\n+H\n"
        );
    }

    #[test]
    fn close_changes_share_a_hunk() {
        let old = "a\nb\nc\nd\n";
        let new = "A\nb\nc\nD\n";
        assert_eq!(
            unified(old, new, 1),
            "@@ -1,4 +1,4 @@\n-a\n+A\n b\n c\n-d\n+D\n"
        );
    }

    #[test]
    fn new_file_is_all_added() {
        assert_eq!(unified("", "x\ny\n", 3), "@@ -0,0 +1,2 @@\n+x\n+y\n");
        assert_eq!(unified("x\n", "", 3), "@@ -1,1 +0,0 @@\n-x\n");
    }
}
