mkdir d && cd d && touch .h a b c.txt
echo .* *
shopt -s nullglob; echo [*.none] x; for f in *.none; do echo in; done; printf '<%s>\n' *.none "*.none"
shopt -s dotglob; echo *; echo .*; echo *.txt
shopt -u nullglob dotglob; echo *.none
shopt nullglob dotglob
