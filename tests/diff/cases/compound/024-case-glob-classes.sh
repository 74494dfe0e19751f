for w in abc ABC 123 a1 _x ' '; do
	case $w in
		[[:lower:]]*[[:digit:]]) echo "$w: lower..digit" ;;
		[[:alpha:]][[:alpha:]]*) echo "$w: alpha" ;;
		[[:digit:]]*) echo "$w: digit" ;;
		[[:space:]]) echo "[$w]: space" ;;
		*) echo "$w: other" ;;
	esac
done
