; Overflow intrinsics on i256 (add, sub, mul; signed and unsigned) over
; every pair of edge values: main prints one hash per operation.
@.fmt = private unnamed_addr constant [13 x i8] c"%s: %016llx\0A\00"
declare i32 @printf(ptr, ...)
define internal i64 @mix(i64 %h, i64 %v) {
  %a = xor i64 %h, %v
  %b = mul i64 %a, 1099511628211
  %c = lshr i64 %b, 29
  %d = xor i64 %b, %c
  ret i64 %d
}
@vals = internal constant [12 x i256] [i256 0, i256 1, i256 -1, i256 57896044618658097711785492504343953926634992332820282019728792003956564819967, i256 -57896044618658097711785492504343953926634992332820282019728792003956564819968, i256 340282366920938463463374607431768211456, i256 -340282366920938463463374607431768211455, i256 18446744073709551615, i256 240615969168004511545033772477625056927, i256 -3, i256 28948022309329048855892746252171976963317496166410141009864396001978282409984, i256 340282366920938463463374607431768211455], align 32
@.n_sadd = private unnamed_addr constant [5 x i8] c"sadd\00"
declare {i256, i1} @llvm.sadd.with.overflow.i256(i256, i256)
define internal i64 @one_sadd(i64 %h, ptr %pa, ptr %pb) noinline {
  %a = load volatile i256, ptr %pa
  %b = load volatile i256, ptr %pb
  %r = call {i256, i1} @llvm.sadd.with.overflow.i256(i256 %a, i256 %b)
  %v = extractvalue {i256, i1} %r, 0
  %o = extractvalue {i256, i1} %r, 1
  %o64 = zext i1 %o to i64
  %v0 = trunc i256 %v to i64
  %s1 = lshr i256 %v, 64
  %v1 = trunc i256 %s1 to i64
  %s3 = lshr i256 %v, 192
  %v3 = trunc i256 %s3 to i64
  %h1 = call i64 @mix(i64 %h, i64 %o64)
  %h2 = call i64 @mix(i64 %h1, i64 %v0)
  %h3 = call i64 @mix(i64 %h2, i64 %v1)
  %h4 = call i64 @mix(i64 %h3, i64 %v3)
  ret i64 %h4
}
define internal void @run_sadd() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %g1, %outer_next ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pa = getelementptr [12 x i256], ptr @vals, i64 0, i64 %i
  %pb = getelementptr [12 x i256], ptr @vals, i64 0, i64 %j
  %g1 = call i64 @one_sadd(i64 %g, ptr %pa, ptr %pb)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.n_sadd, i64 %g1)
  ret void
}
@.n_uadd = private unnamed_addr constant [5 x i8] c"uadd\00"
declare {i256, i1} @llvm.uadd.with.overflow.i256(i256, i256)
define internal i64 @one_uadd(i64 %h, ptr %pa, ptr %pb) noinline {
  %a = load volatile i256, ptr %pa
  %b = load volatile i256, ptr %pb
  %r = call {i256, i1} @llvm.uadd.with.overflow.i256(i256 %a, i256 %b)
  %v = extractvalue {i256, i1} %r, 0
  %o = extractvalue {i256, i1} %r, 1
  %o64 = zext i1 %o to i64
  %v0 = trunc i256 %v to i64
  %s1 = lshr i256 %v, 64
  %v1 = trunc i256 %s1 to i64
  %s3 = lshr i256 %v, 192
  %v3 = trunc i256 %s3 to i64
  %h1 = call i64 @mix(i64 %h, i64 %o64)
  %h2 = call i64 @mix(i64 %h1, i64 %v0)
  %h3 = call i64 @mix(i64 %h2, i64 %v1)
  %h4 = call i64 @mix(i64 %h3, i64 %v3)
  ret i64 %h4
}
define internal void @run_uadd() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %g1, %outer_next ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pa = getelementptr [12 x i256], ptr @vals, i64 0, i64 %i
  %pb = getelementptr [12 x i256], ptr @vals, i64 0, i64 %j
  %g1 = call i64 @one_uadd(i64 %g, ptr %pa, ptr %pb)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.n_uadd, i64 %g1)
  ret void
}
@.n_ssub = private unnamed_addr constant [5 x i8] c"ssub\00"
declare {i256, i1} @llvm.ssub.with.overflow.i256(i256, i256)
define internal i64 @one_ssub(i64 %h, ptr %pa, ptr %pb) noinline {
  %a = load volatile i256, ptr %pa
  %b = load volatile i256, ptr %pb
  %r = call {i256, i1} @llvm.ssub.with.overflow.i256(i256 %a, i256 %b)
  %v = extractvalue {i256, i1} %r, 0
  %o = extractvalue {i256, i1} %r, 1
  %o64 = zext i1 %o to i64
  %v0 = trunc i256 %v to i64
  %s1 = lshr i256 %v, 64
  %v1 = trunc i256 %s1 to i64
  %s3 = lshr i256 %v, 192
  %v3 = trunc i256 %s3 to i64
  %h1 = call i64 @mix(i64 %h, i64 %o64)
  %h2 = call i64 @mix(i64 %h1, i64 %v0)
  %h3 = call i64 @mix(i64 %h2, i64 %v1)
  %h4 = call i64 @mix(i64 %h3, i64 %v3)
  ret i64 %h4
}
define internal void @run_ssub() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %g1, %outer_next ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pa = getelementptr [12 x i256], ptr @vals, i64 0, i64 %i
  %pb = getelementptr [12 x i256], ptr @vals, i64 0, i64 %j
  %g1 = call i64 @one_ssub(i64 %g, ptr %pa, ptr %pb)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.n_ssub, i64 %g1)
  ret void
}
@.n_usub = private unnamed_addr constant [5 x i8] c"usub\00"
declare {i256, i1} @llvm.usub.with.overflow.i256(i256, i256)
define internal i64 @one_usub(i64 %h, ptr %pa, ptr %pb) noinline {
  %a = load volatile i256, ptr %pa
  %b = load volatile i256, ptr %pb
  %r = call {i256, i1} @llvm.usub.with.overflow.i256(i256 %a, i256 %b)
  %v = extractvalue {i256, i1} %r, 0
  %o = extractvalue {i256, i1} %r, 1
  %o64 = zext i1 %o to i64
  %v0 = trunc i256 %v to i64
  %s1 = lshr i256 %v, 64
  %v1 = trunc i256 %s1 to i64
  %s3 = lshr i256 %v, 192
  %v3 = trunc i256 %s3 to i64
  %h1 = call i64 @mix(i64 %h, i64 %o64)
  %h2 = call i64 @mix(i64 %h1, i64 %v0)
  %h3 = call i64 @mix(i64 %h2, i64 %v1)
  %h4 = call i64 @mix(i64 %h3, i64 %v3)
  ret i64 %h4
}
define internal void @run_usub() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %g1, %outer_next ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pa = getelementptr [12 x i256], ptr @vals, i64 0, i64 %i
  %pb = getelementptr [12 x i256], ptr @vals, i64 0, i64 %j
  %g1 = call i64 @one_usub(i64 %g, ptr %pa, ptr %pb)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.n_usub, i64 %g1)
  ret void
}
@.n_smul = private unnamed_addr constant [5 x i8] c"smul\00"
declare {i256, i1} @llvm.smul.with.overflow.i256(i256, i256)
define internal i64 @one_smul(i64 %h, ptr %pa, ptr %pb) noinline {
  %a = load volatile i256, ptr %pa
  %b = load volatile i256, ptr %pb
  %r = call {i256, i1} @llvm.smul.with.overflow.i256(i256 %a, i256 %b)
  %v = extractvalue {i256, i1} %r, 0
  %o = extractvalue {i256, i1} %r, 1
  %o64 = zext i1 %o to i64
  %v0 = trunc i256 %v to i64
  %s1 = lshr i256 %v, 64
  %v1 = trunc i256 %s1 to i64
  %s3 = lshr i256 %v, 192
  %v3 = trunc i256 %s3 to i64
  %h1 = call i64 @mix(i64 %h, i64 %o64)
  %h2 = call i64 @mix(i64 %h1, i64 %v0)
  %h3 = call i64 @mix(i64 %h2, i64 %v1)
  %h4 = call i64 @mix(i64 %h3, i64 %v3)
  ret i64 %h4
}
define internal void @run_smul() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %g1, %outer_next ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pa = getelementptr [12 x i256], ptr @vals, i64 0, i64 %i
  %pb = getelementptr [12 x i256], ptr @vals, i64 0, i64 %j
  %g1 = call i64 @one_smul(i64 %g, ptr %pa, ptr %pb)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.n_smul, i64 %g1)
  ret void
}
@.n_umul = private unnamed_addr constant [5 x i8] c"umul\00"
declare {i256, i1} @llvm.umul.with.overflow.i256(i256, i256)
define internal i64 @one_umul(i64 %h, ptr %pa, ptr %pb) noinline {
  %a = load volatile i256, ptr %pa
  %b = load volatile i256, ptr %pb
  %r = call {i256, i1} @llvm.umul.with.overflow.i256(i256 %a, i256 %b)
  %v = extractvalue {i256, i1} %r, 0
  %o = extractvalue {i256, i1} %r, 1
  %o64 = zext i1 %o to i64
  %v0 = trunc i256 %v to i64
  %s1 = lshr i256 %v, 64
  %v1 = trunc i256 %s1 to i64
  %s3 = lshr i256 %v, 192
  %v3 = trunc i256 %s3 to i64
  %h1 = call i64 @mix(i64 %h, i64 %o64)
  %h2 = call i64 @mix(i64 %h1, i64 %v0)
  %h3 = call i64 @mix(i64 %h2, i64 %v1)
  %h4 = call i64 @mix(i64 %h3, i64 %v3)
  ret i64 %h4
}
define internal void @run_umul() {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer_next ]
  %h = phi i64 [ 0, %entry ], [ %g1, %outer_next ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %g = phi i64 [ %h, %outer ], [ %g1, %inner ]
  %pa = getelementptr [12 x i256], ptr @vals, i64 0, i64 %i
  %pb = getelementptr [12 x i256], ptr @vals, i64 0, i64 %j
  %g1 = call i64 @one_umul(i64 %g, ptr %pa, ptr %pb)
  %j1 = add i64 %j, 1
  %jm = icmp ult i64 %j1, 12
  br i1 %jm, label %inner, label %outer_next
outer_next:
  %i1 = add i64 %i, 1
  %im = icmp ult i64 %i1, 12
  br i1 %im, label %outer, label %done
done:
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, ptr @.n_umul, i64 %g1)
  ret void
}
define i32 @main() {
  call void @run_sadd()
  call void @run_uadd()
  call void @run_ssub()
  call void @run_usub()
  call void @run_smul()
  call void @run_umul()
  ret i32 0
}
