target datalayout = "e-p:32:32"
define i32 @f(i32 %a) {
  ret i32 %a
}
