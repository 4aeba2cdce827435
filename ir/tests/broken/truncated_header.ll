; expect: 3:1: expected type, found end of input
declare void @g(i32, 
