# expect: status=2 stderr=y: parameter not set
set -u
echo $y
