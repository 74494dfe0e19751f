[[ 'a+b' =~ a\+b ]] && echo plus-escaped
[[ 'a+b' =~ "a+b" ]] && echo plus-quoted
[[ aab =~ a+b ]] && echo plus-re
[[ 'x$y' =~ '$y' ]] && echo dollar-quoted
[[ 'a|b' =~ "|" ]] && echo bar-quoted
[[ 'a(b)' =~ \(b\) ]] && echo parens-escaped
[[ '[x]' =~ "[x]" ]] && echo brackets-quoted
[[ 'path/to/file.txt' =~ ^(.*)/([^/]+)\.txt$ ]] && echo "$BASH_REMATCH"
s='*'; [[ 'a*' =~ "$s" ]] && echo star-var-quoted
[[ x =~ ^[[:alpha:]]$ ]] && echo class
