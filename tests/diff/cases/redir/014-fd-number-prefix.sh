echo a 1>f
cat 0<f
ls /nonexistent-dir-xyz 2>f >/dev/null
[ -s f ] && echo "stderr went to file"
