# >&word with a word that is neither digits nor -: dash's syntax error.
echo before
echo hi >&not_a_number 2>/dev/null
echo not reached
