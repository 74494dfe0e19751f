for in in in; do echo $in; done
case in in in) echo matched-in;; esac
