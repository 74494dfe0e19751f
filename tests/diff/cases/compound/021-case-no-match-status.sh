false
case x in y) echo no ;; esac
echo "status $?"
case x in x) sh -c 'exit 5' ;; esac
echo "status $?"
