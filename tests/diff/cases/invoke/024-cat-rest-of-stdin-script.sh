read x
skipped
cat
echo this line is data for cat
