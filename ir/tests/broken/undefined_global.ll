; expect: 3:11: use of undefined value '@nowhere'
define ptr @f() {
  ret ptr @nowhere
}
