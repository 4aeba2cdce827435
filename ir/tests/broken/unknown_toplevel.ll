; expect: 3:1: expected top-level entity, found 'banana'
target triple = "x86_64-unknown-linux-gnu"
banana
