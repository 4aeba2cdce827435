//! Which rows of the pass table run on each function, where the functions
//! come from, and what the run writes: the one place that turns the start,
//! stop and `-run-pass` options and the kind of input into a [`Plan`].
//!
//! ```text
//! IR input   (.ll)   parse, then finalize-isel .. asm-printer        code
//!                    ... up to -stop-after/-stop-before=Q             MIR
//!                    -run-pass=finalize-isel[,P...]                   MIR
//! MIR input  (.mir)  -start-after/-start-before=P .. asm-printer      code
//!                    ... up to -stop-after/-stop-before=Q             MIR
//!                    -run-pass=P[,Q...]                               MIR
//! ```
//!
//! Invariants: `passes` holds indices of machine rows of
//! [`PASSES`] (never `parse`); `asm-printer` is the last entry when it is
//! in the list, and then `writes_mir` is false; when `from_ir` is false
//! every function starts from its MIR section, and `finalize-isel` (which
//! builds a function from the IR, replacing what it held) is the only
//! pass that may run on a function with no section.

use crate::options::Options;
use crate::pipeline::{index, PASSES};

/// What the per-function pipeline runs and what it produces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Indices into [`PASSES`], in the order they run.
    pub passes: Vec<usize>,
    /// The run ends before `asm-printer` (a stop option or `-run-pass`):
    /// the output is MIR, the module and then every function.
    pub writes_mir: bool,
    /// Functions start empty and the first pass is `finalize-isel` (or no
    /// machine pass runs at all on IR): no function needs a MIR section.
    pub from_ir: bool,
}

impl Plan {
    /// The plan for `opts` on input that is MIR (`mir_input`) or IR.
    /// Errors name the options that do not fit together or the input.
    pub fn new(opts: &Options, mir_input: bool) -> Result<Plan, String> {
        if !opts.run_pass.is_empty() {
            return Plan::run_pass(opts, mir_input);
        }
        let last = PASSES.len();
        let start = match (&opts.start_after, &opts.start_before) {
            (Some(p), _) => Some((p.as_str(), pass_index(p)? + 1, "-start-after")),
            (None, Some(p)) => Some((p.as_str(), pass_index(p)?.max(1), "-start-before")),
            (None, None) => None,
        };
        let first = match start {
            Some((p, _, option)) if !mir_input => {
                return Err(format!(
                    "{option}={p}: starting inside the pipeline needs MIR input (a .mir file written by -stop-after/-stop-before)"
                ))
            }
            None if mir_input => {
                return Err(
                    "MIR input needs -start-after=<pass>, -start-before=<pass> or -run-pass=<pass>: say where the pipeline resumes"
                        .into(),
                )
            }
            Some((p, k, option)) if k >= last => {
                return Err(format!(
                    "{option}={p}: nothing runs after the assembly printer"
                ))
            }
            Some((_, k, _)) => k,
            None => 1,
        };
        let (end, stop) = match (&opts.stop_after, &opts.stop_before) {
            (Some(q), _) => (pass_index(q)? + 1, Some(("-stop-after", q.as_str()))),
            (None, Some(q)) => (pass_index(q)?, Some(("-stop-before", q.as_str()))),
            (None, None) => (last, None),
        };
        if end < first {
            let (sopt, q) = stop.unwrap_or(("-stop", ""));
            let (p, option) = start.map_or(("parse", "the input"), |(p, _, o)| (p, o));
            return Err(format!(
                "{sopt}={q} stops before {option}={p} starts: the range of passes is empty"
            ));
        }
        let level = opts.opt_level;
        let ra = opts.allocator();
        let named = [
            (&opts.start_after, "-start-after"),
            (&opts.start_before, "-start-before"),
            (&opts.stop_after, "-stop-after"),
            (&opts.stop_before, "-stop-before"),
        ];
        for (p, option) in named {
            if let Some(p) = p.as_deref() {
                if !PASSES[pass_index(p)?].runs(level, ra) {
                    return Err(format!(
                        "{option}={p}: the pass does not run at -O{level} with -regalloc={} (as llc: it cannot start or stop at a pass that is not run)",
                        ra.name()
                    ));
                }
            }
        }
        let passes: Vec<usize> = (first..end)
            .filter(|&k| PASSES[k].runs(level, ra))
            .collect();
        Ok(Plan {
            writes_mir: stop.is_some(),
            from_ir: first <= 1,
            passes,
        })
    }

    fn run_pass(opts: &Options, mir_input: bool) -> Result<Plan, String> {
        let passes = opts
            .run_pass
            .iter()
            .map(|p| pass_index(p))
            .collect::<Result<Vec<usize>, String>>()?;
        let from_ir = PASSES[passes[0]].name == "finalize-isel";
        if !mir_input && !from_ir {
            return Err(format!(
                "-run-pass={}: on IR input the first pass must be finalize-isel (the others need MIR input, a .mir file written by -stop-after/-stop-before)",
                opts.run_pass.join(",")
            ));
        }
        Ok(Plan {
            passes,
            writes_mir: true,
            from_ir,
        })
    }
}

