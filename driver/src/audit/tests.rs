use super::table::{lookup, Row, KEYWORDS, METADATA, MODULE_FLAGS, STRINGS};

/// No two rows of a table have the same name and condition (a second
/// one could never match).
#[test]
fn tables_have_no_duplicate_rows() {
    for (what, table) in [
        ("KEYWORDS", KEYWORDS),
        ("STRINGS", STRINGS),
        ("MODULE_FLAGS", MODULE_FLAGS),
        ("METADATA", METADATA),
    ] {
        let rows: &[Row] = table;
        for (i, a) in rows.iter().enumerate() {
            for b in &rows[i + 1..] {
                assert!(
                    !(a.name == b.name && a.when == b.when),
                    "{what}: duplicate row {:?}",
                    a.name
                );
            }
        }
    }
}

/// Every attribute of the LLVM 19 LangRef has a row (the list is
/// `langref19.txt`).
#[test]
fn tables_cover_langref_19() {
    let data = include_str!("langref19.txt");
    let mut missing = Vec::new();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (kind, name) = line.split_once(' ').expect("`kw NAME` or `str NAME`");
        let table = match kind {
            "kw" => KEYWORDS,
            "str" => STRINGS,
            _ => panic!("bad line {line:?}"),
        };
        // Any value: the name must have some row.
        if !table
            .iter()
            .any(|r| lookup(std::slice::from_ref(r), name, "").is_some() || r.name == name)
        {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "no audit row for {missing:?}");
}

/// The conditional rows come before the catch-all row of their name.
#[test]
fn conditional_rows_precede_catch_alls() {
    for table in [KEYWORDS, STRINGS, MODULE_FLAGS, METADATA] {
        let rows: &[Row] = table;
        for (i, a) in rows.iter().enumerate() {
            if a.when == super::table::When::Any {
                assert!(
                    !rows[i + 1..].iter().any(|b| b.name == a.name),
                    "{:?}: a row after its catch-all can never match",
                    a.name
                );
            }
        }
    }
}
