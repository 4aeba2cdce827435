; expect: 5:1: block 'entry' does not end with a terminator instruction, found end of input
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
}
