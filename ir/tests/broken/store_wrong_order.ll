; expect: 3:17: store operand must be a pointer
define void @f(ptr %p) {
  store ptr %p, i32 1
  ret void
}
