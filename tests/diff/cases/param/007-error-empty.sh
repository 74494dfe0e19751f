e=
(: "${e:?empty}") 2>/dev/null
echo "colon form fails on empty: $?"
(: "${e?empty}") 2>/dev/null
echo "plain form ok on empty: $?"
