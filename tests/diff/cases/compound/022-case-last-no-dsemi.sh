case x in
	y) echo y ;;
	x) echo x-last
esac
case z in z) echo oneline
esac
