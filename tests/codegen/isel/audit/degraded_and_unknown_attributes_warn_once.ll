; Attributes rcc does not implement but whose absence keeps the output
; correct, and names it does not know, are one warning per message
; naming the first function and how many others; the code is written.
; Attributes without a code-generation effect on x86-64 (facts, hints,
; other targets' attributes) and implemented ones pass without a word.
; RUN: rcc-par -O2 -filetype=null %s -o - 2>&1 | FileCheck %s
; RUN: rcc-par -O2 -filetype=asm %s -o - | FileCheck %s --check-prefix=ASM
; CHECK-NOT: in function 'quiet'
; CHECK: warning: in function 'a' (and 1 other functions): attribute 'nonlazybind' is ignored: calls go through the PLT
; CHECK-NOT: in function 'quiet'
; CHECK: warning: in function 'b': attribute "a-newer-llvm-attribute"="1" is not known to rcc (a newer LLVM's?) and is ignored
; CHECK-NOT: in function 'quiet'
; CHECK: warning: in function 'b': attribute 'some_new_keyword' is not known to rcc
; CHECK-NOT: warning
; ASM-LABEL: {{^}}a:
; ASM-LABEL: {{^}}b:
; ASM-LABEL: {{^}}quiet:
target triple = "x86_64-unknown-linux-gnu"

define i32 @a(i32 %x) #0 {
  ret i32 %x
}

define i32 @b(i32 %x) #1 {
  ret i32 %x
}

define noundef zeroext i8 @quiet(ptr noalias nocapture noundef nonnull readonly align 4 dereferenceable(4) %p, i32 inreg range(i32 0, 5) %k) #2 {
  %v = load i8, ptr %p, align 4, !tbaa !1, !noundef !3
  ret i8 %v
}

attributes #0 = { "probe-stack"="inline-asm" nonlazybind }
attributes #1 = { "probe-stack"="inline-asm" nonlazybind "a-newer-llvm-attribute"="1" some_new_keyword }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "sign-return-address"="none" "zero-call-used-regs"="skip" }

!llvm.module.flags = !{!5, !6, !7, !8}
!1 = !{!2, !2, i64 0}
!2 = !{!"omnipotent char", !4, i64 0}
!3 = !{}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 8, !"PIC Level", i32 2}
!7 = !{i32 7, !"PIE Level", i32 2}
!8 = !{i32 7, !"uwtable", i32 2}
