case hello in
	hello) echo matched ;;
	*) echo default ;;
esac
case other in hello) echo no ;; *) echo default ;; esac
