; expect: 2:1: function body is not terminated: missing '}'
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  ret i32
