//! Subtarget features: the CPU and feature flags a function is compiled
//! for (`-mcpu`, `-mattr`, and the `"target-cpu"` / `"target-features"`
//! function attributes), resolved against a target's feature table into a
//! [`FeatureSet`] the target queries.
//!
//! The machinery is generic; each target supplies a [`FeatureTable`]: its
//! features (with the features each implies and whether rcc has code
//! behind it), its CPUs, and the baseline it always generates code for.
//!
//! Resolution follows LLVM's `MCSubtargetInfo`: start from the CPU's
//! features (a function's `"target-cpu"` replaces `-mcpu`), then apply the
//! `+name` / `-name` flags in order (`-mattr` first, then the function's
//! `"target-features"`, so the function wins). Enabling a feature enables
//! what it implies; disabling one disables every feature that implies it.
//!
//! Nothing is silently ignored. An unknown CPU or feature is a warning (as
//! in llc, which then ignores it). A feature rcc has no code for yet is a
//! warning that says so (the output stays correct: it uses only baseline
//! instructions). Disabling a baseline feature is an error, since rcc's
//! code would use it anyway.
//!
//! A feature that changes the ABI or the meaning of the code (soft float,
//! retpolines) is an error until rcc implements it.
//!
//! Invariants: a table has at most 128 features; a resolved set is closed
//! under implication.

use std::fmt;

/// A set of features of one target, by index into its table.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct FeatureSet(u128);

impl FeatureSet {
    /// Whether feature `i` is in the set.
    pub fn contains(self, i: usize) -> bool {
        i < 128 && self.0 >> i & 1 != 0
    }
    fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }
    fn remove(&mut self, i: usize) {
        self.0 &= !(1 << i);
    }
    /// The indices in the set, increasing.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..128).filter(move |&i| self.contains(i))
    }
}

impl fmt::Debug for FeatureSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FeatureSet({:#x})", self.0)
    }
}

/// One feature of a target.
#[derive(Copy, Clone, Debug)]
pub struct Feature {
    /// The name as `-mattr` and `"target-features"` spell it.
    pub name: &'static str,
    /// Features this one implies (enabling it enables them).
    pub implies: &'static [&'static str],
    /// What rcc does when the feature is enabled.
    pub support: Support,
}

/// What rcc does with an enabled feature.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Support {
    /// rcc's code uses the feature, or code generation does not depend
    /// on it (it only makes intrinsics available).
    Code,
    /// The feature would change the code llc writes (new instructions),
    /// and rcc has no code for it yet: a warning; the output stays
    /// correct, using baseline instructions only.
    Warn,
    /// The feature changes the ABI or the meaning of the code (soft
    /// float, retpolines): an error until rcc implements it.
    Error,
}

/// One CPU a target knows.
#[derive(Copy, Clone, Debug)]
pub struct Cpu {
    pub name: &'static str,
    /// The CPU's features (implied ones are added).
    pub features: &'static [&'static str],
}

/// A target's features and CPUs.
#[derive(Debug)]
pub struct FeatureTable {
    pub features: &'static [Feature],
    pub cpus: &'static [Cpu],
    /// The CPU when neither `-mcpu` nor the function names one.
    pub default_cpu: &'static str,
    /// Features rcc's code always uses: disabling one is an error.
    pub baseline: &'static [&'static str],
}

/// A diagnostic of feature resolution.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// An error stops compilation; a warning does not.
    pub error: bool,
    /// The finding is an unknown CPU or feature name (a warning in a
    /// function attribute, as in llc; a caller may treat it as an error
    /// for names it was given directly).
    pub unknown: bool,
    pub message: String,
}

/// The resolved subtarget of one function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Subtarget {
    pub cpu: &'static str,
    pub features: FeatureSet,
}

