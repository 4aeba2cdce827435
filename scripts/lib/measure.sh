# Sourced by the bench scripts: repeated whole-process measurement.
# Needs $runs set and GNU time at /usr/bin/time.
measure_tmp=$(mktemp)
trap 'rm -f "$measure_tmp"' EXIT

# The median of the numbers on standard input.
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Runs the command $runs times; prints "median_seconds median_peak_kb".
# Wall time comes from bash's microsecond clock (GNU time's %e has only
# 10 ms resolution); it includes starting /usr/bin/time, about 1 ms.
measure() {
  local t=() m=() t0 t1
  for _ in $(seq "$runs"); do
    t0=$EPOCHREALTIME
    /usr/bin/time -f "%M" -o "$measure_tmp" "$@" > /dev/null 2>&1
    t1=$EPOCHREALTIME
    t+=("$(awk "BEGIN {printf \"%.4f\", $t1 - $t0}")"); m+=("$(tail -1 "$measure_tmp")")
  done
  echo "$(printf '%s\n' "${t[@]}" | median) $(printf '%s\n' "${m[@]}" | median)"
}

# a / b with three decimals.
ratio() { awk "BEGIN {printf \"%.3f\", $1 / $2}"; }
