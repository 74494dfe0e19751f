case $(case 1 in 1) echo one;; esac) in
	one) echo nested-ok ;;
esac
