# bash's layout: columns filling COLUMNS, numbers right-aligned, tabs
COLUMNS=40
select x in $(seq 1 30); do echo "$x"; break; done <<< 12
COLUMNS=20
select x in alpha beta gamma delta epsilon zeta eta theta iota kappa; do
	break
done </dev/null
COLUMNS=0
select x in a bb ccc; do break; done <<< x
echo "$x|$REPLY"
