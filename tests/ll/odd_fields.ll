; Aggregates with odd-width integer fields (csmith bit-field containers at
; -O0): loads and stores touch only the field's bytes, values stay exact
; through insertvalue/extractvalue, phis and selects.
%S = type { i8, i24, i16, i40 }
@.fmt = private unnamed_addr constant [22 x i8] c"%d %d %d %lld | %llx\0A\00"
@g = global %S { i8 1, i24 -3, i16 7, i40 123456789012 }, align 8
@sentinel = global [32 x i8] c"ABCDEFGHIJKLMNOPQRSTUVWXYZ012345", align 16
declare i32 @printf(ptr, ...)

define internal void @show(ptr %p) noinline {
  %v = load %S, ptr %p
  %a = extractvalue %S %v, 0
  %b = extractvalue %S %v, 1
  %c = extractvalue %S %v, 2
  %d = extractvalue %S %v, 3
  %a32 = sext i8 %a to i32
  %b32 = sext i24 %b to i32
  %c32 = sext i16 %c to i32
  %d64 = sext i40 %d to i64
  %raw = load i64, ptr @sentinel
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %a32, i32 %b32, i32 %c32, i64 %d64, i64 %raw)
  ret void
}

define i32 @main() {
entry:
  call void @show(ptr @g)
  %v = load %S, ptr @g
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi %S [ %v, %entry ], [ %next, %loop ]
  %b = extractvalue %S %acc, 1
  %b2 = mul i24 %b, -5
  %t = insertvalue %S %acc, i24 %b2, 1
  %d = extractvalue %S %t, 3
  %d2 = sub i40 %d, 999999
  %u = insertvalue %S %t, i40 %d2, 3
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  %next = select i1 %c, %S %u, %S %t
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 7
  br i1 %more, label %loop, label %done
done:
  store %S %next, ptr @g
  store %S %next, ptr @sentinel
  call void @show(ptr @g)
  call void @show(ptr @sentinel)
  ret i32 0
}
