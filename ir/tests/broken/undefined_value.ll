; expect: 4:20: use of undefined value '%missing'
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, %missing
  ret i32 %x
}
