for i in 1 2; do
	if [ $i = 1 ]; then
		echo one
	else
		echo other
	fi
done
case x in
	x) echo x ;;
esac
