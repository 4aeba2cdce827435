# Sourced by the bench scripts: repeated whole-process measurement.
# Needs $runs set and GNU time at /usr/bin/time.
measure_tmp=$(mktemp)
trap 'rm -f "$measure_tmp"' EXIT

# The median of the numbers on standard input.
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Runs the command $runs times; prints "median_seconds median_peak_kb".
measure() {
  local t=() m=() out
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$measure_tmp" "$@" > /dev/null 2>&1
    out=$(tail -1 "$measure_tmp")
    t+=("${out% *}"); m+=("${out#* }")
  done
  echo "$(printf '%s\n' "${t[@]}" | median) $(printf '%s\n' "${m[@]}" | median)"
}

# a / b with three decimals.
ratio() { awk "BEGIN {printf \"%.3f\", $1 / $2}"; }
