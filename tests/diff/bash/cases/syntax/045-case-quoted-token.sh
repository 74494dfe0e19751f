# a case pattern with a quoted word where ) is due
case x in a "b") echo b;; esac
echo after
