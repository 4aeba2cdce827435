#!/usr/bin/env bash
# rustc's linker for scripts/rust-difftest.sh (`-C linker=... -C
# linker-flavor=gcc`): replaces the program's codegen-unit object
# (`*-cgu.0.rcgu.o`; the build uses codegen-units=1) by rcc-par's object for
# the same module, $RCC_LL, then links with cc exactly as rustc asked.
# Environment: RCC (rcc-par), RCC_LL (the module), RCC_OPT (0..3), RCC_OBJ
# (where the object goes), RCC_LOG (rcc-par's stderr).
set -euo pipefail
args=()
replaced=0
for a in "$@"; do
    if [[ $a == *-cgu.0.rcgu.o ]]; then
        if ! "$RCC" -O"$RCC_OPT" -filetype=obj "$RCC_LL" -o "$RCC_OBJ" 2>"$RCC_LOG"; then
            echo "rcc-par failed on $RCC_LL (see $RCC_LOG)" >&2
            exit 1
        fi
        args+=("$RCC_OBJ")
        replaced=1
    else
        args+=("$a")
    fi
done
if ((replaced == 0)); then
    echo "rcc-rustc-link: no *-cgu.0.rcgu.o among the linker arguments" >&2
    exit 1
fi
exec cc "${args[@]}"
