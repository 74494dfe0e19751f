x=aXbXc
echo ${x#*X} ${x##*X} ${x%X*} ${x%%X*}
y=abcabc
echo ${y#?} ${y%??} ${y#[ab]} ${y%[!a]}
