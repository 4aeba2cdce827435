; expect: 4:12: use of undefined value '%nowhere'
define void @f() {
entry:
  br label %nowhere
}
