case '' in '') echo empty-matches-empty ;; esac
case x in *) ;; esac
echo "status $?"
x=
case $x in "") echo empty-var ;; esac