impl FeatureTable {
    /// The index of feature `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.features.iter().position(|f| f.name == name)
    }

    /// Whether `set` has feature `name` (false for an unknown name).
    pub fn has(&self, set: FeatureSet, name: &str) -> bool {
        self.index(name).is_some_and(|i| set.contains(i))
    }

    fn enable(&self, set: &mut FeatureSet, i: usize) {
        if set.contains(i) {
            return;
        }
        set.insert(i);
        for name in self.features[i].implies {
            if let Some(j) = self.index(name) {
                self.enable(set, j);
            }
        }
    }

    fn disable(&self, set: &mut FeatureSet, i: usize) {
        set.remove(i);
        let name = self.features[i].name;
        for (j, f) in self.features.iter().enumerate() {
            if set.contains(j) && f.implies.contains(&name) {
                self.disable(set, j);
            }
        }
    }

    /// Resolves `cpu` (else the default CPU) and the comma-separated
    /// `+f`/`-f` lists `flags` (applied in order) into a subtarget;
    /// diagnostics go to `found`.
    pub fn resolve(
        &self,
        cpu: Option<&str>,
        flags: &[&str],
        found: &mut Vec<Finding>,
    ) -> Subtarget {
        let mut set = FeatureSet::default();
        let cpu_name = cpu.unwrap_or(self.default_cpu);
        let known = match self.cpus.iter().find(|c| c.name == cpu_name) {
            Some(c) => c,
            None => {
                found.push(Finding {
                    error: false,
                    unknown: true,
                    message: format!(
                        "'{cpu_name}' is not a recognized processor for this target (ignored)"
                    ),
                });
                self.cpus
                    .iter()
                    .find(|c| c.name == self.default_cpu)
                    .expect("the default CPU is in the table")
            }
        };
        for f in known.features {
            if let Some(i) = self.index(f) {
                self.enable(&mut set, i);
            }
        }
        for item in flags.iter().flat_map(|l| l.split(',')).map(str::trim) {
            if item.is_empty() {
                continue;
            }
            let (on, name) = match item.as_bytes()[0] {
                b'+' => (true, &item[1..]),
                b'-' => (false, &item[1..]),
                _ => (true, item),
            };
            match self.index(name) {
                Some(i) if on => self.enable(&mut set, i),
                Some(i) => self.disable(&mut set, i),
                None => found.push(Finding {
                    error: false,
                    unknown: true,
                    message: format!(
                        "'{item}' is not a recognized feature for this target (ignored)"
                    ),
                }),
            }
        }
        for b in self.baseline {
            if let Some(i) = self.index(b) {
                if !set.contains(i) {
                    found.push(Finding {
                        error: true,
                        unknown: false,
                        message: format!(
                            "code generation without feature '{b}' is not supported (rcc's code always uses it)"
                        ),
                    });
                }
            }
        }
        for i in set.iter() {
            let f = &self.features[i];
            match f.support {
                Support::Code => {}
                Support::Warn => found.push(Finding {
                    error: false,
                    unknown: false,
                    message: format!(
                        "feature '{}' has no code generation in rcc yet; the code uses only baseline instructions",
                        f.name
                    ),
                }),
                Support::Error => found.push(Finding {
                    error: true,
                    unknown: false,
                    message: format!("feature '{}' is not supported by rcc", f.name),
                }),
            }
        }
        Subtarget {
            cpu: known.name,
            features: set,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static TABLE: FeatureTable = FeatureTable {
        features: &[
            Feature {
                name: "a",
                implies: &[],
                support: Support::Code,
            },
            Feature {
                name: "b",
                implies: &["a"],
                support: Support::Code,
            },
            Feature {
                name: "c",
                implies: &["b"],
                support: Support::Warn,
            },
        ],
        cpus: &[
            Cpu {
                name: "base",
                features: &["b"],
            },
            Cpu {
                name: "big",
                features: &["c"],
            },
        ],
        default_cpu: "base",
        baseline: &["a"],
    };

    fn names(s: Subtarget) -> Vec<&'static str> {
        s.features.iter().map(|i| TABLE.features[i].name).collect()
    }

    #[test]
    fn implication_and_order() {
        let mut found = Vec::new();
        let s = TABLE.resolve(None, &["+c"], &mut found);
        assert_eq!(names(s), ["a", "b", "c"]);
        assert_eq!(found.len(), 1);
        assert!(!found[0].error && found[0].message.contains("'c' has no code"));
        found.clear();
        // Disabling b disables c, which implies it; a stays.
        let s = TABLE.resolve(Some("big"), &["-b"], &mut found);
        assert_eq!(names(s), ["a"]);
        assert!(found.is_empty(), "{found:?}");
        // Later flags win.
        let s = TABLE.resolve(None, &["-b,+b"], &mut found);
        assert_eq!(names(s), ["a", "b"]);
    }

    #[test]
    fn unknown_names_and_baseline() {
        let mut found = Vec::new();
        let s = TABLE.resolve(Some("nope"), &["+zz"], &mut found);
        assert_eq!(s.cpu, "base");
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|f| !f.error));
        found.clear();
        TABLE.resolve(None, &["-a"], &mut found);
        assert!(found.iter().any(|f| f.error && f.message.contains("'a'")));
    }
}
