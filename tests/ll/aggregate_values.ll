; First-class aggregates that C cannot spell: struct parameters passed as
; values (each part its own argument), struct returns in RAX:RDX and
; RAX:XMM0, insertvalue/extractvalue chains, aggregate phis and selects,
; loads and stores of nested structs with arrays, aggregate constants.
; main prints one line per case.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%pair = type { i64, i32 }
%nest = type { i16, [3 x i8], %pair, ptr }

@.i = private unnamed_addr constant [12 x i8] c"%s %ld %ld\0A\00"
@.d = private unnamed_addr constant [11 x i8] c"%s %ld %g\0A\00"
@n.params = private unnamed_addr constant [7 x i8] c"params\00"
@n.mixed = private unnamed_addr constant [6 x i8] c"mixed\00"
@n.phi = private unnamed_addr constant [4 x i8] c"phi\00"
@n.mem = private unnamed_addr constant [4 x i8] c"mem\00"
@n.const = private unnamed_addr constant [6 x i8] c"const\00"
@g = global %nest { i16 7, [3 x i8] c"abc", %pair { i64 -5, i32 9 }, ptr @g }

declare i32 @printf(ptr, ...)

define internal { i64, i64 } @params(i32 %k, %pair %a, { i8, i16 } %b, i64 %z) noinline {
  %x = extractvalue %pair %a, 0
  %y = extractvalue %pair %a, 1
  %c = extractvalue { i8, i16 } %b, 0
  %d = extractvalue { i8, i16 } %b, 1
  %y64 = sext i32 %y to i64
  %c64 = sext i8 %c to i64
  %d64 = zext i16 %d to i64
  %k64 = sext i32 %k to i64
  %s0 = mul i64 %x, %k64
  %s1 = add i64 %s0, %y64
  %s2 = mul i64 %c64, 1000
  %s3 = add i64 %s2, %d64
  %s4 = add i64 %s3, %z
  %r0 = insertvalue { i64, i64 } undef, i64 %s1, 0
  %r1 = insertvalue { i64, i64 } %r0, i64 %s4, 1
  ret { i64, i64 } %r1
}

define internal { i64, double } @mixed(i64 %a, double %b) noinline {
  %s = mul i64 %a, 3
  %d = fmul double %b, 2.5
  %r0 = insertvalue { i64, double } zeroinitializer, i64 %s, 0
  %r1 = insertvalue { i64, double } %r0, double %d, 1
  ret { i64, double } %r1
}

define internal %pair @choose(i1 %c, %pair %a, %pair %b) noinline {
entry:
  br i1 %c, label %t, label %f
t:
  %ta = insertvalue %pair %a, i32 100, 1
  br label %j
f:
  br label %j
j:
  %m = phi %pair [ %ta, %t ], [ %b, %f ]
  %s = select i1 %c, %pair %m, %pair %a
  ret %pair %s
}

define internal i64 @memory(ptr %p) noinline {
  %v = load %nest, ptr %p, align 8
  %a = extractvalue %nest %v, 0
  %b = extractvalue %nest %v, 1, 2
  %c = extractvalue %nest %v, 2, 0
  %w = insertvalue %nest %v, i64 77, 2, 0
  %q = getelementptr inbounds i8, ptr %p, i64 32
  store %nest %w, ptr %q, align 8
  %back = load %pair, ptr getelementptr inbounds (i8, ptr @g, i64 8), align 8
  %e = extractvalue %pair %back, 0
  %a64 = sext i16 %a to i64
  %b64 = zext i8 %b to i64
  %t0 = mul i64 %a64, 1000
  %t1 = add i64 %t0, %b64
  %t2 = add i64 %t1, %c
  %t3 = add i64 %t2, %e
  ret i64 %t3
}

define i32 @main() {
  %buf = alloca [64 x i8], align 16
  %r = call { i64, i64 } @params(i32 3, %pair { i64 11, i32 -4 }, { i8, i16 } { i8 -2, i16 65535 }, i64 5)
  %r0 = extractvalue { i64, i64 } %r, 0
  %r1 = extractvalue { i64, i64 } %r, 1
  call i32 (ptr, ...) @printf(ptr @.i, ptr @n.params, i64 %r0, i64 %r1)
  %m = call { i64, double } @mixed(i64 14, double 0.75)
  %m0 = extractvalue { i64, double } %m, 0
  %m1 = extractvalue { i64, double } %m, 1
  call i32 (ptr, ...) @printf(ptr @.d, ptr @n.mixed, i64 %m0, double %m1)
  %c1 = call %pair @choose(i1 true, %pair { i64 1, i32 2 }, %pair { i64 3, i32 4 })
  %c2 = call %pair @choose(i1 false, %pair { i64 5, i32 6 }, %pair { i64 7, i32 8 })
  %c1a = extractvalue %pair %c1, 1
  %c2a = extractvalue %pair %c2, 0
  %c1w = sext i32 %c1a to i64
  call i32 (ptr, ...) @printf(ptr @.i, ptr @n.phi, i64 %c1w, i64 %c2a)
  store %nest { i16 -3, [3 x i8] c"xyz", %pair { i64 40, i32 2 }, ptr null }, ptr %buf, align 16
  %mm = call i64 @memory(ptr %buf)
  %q = getelementptr inbounds i8, ptr %buf, i64 40
  %qv = load i64, ptr %q, align 8
  call i32 (ptr, ...) @printf(ptr @.i, ptr @n.mem, i64 %mm, i64 %qv)
  %gv = load %nest, ptr @g, align 8
  %gp = extractvalue %nest %gv, 3
  %same = icmp eq ptr %gp, @g
  %s64 = zext i1 %same to i64
  %gz = extractvalue %nest %gv, 1, 1
  %gz64 = zext i8 %gz to i64
  call i32 (ptr, ...) @printf(ptr @.i, ptr @n.const, i64 %s64, i64 %gz64)
  ret i32 0
}
