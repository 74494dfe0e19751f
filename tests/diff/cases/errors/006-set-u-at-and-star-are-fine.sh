set -u
set --
echo "[$@] [$*] $#"
for i in "$@"; do echo never; done
echo ok
