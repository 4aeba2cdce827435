%struct.VdbeOp = type { i8, i8, i16, i32, i32, i32, %union.p4union }
%union.p4union = type { ptr }
%struct.Db = type { ptr, ptr, i8, i8, ptr }
@growOp3 = external global i8
@sqlite3VdbeAddParseSchemaOp = external global i8
define internal fastcc void @renameReloadSchema(ptr nocapture noundef readonly %0, i32 noundef %1, i16 noundef zeroext %2) unnamed_addr {
  %4 = getelementptr inbounds i8, ptr %0, i64 16
  %5 = load ptr, ptr %4, align 8
  %6 = icmp eq ptr %5, null
  br i1 %6, label %40, label %7

7:                                                ; preds = %3
  %8 = load ptr, ptr %0, align 8
  %9 = getelementptr inbounds i8, ptr %8, i64 32
  %10 = load ptr, ptr %9, align 8
  %11 = sext i32 %1 to i64
  %12 = getelementptr inbounds %struct.Db, ptr %10, i64 %11, i32 4
  %13 = load ptr, ptr %12, align 8
  %14 = load i32, ptr %13, align 8
  %15 = add i32 %14, 1
  %16 = getelementptr inbounds i8, ptr %5, i64 144
  %17 = load i32, ptr %16, align 8
  %18 = getelementptr inbounds i8, ptr %5, i64 148
  %19 = load i32, ptr %18, align 4
  %20 = icmp sgt i32 %19, %17
  br i1 %20, label %23, label %21

21:                                               ; preds = %7
  %22 = tail call fastcc i32 @growOp3(ptr noundef nonnull %5, i32 noundef 101, i32 noundef %1, i32 noundef 1, i32 noundef %15)
  br label %35

23:                                               ; preds = %7
  %24 = add nsw i32 %17, 1
  store i32 %24, ptr %16, align 8
  %25 = getelementptr inbounds i8, ptr %5, i64 136
  %26 = load ptr, ptr %25, align 8
  %27 = sext i32 %17 to i64
  %28 = getelementptr inbounds %struct.VdbeOp, ptr %26, i64 %27
  store i8 101, ptr %28, align 8
  %29 = getelementptr inbounds i8, ptr %28, i64 2
  store i16 0, ptr %29, align 2
  %30 = getelementptr inbounds i8, ptr %28, i64 4
  store i32 %1, ptr %30, align 4
  %31 = getelementptr inbounds i8, ptr %28, i64 8
  store i32 1, ptr %31, align 8
  %32 = getelementptr inbounds i8, ptr %28, i64 12
  store i32 %15, ptr %32, align 4
  %33 = getelementptr inbounds i8, ptr %28, i64 16
  store ptr null, ptr %33, align 8
  %34 = getelementptr inbounds i8, ptr %28, i64 1
  store i8 0, ptr %34, align 1
  br label %35

35:                                               ; preds = %21, %23
  %36 = load ptr, ptr %4, align 8
  tail call fastcc void @sqlite3VdbeAddParseSchemaOp(ptr noundef %36, i32 noundef %1, ptr noundef null, i16 noundef zeroext %2)
  %37 = icmp eq i32 %1, 1
  br i1 %37, label %40, label %38

38:                                               ; preds = %35
  %39 = load ptr, ptr %4, align 8
  tail call fastcc void @sqlite3VdbeAddParseSchemaOp(ptr noundef %39, i32 noundef 1, ptr noundef null, i16 noundef zeroext %2)
  br label %40

40:                                               ; preds = %35, %38, %3
  ret void
}
