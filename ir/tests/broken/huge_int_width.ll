; expect: 2:16: bitwidth for integer type out of range
define void @f(i99999999 %a) {
  ret void
}
