; expect: 3:3: return value has type i64, but the function returns i32
define i32 @f() {
  ret i64 0
}
