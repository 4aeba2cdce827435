%é = type opaque
@😀 = external global i8
!� = !{}
