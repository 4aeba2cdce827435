; Function headers: sections (.text, comdat .text.<name>, explicit,
; !section_prefix, llvm.used), linkage, visibility, alignment (16, none
; under optsize, explicit), $local aliases (PIC without PIE), prefix data.
; Every body is `ret void`, emitted by the test as one `retq`; "tune-cpu"
; gives the 15-byte no-ops rcc's MC layer pads with.
source_filename = "headers.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$cf = comdat any

@data = global i32 1, section "foo", align 4
@fp = global ptr @internal, align 8
@llvm.used = appending global [1 x ptr] [ptr @kept], section "llvm.metadata"

define void @plain() #0 { ret void }
define internal void @internal() #0 { ret void }
define hidden void @hidden() #0 { ret void }
define protected void @protected() #0 { ret void }
define weak void @weak() #0 { ret void }
define weak_odr void @weak_odr() #0 { ret void }
define linkonce_odr void @cf() #0 comdat { ret void }
define void @insec() #0 section "foo" { ret void }
define void @insec2() #0 section "bar" align 2 { ret void }
define void @align64() #0 align 64 { ret void }
define void @small() #1 { ret void }
define void @small8() #1 align 8 { ret void }
define dso_local void @local() #0 { ret void }
define void @cold() #0 !section_prefix !1 { ret void }
define void @hot() #0 !section_prefix !2 { ret void }
define void @kept() #0 { ret void }
define void @prefixed() #0 prefix i32 305419896 { ret void }
define private void @priv() #0 { ret void }
@pp = global ptr @priv, align 8

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIC Level", i32 2}
!1 = !{!"function_section_prefix", !"unlikely"}
!2 = !{!"function_section_prefix", !"hot"}

attributes #0 = { nounwind "target-cpu"="x86-64" "tune-cpu"="generic" }
attributes #1 = { nounwind optsize "target-cpu"="x86-64" "tune-cpu"="generic" }
