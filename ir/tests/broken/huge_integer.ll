; expect: 3:10: integer constant does not fit in i8
define i8 @f() {
  ret i8 300
}
