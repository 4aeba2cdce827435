; expect: 4:3: value number 3 is out of sequence (expected at least 6)
define i32 @f(i32 %a) {
  %5 = add i32 %a, 1
  %3 = add i32 %a, 2
  ret i32 %3
}
