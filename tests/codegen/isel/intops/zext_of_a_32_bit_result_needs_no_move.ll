; cheap code: zext of a 32 bit result needs no move.
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT1
; RUN: rcc-par -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s --check-prefix=COUNT2
; Only the truncation and the call result need the zeroing move.
; COUNT1-LABEL: {{^}}name: f{{$}}
; COUNT1: MOV32rr
; COUNT1: MOV32rr
; COUNT1-NOT: MOV32rr
; COUNT2-LABEL: {{^}}name: f{{$}}
; COUNT2: SUBREG_TO_REG
; COUNT2: SUBREG_TO_REG
; COUNT2: SUBREG_TO_REG
; COUNT2-NOT: SUBREG_TO_REG

declare i32 @g()
define i64 @f(i32 %a, i64 %x) {
%s = add i32 %a, 7
%z = zext i32 %s to i64
%t = trunc i64 %x to i32
%w = zext i32 %t to i64
%c = call i32 @g()
%y = zext i32 %c to i64
%r = add i64 %z, %w
%q = add i64 %r, %y
ret i64 %q
}
