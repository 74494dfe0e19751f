set -e
if false; then echo no; else echo "else taken"; fi
if ! true; then :; fi
while false; do :; done
until true; do :; done
echo "conditions exempt"
