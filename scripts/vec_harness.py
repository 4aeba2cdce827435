"""The harness shared by the vector test generators (vecgen.py,
vecbuild.py): `@dump` hashes and clears the 256-byte output buffer @O and
prints the hash with the test's number; `main` calls each test function
on @A, @B and @O, then `@dump`. The generators define @A, @B, @O and
@fmt (`"%d %08x\\n"`) and declare printf."""

DUMP = '''define void @dump(i32 %k) noinline {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i2, %loop ]
  %h = phi i32 [ 0, %entry ], [ %h3, %loop ]
  %p = getelementptr i8, ptr @O, i64 %i
  %b = load i8, ptr %p, align 1
  store i8 0, ptr %p, align 1
  %bz = zext i8 %b to i32
  %h1 = mul i32 %h, 31
  %h3 = add i32 %h1, %bz
  %i2 = add i64 %i, 1
  %d = icmp eq i64 %i2, 256
  br i1 %d, label %exit, label %loop
exit:
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %k, i32 %h3)
  ret void
}
'''


def print_dump_and_main(names):
    """Prints `@dump` and a `main` running the test functions `names`."""
    print(DUMP)
    print('define i32 @main() {')
    for k, name in enumerate(names):
        print(f'  call void @{name}(ptr @A, ptr @B, ptr @O)')
        print(f'  call void @dump(i32 {k})')
    print('  ret i32 0')
    print('}')
