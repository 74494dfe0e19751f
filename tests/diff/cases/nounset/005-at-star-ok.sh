set -u
set --
echo "[$@]" "[$*]" "$#"
