# A Skylake core running a memory-bound loop, per second. The counts are
# raw: perf-mini applies sysfs .scale (total-slots x2, recovery-bubbles x4).
# With the scales: 8e9 slots, 1.6e9 retired (20% retiring), 2e9 issued,
# 0.6e9 recovery (bad speculation (2e9-1.6e9+0.6e9)/8e9 = 12.5%),
# 1.2e9 fetch bubbles (15% frontend bound): backend bound 52.5%.
topdown-total-slots         4000000000
topdown-slots-retired       1600000000
topdown-slots-issued        2000000000
topdown-recovery-bubbles     150000000
topdown-fetch-bubbles       1200000000
