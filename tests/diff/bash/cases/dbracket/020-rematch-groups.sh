# BASH_REMATCH is an array: the whole match, then each group ("" for one
# that took no part); empty after a failed match
[[ a =~ b ]]; declare -p BASH_REMATCH
[[ abc =~ a(x)?(b)(c) ]]; declare -p BASH_REMATCH
echo "$BASH_REMATCH|${BASH_REMATCH[2]}|${#BASH_REMATCH[@]}"
[[ 'path/to/file.txt' =~ ^(.*)/([^/]+)\.txt$ ]] && echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
for v in 1.2.3 10.0 x; do
	if [[ $v =~ ^([0-9]+)\.([0-9]+)(\.([0-9]+))?$ ]]; then
		echo "$v: ${BASH_REMATCH[1]} ${BASH_REMATCH[2]} [${BASH_REMATCH[4]}]"
	else
		echo "$v: no (${#BASH_REMATCH[@]})"
	fi
done
