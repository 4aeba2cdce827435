; expect: 3:12: invalid token '~'
define void @f() {
  ret void ~
}
