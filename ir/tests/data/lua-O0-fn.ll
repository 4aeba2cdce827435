%struct.CallInfo = type { %union.StkIdRel, %union.StkIdRel, ptr, ptr, %union.anon, %union.anon.1, i16, i16 }
%union.anon.1 = type { i32 }
%union.anon = type { %struct.anon.0 }
%struct.anon.0 = type { ptr, i64, i64 }
%union.StkIdRel = type { ptr }
%struct.lua_State = type { ptr, i8, i8, i8, i8, i16, %union.StkIdRel, ptr, ptr, %union.StkIdRel, %union.StkIdRel, ptr, %union.StkIdRel, ptr, ptr, ptr, %struct.CallInfo, ptr, i64, i32, i32, i32, i32, i32 }
@luaE_extendCI = external global i8
define internal ptr @prepCallInfo(ptr noundef %0, ptr noundef %1, i32 noundef %2, i32 noundef %3, ptr noundef %4) {
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca ptr, align 8
  %11 = alloca ptr, align 8
  store ptr %0, ptr %6, align 8
  store ptr %1, ptr %7, align 8
  store i32 %2, ptr %8, align 4
  store i32 %3, ptr %9, align 4
  store ptr %4, ptr %10, align 8
  %12 = load ptr, ptr %6, align 8
  %13 = getelementptr inbounds %struct.lua_State, ptr %12, i32 0, i32 8
  %14 = load ptr, ptr %13, align 8
  %15 = getelementptr inbounds %struct.CallInfo, ptr %14, i32 0, i32 3
  %16 = load ptr, ptr %15, align 8
  %17 = icmp ne ptr %16, null
  br i1 %17, label %18, label %24

18:                                               ; preds = %5
  %19 = load ptr, ptr %6, align 8
  %20 = getelementptr inbounds %struct.lua_State, ptr %19, i32 0, i32 8
  %21 = load ptr, ptr %20, align 8
  %22 = getelementptr inbounds %struct.CallInfo, ptr %21, i32 0, i32 3
  %23 = load ptr, ptr %22, align 8
  br label %27

24:                                               ; preds = %5
  %25 = load ptr, ptr %6, align 8
  %26 = call ptr @luaE_extendCI(ptr noundef %25, i32 noundef 1)
  br label %27

27:                                               ; preds = %24, %18
  %28 = phi ptr [ %23, %18 ], [ %26, %24 ]
  %29 = load ptr, ptr %6, align 8
  %30 = getelementptr inbounds %struct.lua_State, ptr %29, i32 0, i32 8
  store ptr %28, ptr %30, align 8
  store ptr %28, ptr %11, align 8
  %31 = load ptr, ptr %7, align 8
  %32 = load ptr, ptr %11, align 8
  %33 = getelementptr inbounds %struct.CallInfo, ptr %32, i32 0, i32 0
  store ptr %31, ptr %33, align 8
  %34 = load i32, ptr %8, align 4
  %35 = trunc i32 %34 to i16
  %36 = load ptr, ptr %11, align 8
  %37 = getelementptr inbounds %struct.CallInfo, ptr %36, i32 0, i32 6
  store i16 %35, ptr %37, align 4
  %38 = load i32, ptr %9, align 4
  %39 = trunc i32 %38 to i16
  %40 = load ptr, ptr %11, align 8
  %41 = getelementptr inbounds %struct.CallInfo, ptr %40, i32 0, i32 7
  store i16 %39, ptr %41, align 2
  %42 = load ptr, ptr %10, align 8
  %43 = load ptr, ptr %11, align 8
  %44 = getelementptr inbounds %struct.CallInfo, ptr %43, i32 0, i32 1
  store ptr %42, ptr %44, align 8
  %45 = load ptr, ptr %11, align 8
  ret ptr %45
}
