; ModuleID = 'rcc_ir.2661eb170981d428-cgu.0'
source_filename = "rcc_ir.2661eb170981d428-cgu.0"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@alloc_1e0002781b09054cefc71458c9bcd61f = private unnamed_addr constant [6 x i8] c"\C0\02..\C0\00", align 1

; <rcc_ir::entity::PoolRange as core::fmt::Debug>::fmt
; Function Attrs: nonlazybind uwtable
define noundef zeroext i1 @"_ZN62_$LT$rcc_ir..entity..PoolRange$u20$as$u20$core..fmt..Debug$GT$3fmt17h60a86f45dceacb22E"(ptr noalias noundef readonly align 4 captures(address, read_provenance) dereferenceable(8) %self, ptr noalias noundef readonly align 8 captures(none) dereferenceable(24) %f) unnamed_addr #0 {
start:
  %args = alloca [32 x i8], align 8
  %args1 = getelementptr inbounds nuw i8, ptr %self, i64 4
  call void @llvm.lifetime.start.p0(ptr nonnull %args)
  store ptr %self, ptr %args, align 8
  %_7.sroa.4.0..sroa_idx = getelementptr inbounds nuw i8, ptr %args, i64 8
  store ptr @_RNvXs8_NtNtNtCsgEmfK2I1SDS_4core3fmt3num3impmNtB9_7Display3fmt, ptr %_7.sroa.4.0..sroa_idx, align 8
  %0 = getelementptr inbounds nuw i8, ptr %args, i64 16
  store ptr %args1, ptr %0, align 8
  %_8.sroa.4.0..sroa_idx = getelementptr inbounds nuw i8, ptr %args, i64 24
  store ptr @_RNvXs8_NtNtNtCsgEmfK2I1SDS_4core3fmt3num3impmNtB9_7Display3fmt, ptr %_8.sroa.4.0..sroa_idx, align 8
  %_25.0 = load ptr, ptr %f, align 8, !nonnull !3, !align !4, !noundef !3
  %1 = getelementptr inbounds nuw i8, ptr %f, i64 8
  %_25.1 = load ptr, ptr %1, align 8, !nonnull !3, !align !5, !noundef !3
; call core::fmt::write
  %2 = call noundef zeroext i1 @_RNvNtCsgEmfK2I1SDS_4core3fmt5write(ptr noundef nonnull align 1 %_25.0, ptr noalias noundef nonnull readonly align 8 captures(address, read_provenance) dereferenceable(48) %_25.1, ptr noundef nonnull @alloc_1e0002781b09054cefc71458c9bcd61f, ptr noundef nonnull %args)
  call void @llvm.lifetime.end.p0(ptr nonnull %args)
  ret i1 %2
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; <u32 as core::fmt::Display>::fmt
; Function Attrs: nonlazybind uwtable
declare noundef zeroext i1 @_RNvXs8_NtNtNtCsgEmfK2I1SDS_4core3fmt3num3impmNtB9_7Display3fmt(ptr noalias noundef readonly align 4 captures(address, read_provenance) dereferenceable(4), ptr noalias noundef align 8 dereferenceable(24)) unnamed_addr #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; core::fmt::write
; Function Attrs: nonlazybind uwtable
declare noundef zeroext i1 @_RNvNtCsgEmfK2I1SDS_4core3fmt5write(ptr noundef nonnull align 1, ptr noalias noundef readonly align 8 captures(address, read_provenance) dereferenceable(48), ptr noundef nonnull, ptr noundef nonnull) unnamed_addr #0

attributes #0 = { nonlazybind uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{i32 2, !"RtLibUseGOT", i32 1}
!2 = !{!"rustc version 1.95.0 (59807616e 2026-04-14)"}
!3 = !{}
!4 = !{i64 1}
!5 = !{i64 8}
