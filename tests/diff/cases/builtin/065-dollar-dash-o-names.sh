set -o errexit -o nounset
echo "$-"
set +o nounset
echo "$-"
set -o noclobber -o allexport
echo "$-"
