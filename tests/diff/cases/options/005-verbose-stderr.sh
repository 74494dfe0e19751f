set -v
echo shown
set +v
