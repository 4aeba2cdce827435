define void @f() {
!{!{!{
}