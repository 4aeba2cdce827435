; addressing modes: the operands of an address add are tried in both orders.
; RUN: rcc-par -O2 -stop-after=finalize-isel -relocation-model=pic %s -o - | FileCheck %s
; `(IB + k*768) + j*4`: the left side alone fills base and index (the
; symbol's lea and k*768), so j*4 does not fit after it; folded first
; (LLVM's matchAdd retries with the operands swapped) it is the scaled
; index and `IB + k*768` the base register, shared by every lane's
; access with the lane's row offset as displacement (no SHL64ri and no
; add of j*4).
; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK: [[S:%[0-9]+]]:gr64 = LEA64r $rip, 1, $noreg, @IB, $noreg
; CHECK: [[B:%[0-9]+]]:gr64 = ADD64rr
; CHECK-NOT: SHL64ri
; CHECK: MOVDI2PDIrm [[B]], 4, [[J:%[0-9]+]], 0,
; CHECK: MOVDI2PDIrm [[B]], 4, [[J]], 768,
; CHECK: MOVDI2PDIrm [[B]], 4, [[J]], 1536,
; CHECK: MOVDI2PDIrm [[B]], 4, [[J]], 2304,
; CHECK-NOT: SHL64ri

@IB = internal global [192 x [192 x i32]] zeroinitializer, align 16

define <4 x i32> @f(i64 %k, i64 %j) {
  %k1 = or disjoint i64 %k, 1
  %k2 = or disjoint i64 %k, 2
  %k3 = or disjoint i64 %k, 3
  %p0 = getelementptr inbounds [192 x [192 x i32]], ptr @IB, i64 0, i64 %k, i64 %j
  %p1 = getelementptr inbounds [192 x [192 x i32]], ptr @IB, i64 0, i64 %k1, i64 %j
  %p2 = getelementptr inbounds [192 x [192 x i32]], ptr @IB, i64 0, i64 %k2, i64 %j
  %p3 = getelementptr inbounds [192 x [192 x i32]], ptr @IB, i64 0, i64 %k3, i64 %j
  %a = load i32, ptr %p0
  %b = load i32, ptr %p1
  %c = load i32, ptr %p2
  %d = load i32, ptr %p3
  %v0 = insertelement <4 x i32> poison, i32 %a, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %d, i64 3
  ret <4 x i32> %v3
}
