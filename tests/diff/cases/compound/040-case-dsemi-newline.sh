case x in
	x)
		echo first
		;;
	*)
		echo second
		;;
esac
