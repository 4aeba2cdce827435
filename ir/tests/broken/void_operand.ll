; expect: 3:17: integer constant must have integer type
define void @f() {
  %x = add void 1, 2
  ret void
}
