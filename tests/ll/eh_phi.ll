; Landing pads with phis (inputs copied before the invoke's call), an
; invoke whose result feeds a phi of its normal destination, a catch
; dispatch through llvm.eh.typeid.for, and resume of an uncaught type.
; difftest-ldflags: -lstdc++
@_ZTIi = external constant ptr
@_ZTId = external constant ptr
@.fmt = private unnamed_addr constant [17 x i8] c"f(%d) = %d (%d)\0A\00"
@.fmt2 = private unnamed_addr constant [16 x i8] c"main caught %g\0A\00"

declare ptr @__cxa_allocate_exception(i64)
declare void @__cxa_throw(ptr, ptr, ptr)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @__gxx_personality_v0(...)
declare i32 @printf(ptr, ...)
declare i32 @llvm.eh.typeid.for.p0(ptr)

define void @thrower(i32 %x) {
  %big = icmp sgt i32 %x, 35
  br i1 %big, label %td, label %chk
td:
  %e2 = call ptr @__cxa_allocate_exception(i64 8)
  %d = sitofp i32 %x to double
  store double %d, ptr %e2
  call void @__cxa_throw(ptr %e2, ptr @_ZTId, ptr null)
  unreachable
chk:
  %c = icmp sgt i32 %x, 2
  br i1 %c, label %t, label %n
t:
  %e = call ptr @__cxa_allocate_exception(i64 4)
  store i32 %x, ptr %e
  call void @__cxa_throw(ptr %e, ptr @_ZTIi, ptr null)
  unreachable
n:
  ret void
}

define i32 @g(i32 %x) {
  call void @thrower(i32 %x)
  %r = mul i32 %x, 3
  ret i32 %r
}

define i32 @f(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %a = mul i32 %x, 7
  %x10 = sub i32 %x, 5
  invoke void @thrower(i32 %x10) to label %ok1 unwind label %lp
ok1:
  %b = sub i32 %a, 12
  %gv = invoke i32 @g(i32 %b) to label %ok2 unwind label %lp
ok2:
  %s = phi i32 [ %gv, %ok1 ]
  %t = add i32 %s, %b
  ret i32 %t
lp:
  %p = phi i32 [ %a, %entry ], [ %b, %ok1 ]
  %q = phi i32 [ 1, %entry ], [ 2, %ok1 ]
  %l = landingpad { ptr, i32 } catch ptr @_ZTIi
  %exn = extractvalue { ptr, i32 } %l, 0
  %sel = extractvalue { ptr, i32 } %l, 1
  %tid = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTIi)
  %m = icmp eq i32 %sel, %tid
  br i1 %m, label %catch, label %res
catch:
  %obj = call ptr @__cxa_begin_catch(ptr %exn)
  %v = load i32, ptr %obj
  call void @__cxa_end_catch()
  %r1 = mul i32 %p, 100
  %r2 = add i32 %r1, %q
  %r3 = add i32 %r2, %v
  ret i32 %r3
res:
  resume { ptr, i32 } %l
}

define i32 @main() personality ptr @__gxx_personality_v0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ -2, %entry ], [ %next, %cont ]
  %r = invoke i32 @f(i32 %i) to label %print unwind label %lp
print:
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %i, i32 %r, i32 0)
  br label %cont
cont:
  %next = add i32 %i, 1
  %done = icmp sgt i32 %next, 8
  br i1 %done, label %exit, label %loop
lp:
  %l = landingpad { ptr, i32 } catch ptr @_ZTId
  %exn = extractvalue { ptr, i32 } %l, 0
  %obj = call ptr @__cxa_begin_catch(ptr %exn)
  %dv = load double, ptr %obj
  call i32 (ptr, ...) @printf(ptr @.fmt2, double %dv)
  call void @__cxa_end_catch()
  br label %cont
exit:
  ret i32 0
}
