define void @f() {
  ret void é
}