fn pass_index(p: &str) -> Result<usize, String> {
    index(p).ok_or_else(|| format!("unknown pass name '{p}'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{parse_args, RegAlloc};

    fn plan(args: &str, mir: bool) -> Result<Plan, String> {
        let o = parse_args(args.split_whitespace().map(str::to_string))?;
        o.validate()?;
        Plan::new(&o, mir)
    }

    fn names(p: &Plan) -> Vec<&'static str> {
        p.passes.iter().map(|&k| PASSES[k].name).collect()
    }

    #[test]
    fn ir_input_runs_the_table() {
        let p = plan("-O0 x.ll", false).unwrap();
        let at_o0: Vec<usize> = (1..PASSES.len())
            .filter(|&k| PASSES[k].runs(0, RegAlloc::Fast))
            .collect();
        assert_eq!(p.passes, at_o0);
        assert!(!names(&p).contains(&"stack-slot-coloring"));
        let p = plan("-O2 x.ll", false).unwrap();
        let at_o2: Vec<usize> = (1..PASSES.len())
            .filter(|&k| PASSES[k].runs(2, RegAlloc::Greedy))
            .collect();
        assert_eq!(p.passes, at_o2);
        assert!(names(&p).contains(&"greedy") && !names(&p).contains(&"regallocfast"));
        let p = plan("-O2 -regalloc=fast x.ll", false).unwrap();
        assert!(names(&p).contains(&"regallocfast") && !names(&p).contains(&"greedy"));
        let p = plan("-O2 -regalloc=basic x.ll", false).unwrap();
        assert!(names(&p).contains(&"regallocbasic") && !names(&p).contains(&"regallocfast"));
        assert!(p.from_ir && !p.writes_mir);
        let p = plan("-O0 -stop-after=regallocfast x.ll", false).unwrap();
        assert_eq!(names(&p).last(), Some(&"regallocfast"));
        assert!(p.writes_mir);
        let p = plan("-stop-after=greedy x.ll", false).unwrap();
        assert_eq!(names(&p).last(), Some(&"greedy"));
        let p = plan("-O0 -stop-before=regallocfast x.ll", false).unwrap();
        assert_eq!(names(&p).last(), Some(&"twoaddressinstruction"));
        let p = plan("-stop-after=parse x.ll", false).unwrap();
        assert!(p.passes.is_empty() && p.writes_mir && p.from_ir);
        let p = plan("-stop-before=finalize-isel x.ll", false).unwrap();
        assert!(p.passes.is_empty() && p.writes_mir);
    }

    #[test]
    fn mir_input_resumes() {
        let p = plan("-O0 -start-after=regallocfast x.mir", true).unwrap();
        assert_eq!(names(&p)[0], "prologepilog");
        let p = plan("-O2 -regalloc=fast -start-after=regallocfast x.mir", true).unwrap();
        assert_eq!(names(&p)[0], "stack-slot-coloring");
        assert_eq!(names(&p).last(), Some(&"asm-printer"));
        assert!(!p.from_ir && !p.writes_mir);
        let p = plan("-O0 -start-before=regallocfast x.mir", true).unwrap();
        assert_eq!(names(&p)[0], "regallocfast");
        let p = plan("-start-before=greedy x.mir", true).unwrap();
        assert_eq!(names(&p)[0], "greedy");
        let p = plan("-start-after=parse x.mir", true).unwrap();
        assert!(p.from_ir && names(&p)[0] == "finalize-isel");
        let p = plan(
            "-O0 -start-after=phi-node-elimination -stop-after=regallocfast x.mir",
            true,
        )
        .unwrap();
        assert_eq!(names(&p), ["twoaddressinstruction", "regallocfast"]);
        assert!(p.writes_mir);
        // An empty range reads and writes the MIR back.
        let p = plan(
            "-O0 -start-after=regallocfast -stop-before=prologepilog x.mir",
            true,
        )
        .unwrap();
        assert!(p.passes.is_empty() && p.writes_mir && !p.from_ir);
    }

    #[test]
    fn run_pass_runs_exactly_the_list() {
        let p = plan("-run-pass=branch-folder,regallocfast x.mir", true).unwrap();
        assert_eq!(names(&p), ["branch-folder", "regallocfast"]);
        assert!(p.writes_mir && !p.from_ir);
        let p = plan("-run-pass=finalize-isel,phi-node-elimination x.ll", false).unwrap();
        assert!(p.from_ir);
        assert!(plan("-run-pass=regallocfast x.ll", false)
            .unwrap_err()
            .contains("first pass must be finalize-isel"));
    }

    #[test]
    fn mismatches_are_errors() {
        assert!(plan("-start-after=regallocfast x.ll", false)
            .unwrap_err()
            .contains("needs MIR input"));
        assert!(plan("x.mir", true).unwrap_err().contains("-start-after"));
        assert!(plan("-start-after=asm-printer x.mir", true)
            .unwrap_err()
            .contains("nothing runs after"));
        assert!(plan(
            "-start-after=prologepilog -stop-after=regallocfast x.mir",
            true
        )
        .unwrap_err()
        .contains("range of passes is empty"));
        // As llc: no start or stop at a pass the chosen pipeline skips.
        assert!(plan("-O2 -stop-after=regallocfast x.ll", false)
            .unwrap_err()
            .contains("does not run at -O2 with -regalloc=greedy"));
        assert!(plan("-O0 -start-before=greedy x.mir", true)
            .unwrap_err()
            .contains("does not run at -O0 with -regalloc=fast"));
        assert!(plan("-O0 -regalloc=greedy -start-before=greedy x.mir", true).is_ok());
    }
}
