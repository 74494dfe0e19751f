# time covers the whole pipeline; ! and time combine; status passes through
TIMEFORMAT='[%0R]'
time echo a | tr a b
time true | false; echo "st $?"
time ! true; echo "st $?"
! time false; echo "st $?"
time for i in 1 2 3; do echo "$i"; done
time { echo grp; false; }; echo "st $?"
time ( exit 3 ); echo "st $?"
f() { time "$@"; }
f echo from-f
time
x=$( { time echo inner; } 2>&1 ); echo "$x"
