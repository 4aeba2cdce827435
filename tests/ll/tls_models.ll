; Thread-local variables in every model an executable uses: dso_local
; definitions (local-exec), a preemptible definition (initial-exec), explicit
; initialexec/localexec models, an array indexed at run time, direct
; references without llvm.threadlocal.address (older IR), and a second
; thread that sees its own copies.
@.fmt = private unnamed_addr constant [25 x i8] c"%s: %ld %ld %ld %ld %ld\0A\00"
@.main = private unnamed_addr constant [5 x i8] c"main\00"
@.thr = private unnamed_addr constant [7 x i8] c"thread\00"
@le = internal thread_local global i64 10, align 8
@ie = thread_local global i64 20, align 8
@xie = dso_local thread_local(initialexec) global i64 30, align 8
@xle = dso_local thread_local(localexec) global i64 40, align 8
@arr = internal thread_local global [8 x i64] [i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8], align 16

declare i32 @printf(ptr, ...)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
declare ptr @llvm.threadlocal.address.p0(ptr)

define internal void @bump(i64 %by, i64 %k) noinline {
  %a = call ptr @llvm.threadlocal.address.p0(ptr @le)
  %v = load i64, ptr %a
  %w = add i64 %v, %by
  store i64 %w, ptr %a
  %b = call ptr @llvm.threadlocal.address.p0(ptr @ie)
  %x = load i64, ptr %b
  %y = mul i64 %x, %by
  store i64 %y, ptr %b
  %c = load i64, ptr @xie
  %d = sub i64 %c, %by
  store i64 %d, ptr @xie
  %e = call ptr @llvm.threadlocal.address.p0(ptr @xle)
  %f = load i64, ptr %e
  %g = xor i64 %f, %by
  store i64 %g, ptr %e
  %base = call ptr @llvm.threadlocal.address.p0(ptr @arr)
  %slot = getelementptr [8 x i64], ptr %base, i64 0, i64 %k
  %s = load i64, ptr %slot
  %t = add i64 %s, %w
  store i64 %t, ptr %slot
  ret void
}

define internal void @report(ptr %who) noinline {
  %a = load i64, ptr @le
  %b = load i64, ptr @ie
  %c = load i64, ptr @xie
  %d = load i64, ptr @xle
  %p = getelementptr [8 x i64], ptr @arr, i64 0, i64 5
  %e = load i64, ptr %p
  %r = call i32 (ptr, ...) @printf(ptr @.fmt, ptr %who, i64 %a, i64 %b, i64 %c, i64 %d, i64 %e)
  ret void
}

define internal ptr @thread(ptr %arg) {
  call void @bump(i64 3, i64 5)
  call void @bump(i64 4, i64 5)
  call void @report(ptr @.thr)
  ret ptr null
}

define i32 @main() {
  %tid = alloca i64, align 8
  call void @bump(i64 7, i64 5)
  %rc = call i32 @pthread_create(ptr %tid, ptr null, ptr @thread, ptr null)
  %t = load i64, ptr %tid
  %j = call i32 @pthread_join(i64 %t, ptr null)
  call void @bump(i64 2, i64 1)
  call void @report(ptr @.main)
  ret i32 0
}

; An executable (clang -fPIE): the PIE Level flag lets llc and rcc use the
; executable models.
!llvm.module.flags = !{!0, !1}
!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 7, !"PIE Level", i32 2}
