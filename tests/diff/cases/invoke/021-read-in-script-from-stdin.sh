# read in a script that is itself on stdin takes the script's next line;
# the rest of the script still runs (4 modes: the file and -c read
# /dev/null). dash reads its script ahead (deviations.txt).
read line
data line one
echo "got [$line]"
read a; read b
second
third
echo "[$a][$b]"
