; expect: 3:3: value expected to be numbered '%1', not '%5'
define i32 @f(i32 %a) {
  %5 = add i32 %a, 1
  %3 = add i32 %a, 2
  ret i32 %3
}
