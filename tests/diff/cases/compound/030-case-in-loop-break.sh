for x in 1 2 3 4; do
	case $x in 3) break ;; esac
	echo $x
done
