# command -v and -V take several names and fail only if none is found
PATH=/usr/bin:/bin
command -v ls cd missing-sbxsh-cmd
echo "v: $?"
command -v missing-a missing-b
echo "none: $?"
command -V missing-sbxsh-cmd ls cd
echo "V: $?"
