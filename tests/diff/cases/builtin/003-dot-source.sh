echo 'sourced_var=hello; echo "in sourced file"' > lib.sh
. ./lib.sh
echo "$sourced_var"
