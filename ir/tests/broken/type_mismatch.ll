; expect: 4:16: '%a' is used with a type other than the one it was defined with
define i32 @f(i64 %a) {
entry:
  %x = add i32 %a, 1
  ret i32 %x
}
