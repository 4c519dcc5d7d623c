#!/bin/sh
# Hadoop Streaming mapper: audits the records of this input split (one record a line on standard input) and
# writes each audit line behind a sort key made of the split's byte offset and the line's position in it, so the
# shuffle brings every record back into input order for the one reducer. Streaming exports the split's start as
# $mapreduce_map_input_start (older Hadoop: $map_input_start). The binary is shipped with -files.
start=${mapreduce_map_input_start:-${map_input_start:-0}}
status_file=$(mktemp)
{ ./appreceipt audit --records - --jobs 1; echo $? > "$status_file"; } |
    awk -v start="$start" '{ printf "%020d.%012d\t%s\n", start, NR, $0 }'
status=$(cat "$status_file")
rm -f "$status_file"
# audit exits 1 when a record is not valid or carries a signal: an answer, not a failed task.
[ "$status" -le 1 ]
