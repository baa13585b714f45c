#!/bin/sh
# From `report -D` output keep "offset size type" of each record line
# ("[cpu ][time ]0xOFF [0xSIZE]: PERF_RECORD_X ..."; offset 0 prints as "0").
sed -n 's/^\(-\{0,1\}[0-9]* \)*\(0x[0-9a-f]*\|0\) \[\(0x[0-9a-f]*\)\]: \(PERF_RECORD_[A-Z_0-9]*\).*/\2 \3 \4/p'
