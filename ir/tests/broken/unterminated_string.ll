; expect: 3:32: unterminated string
source_filename = "ok.c"
@s = private constant [4 x i8] c"abc\00
define void @f() {
  ret void
}
