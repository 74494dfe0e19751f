echo before
case x in
	x) echo never ;;
