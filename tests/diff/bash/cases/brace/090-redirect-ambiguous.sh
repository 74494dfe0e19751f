# a redirection's target is brace-expanded: more than one word is an
# ambiguous redirect (nothing created), a quoted brace is a file name
cd "$(mktemp -d)" || exit 1
echo hi > {a,b}
echo "st=$?"
echo hi 2> e{,}
echo "st=$?"
echo hi > "{q,r}"
echo "st=$?"
ls
