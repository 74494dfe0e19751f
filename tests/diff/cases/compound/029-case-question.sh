for w in a ab abc; do
	case $w in ?) echo "$w: one" ;; ??) echo "$w: two" ;; *) echo "$w: more" ;; esac
done
