; expect: 2:18: use of undefined type '%U'
%T = type { i32, %U }
