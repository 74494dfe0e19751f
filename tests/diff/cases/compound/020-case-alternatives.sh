for w in apple banana cherry date; do
	case $w in
		apple|banana) echo "$w: a or b" ;;
		c*|d*) echo "$w: c or d" ;;
	esac
done
