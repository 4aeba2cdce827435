; load folding: a load also read through an address stays a register.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=NONE
; CHECK-LABEL: {{^}}name: f{{$}}
; (Lua's str_format) `%q` is stored and used as an address: the
; address takes the add apart and reads %p from a register, so
; the load of %p cannot vanish into the add.
; CHECK-DAG: %1:gr64 = MOV64rm %0, 1, $noreg, 0,
; CHECK-DAG: MOVSX32rm8 %1, 1, $noreg, 1,
; NONE-LABEL: {{^}}name: f{{$}}
; NONE-NOT: ADD64rm


define i32 @f(ptr %s) {
%p = load ptr, ptr %s
%q = getelementptr inbounds i8, ptr %p, i64 1
store ptr %q, ptr %s
%c = load i8, ptr %q
%w = sext i8 %c to i32
ret i32 %w
}
