; expect: 2:1: function body is not terminated: missing '}'
define void @f() {
entry:
  ret void
