%struct.BenignMallocHooks = type { void ()*, void ()* }
@sqlite3Hooks = external global i8
define internal void @sqlite3EndBenignMalloc() {
  %1 = load void ()*, void ()** getelementptr inbounds (%struct.BenignMallocHooks, %struct.BenignMallocHooks* @sqlite3Hooks, i32 0, i32 1), align 8
  %2 = icmp ne void ()* %1, null
  br i1 %2, label %3, label %5

3:                                                ; preds = %0
  %4 = load void ()*, void ()** getelementptr inbounds (%struct.BenignMallocHooks, %struct.BenignMallocHooks* @sqlite3Hooks, i32 0, i32 2), align 8
  call void %4()
  br label %5

5:                                                ; preds = %3, %0
  ret void
}
