# TIMEFORMAT: precision, long form, %%, a literal trailing %
TIMEFORMAT='r=%0R u=%0U s=%0S l=%0lR %% end'
time true
TIMEFORMAT='%1R|%2R|%3R|%9R' ; { time true; } 2>&1 | tr 0-9 N
TIMEFORMAT='%lR %2lU' ; { time true; } 2>&1 | tr 0-9 N
TIMEFORMAT='%P' ; { time true; } 2>&1 | sed 's/^[0-9]*\.[0-9][0-9]$/P/'
TIMEFORMAT='tail%'; time true
TIMEFORMAT=; time echo quiet
unset TIMEFORMAT; { time true; } 2>&1 | tr 0-9 N
