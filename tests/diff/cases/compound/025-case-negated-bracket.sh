for w in a Z 5 -; do
	case $w in
		[!a-z]) echo "$w: not lower" ;;
		*) echo "$w: lower" ;;
	esac
done
case ']' in []]) echo bracket-first ;; esac
case '-' in [a-]) echo dash-last ;; esac
