f="sp ace"
echo ok > $f
cat "sp ace"
