# a bad TIMEFORMAT character: a message instead of the report
TIMEFORMAT='%x'
time true; echo "st $?"
TIMEFORMAT='%3lQ'
time echo still-runs
TIMEFORMAT='%0R'
time sh -c "exit 4"; echo "st $?"
