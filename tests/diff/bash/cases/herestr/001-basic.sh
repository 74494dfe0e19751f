cat <<< hello
x='a  b'
cat <<< $x
cat <<< "$x"
read -r one two <<< "1 2"; echo "$two $one"
cat <<<"" | od -An -c
tr a-z A-Z <<< 'quoted $x'
wc -l <<< "$(printf 'a\nb')"
cat <<< *nomatch*
