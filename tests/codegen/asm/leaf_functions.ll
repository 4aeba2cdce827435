; The whole assembly of two leaf functions, kept as a golden file
; (leaf_functions.ll.expected; BLESS=1 rewrites it after a reviewed change).
; RUN: rcc-par -O2 -relocation-model=pic %s -o - | golden

define i32 @add(i32 %a, i32 %b) {
  %s = add i32 %a, %b
  ret i32 %s
}

define i64 @select_max(i64 %a, i64 %b) {
  %c = icmp sgt i64 %a, %b
  %m = select i1 %c, i64 %a, i64 %b
  ret i64 %m
}
