; address sinking: an address computed in another block is rebuilt where it is used.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=pic %s -o - | FileCheck %s
; RUN: rcc-par -O0 -stop-after=finalize-isel -relocation-model=pic %s -o - | FileCheck %s --check-prefix=O0
; (sqlite3_status64) %q is only an address: the store in %t rebuilds it
; from the exported index (one memory operand, no `lea` kept across the
; branch), and %q itself needs no register.
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: {{^}}bb.0 
; CHECK-NOT: LEA64r {{.*}}, 80,
; CHECK: {{^}}bb.1 
; CHECK: [[S:%[0-9]+]]:gr64 = LEA64r $rip, 1, $noreg, @stat, $noreg
; CHECK: MOV64mr [[S]], 8, %{{[0-9]+}}, 80, $noreg,
; (LLVM's isProfitableToFoldIntoAddressingMode) %p is also a call
; argument and neither %s nor %i is used in %t: rebuilding %p there would
; keep both alive instead of %p, so %t reads %p.
; CHECK-LABEL: {{^}}name: h{{$}}
; CHECK: {{^}}bb.1 
; CHECK: MOV64rm %0, 1, $noreg, 0,
; Here %s is used in %t anyway: the address is rebuilt.
; CHECK-LABEL: {{^}}name: k{{$}}
; CHECK: {{^}}bb.1 
; CHECK: MOV64rm %{{[0-9]+}}, 1, $noreg, 16,
; No sinking at -O0 (the direct selector folds the constant GEP into
; the symbol).
; O0-LABEL: {{^}}name: f{{$}}
; O0: LEA64r $rip, 1, $noreg, @stat + 80, $noreg
; O0-NEXT: LEA64r %{{[0-9]+}}, 8, %{{[0-9]+}}, 0,
; O0: {{^}}bb.1 
; O0: MOV64mr %{{[0-9]+}}, 1, $noreg, 0,

@stat = dso_local global [20 x i64] zeroinitializer

define void @f(i32 %i, ptr %o1, ptr %o2, i1 %c) {
  %x = zext i32 %i to i64
  %p = getelementptr inbounds [10 x i64], ptr @stat, i64 0, i64 %x
  %a = load i64, ptr %p
  store i64 %a, ptr %o1
  %q = getelementptr inbounds [10 x i64], ptr getelementptr inbounds (i8, ptr @stat, i64 80), i64 0, i64 %x
  %b = load i64, ptr %q
  store i64 %b, ptr %o2
  br i1 %c, label %t, label %e
t:
  store i64 %a, ptr %q
  br label %e
e:
  ret void
}

define i64 @h(ptr %s, i64 %i, i1 %c) {
  %p = getelementptr inbounds i64, ptr %s, i64 %i
  call void @use(ptr %p)
  br i1 %c, label %t, label %e
t:
  %v = load i64, ptr %p
  ret i64 %v
e:
  ret i64 0
}

define i64 @k(ptr %s, i1 %c) {
  %p = getelementptr inbounds i64, ptr %s, i64 2
  call void @use(ptr %p)
  br i1 %c, label %t, label %e
t:
  %v = load i64, ptr %p
  %w = load i64, ptr %s
  %r = add i64 %v, %w
  ret i64 %r
e:
  ret i64 0
}

declare void @use(ptr)
