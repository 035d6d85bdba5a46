#!/bin/sh
# The shell `npm test` runs every package script and its own steps with (pnpm's script-shell,
# set by scripts/run.mjs): it runs the script as sh does, then writes one line for
# scripts/test-times.mjs into $COMMERCE_TASK_TIMES: what ran (a step's name, else
# package#script), its start and end (ms), and the CPU its processes used (`times`: the user and
# system seconds of every process it waited for, its whole tree), and its depth: 0 for a step
# of run.mjs, 1 for a script a step ran (a turbo task), 2 and more for scripts a script ran; and
# the step it belongs to.
depth="${COMMERCE_TASK_DEPTH:-0}"
export COMMERCE_TASK_DEPTH=$((depth + 1))
what="${COMMERCE_STEP:-${npm_package_name:-?}#${npm_lifecycle_event:-?}}"
unset COMMERCE_STEP
# The step every deeper record belongs to (steps may run side by side).
if [ "$depth" = 0 ]; then export COMMERCE_TASK_STEP="$what"; fi
start=$(date +%s%3N)
/bin/sh "$@"
status=$?
end=$(date +%s%3N)
if [ -n "$COMMERCE_TASK_TIMES" ] && [ -d "$COMMERCE_TASK_TIMES" ]; then
  # `times` prints the shell's own user and system time, then its children's (the second line).
  # It runs in this shell, not in a pipe's subshell, which would count nothing.
  line="$COMMERCE_TASK_TIMES/$start-$$.tsv"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t' "$what" "$start" "$end" "$status" "$depth" "${COMMERCE_TASK_STEP:-}" > "$line"
  times >> "$line"
fi
exit $status
