; -O0 selects llvm.memcpy/memmove/memset as calls of the library functions (the length zero-extended to 64 bits, memset's byte to 32), and loads and stores through constant getelementptr expressions over a global (the offset folded into the symbol, or added to its GOT entry's address), without a DAG.
; RUN: rcc-par -O0 -stop-after=finalize-isel -relocation-model=static %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stop-after=finalize-isel -relocation-model=pic %s -o - | FileCheck %s --check-prefix=PIC
; RUN: rcc-par -O0 -stats -stop-after=finalize-isel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; CHECK-LABEL: {{^}}name: m{{$}}
; CHECK: CALL64pcrel32 &memcpy,
; CHECK: [[L:%[0-9]+]]:gr64 = SUBREG_TO_REG 0, %3, 3
; CHECK: $rdx = COPY [[L]]
; CHECK-NEXT: CALL64pcrel32 &memmove,
; CHECK: MOVZX32rr8 %4
; CHECK: CALL64pcrel32 &memset,
; CHECK-LABEL: {{^}}name: c{{$}}
; CHECK: MOV32rm $rip, 1, $noreg, @a + 20, $noreg
; CHECK: MOV16rm $rip, 1, $noreg, @s + 8, $noreg
; CHECK: MOV32mr $rip, 1, $noreg, @a + 28, $noreg, %0
; PIC-LABEL: {{^}}name: c{{$}}
; PIC: [[G:%[0-9]+]]:gr64 = MOV64rm $rip, 1, $noreg, @a [GotPcRel], $noreg
; PIC-NEXT: [[P:%[0-9]+]]:gr64 = LEA64r [[G]], 1, $noreg, 20, $noreg
; PIC-NEXT: MOV32rm [[P]], 1, $noreg, 0, $noreg
; STATS: 2 finalize-isel - fast-isel: blocks selected directly
; STATS-NOT: fallback

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

%S = type { i32, [4 x i16], ptr }
@a = global [8 x i32] zeroinitializer
@s = global %S zeroinitializer

define void @m(ptr %d, ptr %s, i64 %n, i32 %k, i8 %v) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i32(ptr %d, ptr %s, i32 %k, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 %v, i64 16, i1 false)
  ret void
}

define i32 @c(i32 %k) {
  %1 = load i32, ptr getelementptr inbounds ([8 x i32], ptr @a, i64 0, i64 5)
  %2 = load i16, ptr getelementptr inbounds (%S, ptr @s, i32 0, i32 1, i64 2)
  store i32 %k, ptr getelementptr inbounds ([8 x i32], ptr @a, i64 0, i64 7)
  %3 = sext i16 %2 to i32
  %4 = add i32 %1, %3
  ret i32 %4
}
