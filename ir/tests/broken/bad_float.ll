; expect: 3:13: floating-point constant invalid for type Float
define float @f() {
  ret float 0.1
}
