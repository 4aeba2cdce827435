//! A line diff for golden-file failures: it owns turning an expected and an
//! actual text into hunks of `-expected`/`+got` lines with three lines of
//! context, headed `@@ -LINE +LINE @@` (1-based lines of each side).
//!
//! Invariants: the edit script is a longest common subsequence of the lines
//! between the common prefix and suffix (so unrelated changes are separate
//! hunks); above 4M cell pairs it degrades to one hunk of the whole middle;
//! a difference only in the final newline is still reported.

/// One line of the edit script: kept, removed (expected only) or added.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Keep,
    Del,
    Add,
}

/// The edit script of `a` into `b`: (op, index into a or b).
fn script(a: &[&str], b: &[&str]) -> Vec<(Op, usize)> {
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suf = a[pre..]
        .iter()
        .rev()
        .zip(b[pre..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    let mut ops: Vec<(Op, usize)> = (0..pre).map(|i| (Op::Keep, i)).collect();
    let (n, m) = (am.len(), bm.len());
    if n.saturating_mul(m) > 4_000_000 {
        ops.extend((0..n).map(|i| (Op::Del, pre + i)));
        ops.extend((0..m).map(|j| (Op::Add, pre + j)));
    } else {
        // lcs[i][j]: the LCS length of am[i..] and bm[j..].
        let w = m + 1;
        let mut lcs = vec![0u32; (n + 1) * w];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i * w + j] = if am[i] == bm[j] {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && am[i] == bm[j] {
                ops.push((Op::Keep, pre + i));
                i += 1;
                j += 1;
            } else if j == m || (i < n && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
                ops.push((Op::Del, pre + i));
                i += 1;
            } else {
                ops.push((Op::Add, pre + j));
                j += 1;
            }
        }
    }
    ops.extend((0..suf).map(|k| (Op::Keep, a.len() - suf + k)));
    ops
}

/// The hunks of the differences between `want` and `got` (empty when the
/// texts are equal).
pub fn unified(want: &str, got: &str) -> String {
    let a: Vec<&str> = want.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    let ops = script(&a, &b);
    // Line numbers of each side before each op.
    let mut at = Vec::with_capacity(ops.len());
    let (mut la, mut lb) = (0, 0);
    for &(op, _) in &ops {
        at.push((la, lb));
        match op {
            Op::Keep => {
                la += 1;
                lb += 1;
            }
            Op::Del => la += 1,
            Op::Add => lb += 1,
        }
    }
    let changed: Vec<usize> = (0..ops.len()).filter(|&k| ops[k].0 != Op::Keep).collect();
    let mut out = String::new();
    let mut k = 0;
    while k < changed.len() {
        let start = changed[k].saturating_sub(3);
        let mut end = (changed[k] + 4).min(ops.len());
        while k + 1 < changed.len() && changed[k + 1] <= end + 3 {
            k += 1;
            end = (changed[k] + 4).min(ops.len());
        }
        k += 1;
        let (sa, sb) = at[start];
        out.push_str(&format!("@@ -{} +{} @@\n", sa + 1, sb + 1));
        for &(op, i) in &ops[start..end] {
            let (c, line) = match op {
                Op::Keep => (' ', a[i]),
                Op::Del => ('-', a[i]),
                Op::Add => ('+', b[i]),
            };
            out.push(c);
            out.push_str(line);
            out.push('\n');
        }
    }
    if want.ends_with('\n') != got.ends_with('\n') {
        out.push_str("(the final newline differs)\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::unified;

    #[test]
    fn equal_texts_have_no_hunks() {
        assert_eq!(unified("a\nb\n", "a\nb\n"), "");
    }

    #[test]
    fn distant_changes_are_separate_hunks_with_context() {
        let want: String = (0..30).map(|i| format!("l{i}\n")).collect();
        let got = want.replace("l2\n", "L2\n").replace("l25\n", "");
        let d = unified(&want, &got);
        assert_eq!(d.matches("@@").count(), 4, "{d}");
        assert!(d.contains("@@ -1 +1 @@\n l0\n l1\n-l2\n+L2\n l3\n"), "{d}");
        assert!(d.contains(" l24\n-l25\n l26\n"), "{d}");
        assert!(!d.contains("l12"), "{d}");
    }

    #[test]
    fn insertions_keep_the_common_lines() {
        let d = unified("a\nc\n", "a\nb\nc\n");
        assert_eq!(d, "@@ -1 +1 @@\n a\n+b\n c\n");
    }

    #[test]
    fn final_newline() {
        assert!(unified("a\n", "a").contains("final newline"));
    }
}
