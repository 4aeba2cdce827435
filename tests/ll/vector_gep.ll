; Vector getelementptr (sqlite3 -O2 has them): a scalar or vector base, vector
; and constant-vector indices, struct fields; lanes extracted and printed.
%struct.S = type { i32, i64, [3 x i16] }
@tab = global [8 x %struct.S] zeroinitializer, align 16
@fmt = private constant [8 x i8] c"%ld %d\0A\00"
declare i32 @printf(ptr, ...)
define void @run(<2 x i64> %i, ptr %p) noinline {
  %a = getelementptr inbounds %struct.S, ptr %p, <2 x i64> %i
  %b = getelementptr inbounds %struct.S, <2 x ptr> %a, i64 1, i32 2, <2 x i32> <i32 1, i32 2>
  %c = getelementptr i8, ptr %p, <2 x i64> <i64 0, i64 56>
  %x = extractelement <2 x ptr> %b, i32 0
  %y = extractelement <2 x ptr> %b, i32 1
  %z = extractelement <2 x ptr> %c, i32 1
  %dx = ptrtoint ptr %x to i64
  %dy = ptrtoint ptr %y to i64
  %dz = ptrtoint ptr %z to i64
  %pp = ptrtoint ptr %p to i64
  %rx = sub i64 %dx, %pp
  %ry = sub i64 %dy, %pp
  %rz = sub i64 %dz, %pp
  %s = add i64 %rx, %ry
  %t = trunc i64 %rz to i32
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %s, i32 %t)
  store i16 7, ptr %y, align 2
  ret void
}
define i32 @main() {
  call void @run(<2 x i64> <i64 1, i64 3>, ptr @tab)
  call void @run(<2 x i64> <i64 -1, i64 2>, ptr getelementptr (i8, ptr @tab, i64 64))
  ret i32 0
}
