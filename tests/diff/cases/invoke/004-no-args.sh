echo "$#"
for a in "$@"; do echo never; done
echo "[$*]"
